"""Entrants' names as people read them. A computer registered without a name is called
after its level in the ledger (`medium`, `medium 2`: ids, the same in every language);
pages show it as "computer (medium) 2" in the reader's language ("Computer (mittel) 2")."""

from __future__ import annotations

import re

from spieltisch.agents.names import level_name
from spieltisch.tournament.messages import _


def shown_name(name: str, level: str | None) -> str:
    """`name` as a page shows it: a computer's automatic name in words, any other name
    (a person's, or one the director gave a computer) as it is."""
    if level is None:
        return name
    found = re.fullmatch(rf"{re.escape(level)}(?: (\d+))?", name)
    if found is None:
        return name
    words = _("computer ({level})").format(level=level_name(level))
    return f"{words} {found.group(1)}" if found.group(1) else words
