"""A move as places on a text board: where pieces left and where they arrived.

A game's text module names its board's places (`places(view)`: each place and the
pieces on it, see `game_parts.Places`). A move's marks are the difference between the
places before and after it, as the web table finds them from two pictures, so one rule
serves every game and every kind of step: a person's move, the computer's, a die that
moves a turtle. Pieces that only appear (a deal, the set-up) or only go make no move.

The text board draws the last move underlined and a move not yet played (the one
highlighted in the list of moves) in reverse, so that both can show at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

PlacesOf = Callable[[Any], Mapping[str, Sequence[str]]]
"""`text.places(view)`: every place of the board and the pieces standing on it."""

LAST_STYLE = "underline"
"""The last move's places: underlined, which keeps the piece's own colours."""
PREVIEW_STYLE = "reverse"
"""The highlighted move's places, before it is played: the colours swapped."""


@dataclass(frozen=True)
class Marks:
    """The places a move takes pieces from (`left`) and brings pieces to (`arrived`)."""

    left: frozenset[str]
    arrived: frozenset[str]

    @property
    def places(self) -> frozenset[str]:
        return self.left | self.arrived


def moved(before: Mapping[str, Sequence[str]], after: Mapping[str, Sequence[str]]) -> Marks | None:
    """The places that lost pieces and those that gained some between two positions;
    None unless pieces both left and arrived (nothing moved, or a deal or set-up)."""
    left: set[str] = set()
    arrived: set[str] = set()
    for place in before.keys() | after.keys():
        was = Counter(before.get(place, ()))
        now = Counter(after.get(place, ()))
        if was - now:
            left.add(place)
        if now - was:
            arrived.add(place)
    if not left or not arrived:
        return None
    return Marks(frozenset(left), frozenset(arrived))


def step_marks(places: PlacesOf, before: Any, after: Any, seat: int | None = None) -> Marks | None:
    """The marks of the step from state `before` to state `after`, as `seat` sees them."""
    return moved(places(before.view(seat)), places(after.view(seat)))


def preview_marks(places: PlacesOf, state: Any, move: str, seat: int | None) -> Marks | None:
    """Where `move` would take pieces from and to, shown to `seat` before it is played;
    None for a move that moves nothing by itself (a roll: the die decides)."""
    after = state.clone()
    after.apply(move)
    return step_marks(places, state, after, seat)


@dataclass(frozen=True)
class BoardMarks:
    """What a text board marks: the last move, and the move highlighted in the list."""

    last: Marks | None = None
    preview: Marks | None = None

    def style(self, place: str) -> str:
        """The style added to a place's own ("" when the place is not marked)."""
        styles = []
        if self.last is not None and place in self.last.places:
            styles.append(LAST_STYLE)
        if self.preview is not None and place in self.preview.places:
            styles.append(PREVIEW_STYLE)
        return " ".join(styles)

    def styled(self, style: str, place: str) -> str:
        """`style` with the place's marks added."""
        added = self.style(place)
        return f"{style} {added}".strip() if added else style


NO_MARKS = BoardMarks()
