"""The move log's widget: each entry wrapped once for a width, and its lines kept.

The log shows its latest entries; after a step one entry is new and the others are as
they were. A `Static` with all of them in one text wraps every line again for each
picture and again to measure its height; here an entry's lines are drawn once for a
width and given again until the width or the colours change.

The lines are the same as a `Static`'s with the entries one per line. What differs is
invisible: each entry's lines count their rows from the entry, not from the top, which
only a mouse selection would read, so the log offers none (the app's Ctrl+C quits and
keeps the game; nothing could copy a selection).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from spieltisch.cli.tui.unlinked import Unlinked


class LogLines(Visual):
    """Entries shown one under the other, each entry's lines kept per way of drawing."""

    def __init__(self, entries: Sequence[Content], before: LogLines | None = None) -> None:
        self.entries = list(entries)
        shown = {id(entry) for entry in self.entries}
        kept = before._drawn if before is not None else {}
        self._drawn: dict[int, tuple[Content, Hashable, list[Strip]]] = {
            key: drawn for key, drawn in kept.items() if key in shown
        }  # by the entry's identity; each value holds its entry, so no id is reused

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        if not self.entries or options.selection is not None:
            return self._joined().render_strips(width, height, style, options)
        rule = options.rules.get
        how = (
            width,
            style,
            rule("text_align", "left"),
            rule("text_overflow", "fold"),
            rule("text_wrap", "wrap"),
            rule("line_pad", 0),
            options.post_style,
        )
        strips: list[Strip] = []
        for entry in self.entries:
            drawn = self._drawn.get(id(entry))
            if drawn is None or drawn[1] != how:
                lines = entry.render_strips(width, None, style, options)
                drawn = (entry, how, lines)
                self._drawn[id(entry)] = drawn
            strips.extend(drawn[2])
            if height is not None and len(strips) >= height:
                break
        return strips if height is None else strips[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        if not self.entries:
            return self._joined().get_optimal_width(rules, container_width)
        return max(entry.get_optimal_width(rules, container_width) for entry in self.entries)

    def get_minimal_width(self, rules: RulesMap) -> int:
        if not self.entries:
            return self._joined().get_minimal_width(rules)
        return max(entry.get_minimal_width(rules) for entry in self.entries)

    def get_height(self, rules: RulesMap, width: int) -> int:
        if not self.entries:
            return self._joined().get_height(rules, width)
        return sum(entry.get_height(rules, width) for entry in self.entries)

    def _joined(self) -> Content:
        return Content("\n").join(self.entries)

    @property
    def plain(self) -> str:
        return self._joined().plain


class LogView(Unlinked):
    """The log: `show` the entries' texts, the newest last."""

    ALLOW_SELECT = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines = LogLines([])
        self._contents: dict[int, tuple[Text, Content]] = {}

    def show(self, texts: Sequence[Text]) -> None:
        """Show these lines; a `Text` shown before (the same object) is not converted
        or wrapped again."""
        contents: dict[int, tuple[Text, Content]] = {}
        for text in texts:
            known = self._contents.get(id(text))
            contents[id(text)] = known or (
                text,
                Content.from_rich_text(text, console=self.app.console),
            )
        self._contents = contents
        self._lines = LogLines([contents[id(text)][1] for text in texts], self._lines)
        self.update(self._lines)

    @property
    def plain(self) -> str:
        """The log as plain text, one entry per line."""
        return self._lines.plain
