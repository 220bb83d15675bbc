"""The board geometry the text board, the SVG and the words share agrees with the rules'."""

from __future__ import annotations

from spieltisch.games.mabula.geometry import SIZE, cell_of, is_corner, is_edge, square_at
from spieltisch.games.mabula.rules import CORNERS, EDGE_SQUARES, NAMES, SQUARE_OF


def test_every_square_is_at_the_cell_the_rules_number_it() -> None:
    for name in NAMES:
        col, row = cell_of(name)
        assert square_at(col, row) == name
        assert SQUARE_OF[name] == row * SIZE + col


def test_the_drawn_edge_is_the_rules_edge_and_its_corners_are_cut() -> None:
    cells = [(col, row) for row in range(SIZE) for col in range(SIZE)]
    drawn_edge = {square_at(*cell) for cell in cells if is_edge(*cell) and not is_corner(*cell)}
    assert drawn_edge == {NAMES[square] for square in EDGE_SQUARES}
    assert {square_at(*cell) for cell in cells if is_corner(*cell)} == {NAMES[c] for c in CORNERS}
