"""Where things are on the Mensch ärgere Dich nicht board, as plain data for every way of
drawing it (the text board, the SVG, the marks of the last move): grid cells of the track,
the goals and the bases, and the place each cell shows. No drawing library here."""

from __future__ import annotations

from spieltisch.games.madn.messages import _
from spieltisch.games.madn.rules import COLOURS, MadnView

# Grid coordinates (column, row) of the track fields 1..40, clockwise from red's start.
TRACK_XY: tuple[tuple[int, int], ...] = (
    *((x, 4) for x in range(0, 5)),
    *((4, y) for y in range(3, -1, -1)),
    (5, 0),
    *((6, y) for y in range(0, 5)),
    *((x, 4) for x in range(7, 11)),
    (10, 5),
    *((x, 6) for x in range(10, 5, -1)),
    *((6, y) for y in range(7, 11)),
    (5, 10),
    *((4, y) for y in range(10, 5, -1)),
    *((x, 6) for x in range(3, -1, -1)),
    (0, 5),
)

# Goal fields g1..g4 and the four base circles of each colour.
GOAL_XY: tuple[tuple[tuple[int, int], ...], ...] = (
    tuple((x, 5) for x in range(1, 5)),
    tuple((5, y) for y in range(1, 5)),
    tuple((x, 5) for x in range(9, 5, -1)),
    tuple((5, y) for y in range(9, 5, -1)),
)
BASE_XY: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (1, 0), (0, 1), (1, 1)),
    ((9, 0), (10, 0), (9, 1), (10, 1)),
    ((9, 9), (10, 9), (9, 10), (10, 10)),
    ((0, 9), (1, 9), (0, 10), (1, 10)),
)

assert len(TRACK_XY) == 40 and len(set(TRACK_XY)) == 40


def piece_tag(colour: int) -> str:
    """Two letters standing for a piece of the colour on the board."""
    # Translators: two-letter tags of red, black, yellow and green pieces on the board.
    return (_("Rd"), _("Bk"), _("Yw"), _("Gn"))[colour]


def place_of(colour: int, square: str) -> str:
    """A square of the view as a place of the board: track fields are shared (`12`),
    a colour's base and goal fields are its own (`red:b`, `red:g2`)."""
    return square if square.isdigit() else f"{COLOURS[colour]}:{square}"


def places(view: MadnView) -> dict[str, list[str]]:
    """Every place with a piece, and the colours of the pieces on it (see core.marks)."""
    found: dict[str, list[str]] = {}
    for name, squares in view["pieces"].items():
        colour = COLOURS.index(name)
        for square in squares:
            found.setdefault(place_of(colour, square), []).append(name)
    return found


def _cell_places() -> dict[tuple[int, int], str]:
    """The place each cell of the grid draws (a base's four cells draw one place)."""
    cells = {xy: str(index + 1) for index, xy in enumerate(TRACK_XY)}
    for colour in range(4):
        for depth, xy in enumerate(GOAL_XY[colour]):
            cells[xy] = place_of(colour, f"g{depth + 1}")
        for xy in BASE_XY[colour]:
            cells[xy] = place_of(colour, "b")
    return cells


CELL_PLACES = _cell_places()
