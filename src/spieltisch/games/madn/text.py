"""The cross-shaped board as Rich text: 11 x 11 cells of 4 columns, 44 columns wide.

Track fields show their number (the notation of a move), goal fields g1..g4, the bases
their pieces; a piece is a two-letter colour tag on its colour.
"""

from __future__ import annotations

from rich.text import Text

from spieltisch.core.marks import NO_MARKS, BoardMarks
from spieltisch.core.seat_names import capitalised, seat_name
from spieltisch.games.madn.geometry import (
    BASE_XY,
    CELL_PLACES,
    GOAL_XY,
    TRACK_XY,
    piece_tag,
)
from spieltisch.games.madn.geometry import places as places  # the text board's places
from spieltisch.games.madn.messages import _, colour_label
from spieltisch.games.madn.rules import COLOURS, STOPPED, MadnState, MadnView

FIELD_STYLE = (
    "#ffffff on #d70000",
    "#ffffff on #585858",
    "#000000 on #d7d700",
    "#ffffff on #008700",
)
"""Each colour's fields (start, goal, base) and name: its ink on the colour (red 5.4:1,
black 7.0:1, yellow 12.6:1, green 4.7:1), explicit RGB that no theme remaps, never the
colour on the terminal's own background (red3 letters were 2.6:1 on a dark theme,
yellow3 ones 1.4:1 on a light one; `tests/cli/test_terminal_contrast.py`)."""
PIECE_STYLE = tuple(f"bold {style}" for style in FIELD_STYLE)
"""A piece: its two-letter tag in bold on its colour."""


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
        style = FIELD_STYLE[starts[0]] if starts else ""
        cells[xy] = (str(index + 1), style)
    for colour in range(4):
        in_play = colour in colours
        for depth, xy in enumerate(GOAL_XY[colour]):
            cells[xy] = (f"g{depth + 1}", FIELD_STYLE[colour] if in_play else "")
        for xy in BASE_XY[colour]:
            cells[xy] = ("o", FIELD_STYLE[colour] if in_play else "")
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
        if state._over == STOPPED and state.game.count_steps:  # the championships' count
            board.append(
                "\n"
                + _(
                    "It was stopped by time and ranked by the steps to the goal: finished "
                    "players first, then the fewest steps; the lot decides the rest."
                )
            )
        elif state._over == STOPPED:  # the places then come from rule 18, not from finishing
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
