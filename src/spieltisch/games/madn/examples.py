"""Mensch ärgere Dich nicht: the tournament rules drawn, one position per numbered rule.

The tournament rules have no worked examples or diagrams; the rules summaries show each
rule that decides a move on a position played to by these moves (two players, red and
yellow, unless said). tests/games/madn/test_book_examples.py checks each outcome.
"""

from __future__ import annotations

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


TWO = {"players": 2}

EXAMPLES = (
    Example(
        name="three-tries",
        book=BOOK,
        options=TWO,
        where="3., 4., 8.",
        setup=("d2", "d3", "d6"),
        moves=("b",),
    ),
    Example(
        name="enter-on-a-six",
        book=BOOK,
        options=TWO,
        where="5.",
        setup=(*RED_ON_FIVE, "d6"),
        moves=("b",),
    ),
    Example(
        name="clear-the-start",
        book=BOOK,
        options=TWO,
        where="6.",
        setup=(*RED_ON_FIVE, "d6", "b", "d6"),
        moves=("1",),
    ),
    Example(
        name="jump-and-count",
        book=BOOK,
        options=TWO,
        where="10.",
        setup=(*RED_ON_FIVE, "d6", "b", "d3", "1", *IDLE, "d2"),
        moves=("4",),
    ),
    Example(
        name="capture",
        book=BOOK,
        options=TWO,
        where="11.",
        setup=(
            *RED_ON_FIVE,
            *_march(5, (4, 4, 4)),  # red on 17
            *("d6", "b", "d5", "1"),  # a second red piece: 1 -> 6
            *("d6", "b", "d1", "21"),  # yellow: 21 -> 22
            "d5",
        ),
        moves=("17",),
    ),
    Example(
        name="into-the-goal",
        book=BOOK,
        options=TWO,
        where="15.",
        setup=(*RED_ON_FIVE, *_march(5, (5, 5, 5, 5, 5, 5, 5)), "d4"),  # red on 40
        moves=("40",),
    ),
    Example(
        name="time-is-up",
        book=BOOK,
        options=TWO,
        where="18.",
        setup=(
            *("d6", "b", "d6", "1", "d6", "b", "d1", "1"),  # red: 2 and 7
            *("d6", "b", "d5", "21"),  # yellow: 26
            *("d1", "7"),  # red: 8
        ),
        moves=("time", "d5", "26"),  # yellow ends the round: 31
    ),
)
