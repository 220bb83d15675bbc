"""Where things are on the Mabula board, as plain data for every way of showing it (the
text board, the SVG, the words, the observation): the columns, the edge with its cut
corners, and the (column, row) cell of a square. No drawing library here."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.core.i18n import get_language
from spieltisch.games.mabula.messages import _, _n

COLUMNS = "abcdefgh"
SIZE = len(COLUMNS)


def is_corner(col: int, row: int) -> bool:
    """The four cut corners, which are no squares."""
    return col in (0, SIZE - 1) and row in (0, SIZE - 1)


def is_edge(col: int, row: int) -> bool:
    """The edge, where the marbles start and from where they are pushed in."""
    return col in (0, SIZE - 1) or row in (0, SIZE - 1)


def cell_of(square: str) -> tuple[int, int]:
    """A square's column and row counted from 0 (`a1` is (0, 0), `h8` is (7, 7))."""
    return COLUMNS.index(square[0]), int(square[1:]) - 1


def square_at(col: int, row: int) -> str:
    """The square at a column and row counted from 0."""
    return f"{COLUMNS[col]}{row + 1}"


def colour_name(letter: str) -> str:
    """The marbles' colour as a name in the current language, capitalised."""
    return _("White") if letter == "w" else _("Black")


def group_sizes(sizes: Sequence[int]) -> str:
    """A colour's groups in words, largest first: "groups of 3, 2 and 1", "a group of 5",
    "no group" (never bare numbers side by side, as "groups: 3 2 1" read)."""
    if not sizes:
        return _("no group")
    from babel.lists import format_list  # Babel's "3, 2 and 1" / "3, 2 und 1" / "3, 2 et 1"

    listed = format_list([str(size) for size in sizes], locale=get_language())
    return _n("a group of {sizes}", "groups of {sizes}", len(sizes)).format(sizes=listed)
