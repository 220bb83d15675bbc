"""The key bar at the foot of the play app: each key with what it does, never shortened.

Textual's footer gives every key an equal column and cuts a long label to its key
("F5 noch eine Partie" became "F5") at 80 columns; this bar writes the keys one after
the other and wraps between two keys, never inside one.
"""

from __future__ import annotations

from rich.text import Text

from spieltisch.core.i18n import unbroken


def key_bar(keys: list[tuple[str, str]]) -> Text:
    """`F1 rules  F2 hint …`: the key highlighted, its label after it, two spaces between."""
    text = Text(no_wrap=False, overflow="fold")
    for index, (key, label) in enumerate(keys):
        if index:
            text.append("  ")
        text.append(key, style="bold reverse")
        text.append(unbroken(f" {label}"))
    return text
