"""Mabula moves and chance outcomes in words, in the current language."""

from __future__ import annotations

from functools import lru_cache

from spieltisch.core import IllegalMove
from spieltisch.games.mabula.geometry import SIZE, cell_of, square_at
from spieltisch.games.mabula.messages import _, _n
from spieltisch.games.mabula.rules import MabulaGame, MabulaState


@lru_cache(maxsize=1024)
def _line(source: str, target: str) -> tuple[str, ...]:
    """The squares from `source` through `target` on to the far edge (the same few
    hundred lines for every position: made once each)."""
    col, row = cell_of(source)
    to_col, to_row = cell_of(target)
    step_col = (to_col > col) - (to_col < col)
    step_row = (to_row > row) - (to_row < row)
    squares = []
    while 0 <= col < SIZE and 0 <= row < SIZE:
        squares.append(square_at(col, row))
        col, row = col + step_col, row + step_row
    return tuple(squares)


def seat_label(game: MabulaGame, seat: int) -> str:
    """The seat's marbles in words: player 0 plays white, player 1 black."""
    return (_("white"), _("black"))[seat]


def seat_colour(game: MabulaGame, seat: int) -> str:
    """The seat's marbles in notation: `white` for player 0, `black` for player 1."""
    return ("white", "black")[seat]


def describe_move(state: MabulaState, move: str) -> str:
    """What `move` (a push or the set-up) does in `state`, which it leaves unchanged."""
    if move.startswith("setup:"):
        return _("the marbles are set out on the edge")
    source, sep, target = move.partition("-")
    if not sep:
        return move
    text = _("push the marble from {source} to {target}").format(source=source, target=target)
    after = state.clone()
    try:
        after.apply(move)
        line = _line(source, target)
    except (IllegalMove, ValueError):
        return text
    # Only the line's squares are asked: this runs for every legal move of a position.
    old = [square for square in line if state.occupied(square)]
    new = [square for square in line if after.occupied(square)]
    pushed = sum(1 for a, b in zip(old[1:], new[1:], strict=False) if a != b)
    if pushed == 1:
        return text + " — " + _("pushing 1 marble along")
    if pushed:
        return (
            text
            + " — "
            + _n("pushing {count} marble along", "pushing {count} marbles along", pushed).format(
                count=pushed
            )
        )
    return text
