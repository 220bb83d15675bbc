"""The Mabula board as Rich text: the 8×8 board with its edge, coordinates and scores.

Everything shown comes from `state.view(player)`; nothing in Mabula is hidden.
"""

from __future__ import annotations

from rich.text import Text

from spieltisch.core.i18n import labelled
from spieltisch.core.marks import NO_MARKS, BoardMarks
from spieltisch.core.reflow import ReflowText
from spieltisch.games.mabula.geometry import (
    COLUMNS,
    SIZE,
    colour_name,
    group_sizes,
    is_corner,
    is_edge,
    square_at,
)
from spieltisch.games.mabula.messages import _
from spieltisch.games.mabula.rules import COLOUR_LETTERS, MabulaState, MabulaView, board_groups

MARBLES = {"w": ("○", "bold color(231)"), "b": ("●", "bold color(16)")}
"""Pure white and pure black marbles (colours 231 and 16 of the 256, which no terminal
theme remaps, as it does the named black and white), on the board's own backgrounds
below: never on the terminal's, where bright_black marbles stood at about 2.6:1 from a
black background."""
EDGE = "grey50"
"""The edge's background: mid grey, so that both marbles stand out from it by at least
3:1 (white 3.9:1, black 5.3:1; the dark grey23 left black marbles at about 1.7:1)."""
INSIDE = "orange4"
"""The inner board's background: a mid brown, apart from the grey edge, from which both
marbles stand out by at least 3:1 as well (white 5.8:1, black 3.6:1)."""


def _columns_line() -> Text:
    return Text("    " + "".join(f" {c} " for c in COLUMNS) + "\n")


NARROW = 40
"""Below this many columns each player's score goes on a line of its own (a side panel
beside the board leaves it about 42 at 80×24, too few for name, groups and score)."""


def places(view: MabulaView) -> dict[str, list[str]]:
    """Every square with a marble, and its colour (see core.marks)."""
    return {square: [letter] for square, letter in view["board"].items()}


def render(state: MabulaState, player: int | None, *, marks: BoardMarks = NO_MARKS) -> Text:
    """The board seen from `player`'s seat (None: a spectator), at most 60 columns wide;
    on a narrow screen each player's groups and score take two lines. `marks`: the last
    move and the highlighted one on their squares."""
    wide = _draw(state, player, "   ", marks)
    return ReflowText(
        wide,
        max(len(line) for line in wide.plain.split("\n")),
        [(NARROW, _draw(state, player, "\n   ", marks))],
    )


def _draw(state: MabulaState, player: int | None, before_score: str, marks: BoardMarks) -> Text:
    view = state.view(player)
    board = view["board"]
    text = Text()
    text.append(_columns_line())
    for row in range(SIZE - 1, -1, -1):
        text.append(f" {row + 1}  ")
        for col in range(SIZE):
            if is_corner(col, row):
                text.append("   ")
                continue
            square = square_at(col, row)
            letter = board.get(square)
            edge = is_edge(col, row)
            background = f" on {EDGE if edge else INSIDE}"
            if letter in MARBLES:
                symbol, style = MARBLES[letter]
                text.append(f" {symbol} ", style=marks.styled(style + background, square))
            else:
                style = ("grey35" if edge else "grey70") + background  # empty: faint dots
                text.append(" · " if not edge else " ∙ ", style=marks.styled(style, square))
        text.append(f"  {row + 1}\n")
    text.append(_columns_line())
    text.append("\n")
    scoring = state.game.options.scoring
    scores = view["scores"]
    turn = view["turn"]
    for seat, letter in enumerate(COLOUR_LETTERS):
        name = colour_name(letter)
        symbol, style = MARBLES[letter]
        groups = board_groups(board, letter)
        label = _("largest group") if scoring == "largest" else _("product of groups")
        text.append(f" {symbol} ", style=f"{style} on {INSIDE}")  # as on the board
        text.append(" ")
        text.append(f"{name:<8}", style="bold" if seat == turn else "")
        text.append(group_sizes(groups))
        text.append(before_score + labelled(label, scores[seat]))
        if seat == turn and not state.is_chance_node():
            text.append("   ◀ " + _("to move"), style="bold")
        text.append("\n")
    if state.is_chance_node():
        text.append(_("The marbles are being set out on the edge.") + "\n", style="italic")
    elif turn is None:
        places = state.ranking()
        if places[0] == places[1]:
            outcome = _("Game over: a draw.")
        elif places[0] < places[1]:
            outcome = _("Game over: White wins.")
        else:
            outcome = _("Game over: Black wins.")
        text.append(outcome + "\n", style="bold")
    return text
