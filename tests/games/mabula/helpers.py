"""Test-only helpers for Mabula: positions from diagrams, and a plain reference push.

`position()` builds a state directly from a board diagram through the engine's private
`set_position` hook. Playing to a given final position is impractical (the worked
examples of the rule book are final positions), so scenario tests of scoring use it; such a
state has an empty history and does not replay. Everything about moving is tested through
the public API instead.
"""

from __future__ import annotations

from typing import Any

import spieltisch
from spieltisch.games.mabula.rules import MabulaState

COLUMNS = "abcdefgh"
LETTERS = {"W": "w", "B": "b", "w": "w", "b": "b"}


def board_from_diagram(diagram: str) -> dict[str, str]:
    """Squares of a diagram: 8 lines, row 8 first, 8 characters a..h each.

    `W`/`w` white, `B`/`b` black, anything else (`.`, space) empty.
    """
    rows = [line.strip("|") for line in diagram.strip("\n").splitlines()]
    assert len(rows) == 8, rows
    board: dict[str, str] = {}
    for index, line in enumerate(rows):
        row = 8 - index
        assert len(line) == 8, line
        for col, char in enumerate(line):
            if char in LETTERS:
                board[f"{COLUMNS[col]}{row}"] = LETTERS[char]
    return board


def position(diagram: str, turn: int | None = None, **options: Any) -> MabulaState:
    """A state with the diagram's marbles; `turn` None: white if able, else black, else over."""
    state = spieltisch.load("mabula", **options).new_state()
    assert isinstance(state, MabulaState)
    state.set_position(board_from_diagram(diagram), turn)
    return state


def line_of(source: str) -> list[str]:
    """The six field squares in front of an edge square, from the edge inwards."""
    col, row = COLUMNS.index(source[0]), int(source[1:])
    if row == 1:
        step = (0, 1)
    elif row == 8:
        step = (0, -1)
    elif col == 0:
        step = (1, 0)
    else:
        step = (-1, 0)
    return [f"{COLUMNS[col + step[0] * k]}{row + step[1] * k}" for k in range(1, 7)]


def reference_push(board: dict[str, str], move: str) -> dict[str, str]:
    """The board after a push, computed square by square on names: a plain second opinion."""
    source, target = move.split("-")
    line = line_of(source)
    distance = line.index(target) + 1
    after = dict(board)
    colour = after.pop(source)
    ahead = [(i, after.pop(square)) for i, square in enumerate(line) if square in board]
    at = distance - 1
    after[line[at]] = colour
    for index, other in ahead:
        at = max(index, at + 1)
        assert at <= 5, "pushed onto the far edge"
        after[line[at]] = other
    return after
