"""A `Static` for text without links: the board, the side panel, the log, the key bar.

Textual looks for a clickable link in every piece of every line of a widget each time
it draws it (reading the piece's metadata, which text drawn by Textual always has).
Nothing the table shows is a link, so these widgets skip the search.
"""

from __future__ import annotations

from textual.widgets import Static


class Unlinked(Static):
    """A `Static` whose content has no links."""

    def on_mount(self) -> None:
        self.auto_links = False
