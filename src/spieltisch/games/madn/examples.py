"""Mensch ärgere Dich nicht: the tournament rules drawn, one position per numbered rule.

The tournament rules have no worked examples or diagrams; the rules summaries show each
rule that decides a move on a position played to by these moves (two players, red and
yellow, unless said). tests/games/madn/test_book_examples.py checks each outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.core.examples import Example

BOOK = "Mensch ärgere Dich nicht, Turnierregeln (de)"
IDLE = ("d1", "d1", "d1")
"""A player with every piece in the base rolls three times without a 6: the turn passes."""
RED_ON_FIVE = ("d6", "b", "d4", "1", *IDLE)
"""Red enters on a 6 and moves 4 with the extra roll; yellow waits."""


def _march(field: int, steps: tuple[int, ...]) -> tuple[str, ...]:
    """Red moves its one piece from `field` by each step (no 6), yellow waiting between."""
    moves: list[str] = []
    for step in steps:
        moves += [f"d{step}", str(field), *IDLE]
        field += step
    return tuple(moves)


def _red_home(players: int) -> tuple[tuple[str, ...], str]:
    """A game in which red brings its pieces home one by one (a 6 to enter, then 5s and
    the exact count into the deepest free goal field) while the others roll three 1s:
    the moves before red's last one, and that one."""
    from spieltisch.core import CHANCE
    from spieltisch.games.madn.rules import Madn, MadnOptions

    state = Madn(MadnOptions(players=players)).new_state()
    moves: list[str] = []
    while True:
        red = state.squares(0)
        home = sum(square.startswith("g") for square in red)
        running = [int(square) for square in red if square.isdigit()]
        if state.current_player != CHANCE:
            (move,) = state.legal_moves()
            if home == 3 and running and running[0] + int(moves[-1][1:]) > 40:
                return tuple(moves), move
        elif state.turn != 0:
            move = "d1"
        elif running:  # field 1 is 0 fields travelled, g4 43: into the deepest free goal
            left = 43 - home - (running[0] - 1)  # field by exact count, on the track
            move = f"d{left if left <= 5 else min(5, 40 - running[0])}"  # until in reach
        else:
            move = "d6"  # enter (rule 5)
        state.apply(move)
        moves.append(move)


RED_HOME, RED_LAST = _red_home(3)
"""Three players: red to bring its fourth piece home, black and yellow all in the base."""
TWO = {"players": 2}
PENALIZED = {"players": 2, "duties": "penalized"}
"""The referee's mode: a move that skips a duty is offered, and punished (rules 12, 14)."""
CAPTURE_DUE = (
    *RED_ON_FIVE,
    *_march(5, (4, 4, 4)),  # red on 17
    *("d6", "b", "d5", "1"),  # a second red piece: 1 -> 6
    *("d6", "b", "d1", "21"),  # yellow: 21 -> 22
    "d5",
)
"""Red to move a 5 with pieces on 6 and 17; the one on 17 can capture yellow's on 22."""


def _rule(
    name: str,
    where: str,
    setup: tuple[str, ...],
    moves: tuple[str, ...],
    options: Mapping[str, Any] = TWO,
) -> Example:
    """One scenario of the tournament rules: `where` names its rules' numbers; two
    players unless `options` say otherwise."""
    return Example(name=name, book=BOOK, options=options, where=where, setup=setup, moves=moves)


EXAMPLES = (
    _rule("three-tries", "3., 4., 8.", ("d2", "d3", "d6"), ("b",)),
    _rule("enter-on-a-six", "5.", (*RED_ON_FIVE, "d6"), ("b",)),
    _rule("clear-the-start", "6.", (*RED_ON_FIVE, "d6", "b", "d6"), ("1",)),
    _rule(
        "one-roll",
        "7., 9.",
        (*RED_ON_FIVE, *_march(5, (5, 5, 5, 5, 5, 5, 5)), "d1", "40", *IDLE),  # g1
        ("d5",),
    ),
    _rule("jump-and-count", "10.", (*RED_ON_FIVE, "d6", "b", "d3", "1", *IDLE, "d2"), ("4",)),
    _rule("capture", "11.", CAPTURE_DUE, ("17",)),
    _rule("a-capture-missed", "12., 14.", CAPTURE_DUE, ("6",), PENALIZED),
    _rule("entering-missed", "14.", (*RED_ON_FIVE, "d6"), ("5",), PENALIZED),
    _rule(
        "into-the-goal",
        "15.",
        (*RED_ON_FIVE, *_march(5, (5, 5, 5, 5, 5, 5, 5)), "d4"),  # red on 40
        ("40",),
    ),
    _rule("play-on", "17.", RED_HOME, (RED_LAST,), {"players": 3}),
    _rule(
        "time-is-up",
        "18.",
        (
            *("d6", "b", "d6", "1", "d6", "b", "d1", "1"),  # red: 2 and 7
            *("d6", "b", "d5", "21"),  # yellow: 26
            *("d1", "7"),  # red: 8
        ),
        ("time", "d5", "26"),  # yellow ends the round: 31
    ),
)
