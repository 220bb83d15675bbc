"""A seat's name as every screen writes it: its colour where the game's seats have one.

The board, the side panel, the log and the results all name a seat the same way, so
a person never has to match "Player 1" on the board with "Red (you)" beside it.
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.messages import _
from spieltisch.core.protocol import Game
from spieltisch.core.registry import parts


def capitalised(name: str) -> str:
    """`red, blue` → `Red, Blue`: colours written as names, like "Player 2"."""
    return ", ".join(part[:1].upper() + part[1:] for part in name.split(", "))


def seat_name(game: Game[Any], seat: int) -> str | None:
    """The seat by its colour (or its pieces' colours) in the current language, as a
    name (`Red`, `Red, blue`); None where the game's seats have no colour."""
    label = parts(game).seat_label
    return None if label is None else capitalised(label(game, seat))


def seat_mark(game: Game[Any], seat: int) -> str:
    """What tells a seat apart on every screen, whoever plays it: its colour (`Red`),
    else its number (`Player 2`), in the current language. The web table writes
    "mark · who" with it ("Yellow · computer (easy)"), so no two seats read alike."""
    return seat_name(game, seat) or _("Player {number}").format(number=seat + 1)
