"""The cross-shaped board as Rich text: 11 x 11 cells of 4 columns, 44 columns wide.

Track fields show their number (the notation of a move), goal fields g1..g4, the bases
their pieces; a piece is a two-letter colour tag on its colour.
"""

from __future__ import annotations

from rich.text import Text

from spieltisch.core.marks import NO_MARKS, BoardMarks
from spieltisch.core.seat_names import capitalised, seat_name
from spieltisch.games.madn.messages import _
from spieltisch.games.madn.rules import COLOURS, STOPPED, MadnState, MadnView

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

PIECE_STYLE = (
    "bold white on red3",
    "bold white on grey35",
    "bold black on yellow3",
    "bold white on green4",
)
FIELD_STYLE = ("red3", "grey62", "yellow3", "green4")

assert len(TRACK_XY) == 40 and len(set(TRACK_XY)) == 40


def colour_label(colour: int) -> str:
    """The colour's name in the current language."""
    return (_("red"), _("black"), _("yellow"), _("green"))[colour]


def piece_tag(colour: int) -> str:
    """Two letters standing for a piece of the colour on the board."""
    # Translators: two-letter tags of red, black, yellow and green pieces on the board.
    return (_("Rd"), _("Bk"), _("Yw"), _("Gn"))[colour]


def _seat(state: MadnState, seat: int) -> str:
    """The seat by its colour, as the side panel and the log name it."""
    return seat_name(state.game, seat) or colour_label(state.game.colours[seat])


def _dice(view: MadnView) -> str:
    dice = " ".join(str(die) for die in view["dice"]) or "-"
    return _("Dice this turn: {dice}").format(dice=dice)


def panel(view: MadnView, *, marks: BoardMarks = NO_MARKS) -> Text:
    """The dice of the current turn, for a side panel beside the board
    (the dice: nothing a move marks)."""
    return Text(_dice(view)) if view["turn"] is not None else Text()


def _place(colour: int, square: str) -> str:
    """A square of the view as a place of the board: track fields are shared (`12`),
    a colour's base and goal fields are its own (`red:b`, `red:g2`)."""
    return square if square.isdigit() else f"{COLOURS[colour]}:{square}"


def places(view: MadnView) -> dict[str, list[str]]:
    """Every place with a piece, and the colours of the pieces on it (see core.marks)."""
    found: dict[str, list[str]] = {}
    for name, squares in view["pieces"].items():
        colour = COLOURS.index(name)
        for square in squares:
            found.setdefault(_place(colour, square), []).append(name)
    return found


def _cell_places() -> dict[tuple[int, int], str]:
    """The place each cell of the grid draws (a base's four cells draw one place)."""
    cells = {xy: str(index + 1) for index, xy in enumerate(TRACK_XY)}
    for colour in range(4):
        for depth, xy in enumerate(GOAL_XY[colour]):
            cells[xy] = _place(colour, f"g{depth + 1}")
        for xy in BASE_XY[colour]:
            cells[xy] = _place(colour, "b")
    return cells


CELL_PLACES = _cell_places()


def render(
    state: MadnState, player: int | None, *, beside: bool = False, marks: BoardMarks = NO_MARKS
) -> Text:
    """The board as `state.view(player)` shows it, with turn, dice and finishing order;
    `beside`: without whose turn it is and the dice, which the interface shows beside;
    `marks`: the last move and the highlighted one on their places."""
    view = state.view(player)
    colours = state.game.colours
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for index, xy in enumerate(TRACK_XY):
        starts = [c for c in range(4) if 10 * c == index]
        style = f"bold {FIELD_STYLE[starts[0]]}" if starts else "dim"
        cells[xy] = (str(index + 1), style)
    for colour in range(4):
        in_play = colour in colours
        for depth, xy in enumerate(GOAL_XY[colour]):
            cells[xy] = (f"g{depth + 1}", FIELD_STYLE[colour] if in_play else "dim")
        for xy in BASE_XY[colour]:
            cells[xy] = ("o", FIELD_STYLE[colour] if in_play else "dim")
    for colour in colours:
        name = COLOURS[colour]
        tag = (piece_tag(colour), PIECE_STYLE[colour])
        bases = iter(BASE_XY[colour])
        for square in view["pieces"][name]:
            if square == "b":
                cells[next(bases)] = tag
            elif square.startswith("g"):
                cells[GOAL_XY[colour][int(square[1:]) - 1]] = tag
            else:
                cells[TRACK_XY[int(square) - 1]] = tag
    board = Text()
    for y in range(11):
        for x in range(11):
            label, style = cells.get((x, y), ("", ""))
            if label:
                style = marks.styled(style, CELL_PLACES[(x, y)])
            board.append(f"{label:^3}", style=style)
            board.append(" ")
        board.rstrip()
        board.append("\n")
    turn = view["turn"]
    if turn is None:
        board.append(_("The game is over."))
        if state._over == STOPPED:  # the places then come from rule 18, not from finishing
            board.append(
                "\n"
                + _(
                    "It was stopped by time and ranked by rule 18: finished players first, "
                    "then most pieces in the goal, the deepest goal fields, most pieces on "
                    "the track, the longest way travelled; the lot decides the rest."
                )
            )
    elif not beside:
        board.append(_("Turn:") + " ")
        board.append(_seat(state, turn), style=FIELD_STYLE[colours[turn]])
        board.append("   " + _dice(view))
    if turn is None or not beside:
        board.append("\n")
    if view["finished"]:
        order = ", ".join(_seat(state, p) for p in view["finished"])
        board.append(_("Finished: {order}").format(order=order))
        board.append("\n")
    legend = Text()
    for colour in colours:
        legend.append(f"{piece_tag(colour):^3}", style=PIECE_STYLE[colour])
        legend.append(f" {capitalised(colour_label(colour))}  ")  # named as the seats are
    legend.rstrip()
    board.append_text(legend)
    return board
