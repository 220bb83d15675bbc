"""Mabula's diagrams from the (partial) German rule book, as set-ups and pushes.

The book's drawings are not in the seed text, only their captions: these positions show
what each caption says; rule 3 (passing), which has no drawing, is shown on a position
of our own. The scoring diagrams are finished positions set directly (no
short game reaches them); the others are played from a set-up outcome.
tests/games/mabula/test_book_examples.py checks each outcome.
"""

from __future__ import annotations

from spieltisch.core.examples import Example

BOOK = "Mabula (de)"
SETUP = "setup:wbwwbbwbwbbwwbwbwbbwbwbw"
"""White on b1 and a4, black on b8 among them; never three alike in a row round the edge."""


def diagram(rows: str) -> dict[str, str]:
    """The squares of a diagram: 8 lines, row 8 first, columns a to h; `W` white, `B`
    black, anything else empty."""
    board: dict[str, str] = {}
    lines = rows.strip("\n").splitlines()
    for index, line in enumerate(lines):
        for column, char in zip("abcdefgh", line, strict=True):
            if char in "WB":
                board[f"{column}{8 - index}"] = char.lower()
    return board


GROUPS = diagram(
    """
+......+
.WWW.BB.
.W.W.BB.
.WWW.BB.
........
.BBBWWB.
.W.WBB..
+......+
"""
)
"""Black in groups of 6, 3, 2, 1; white in groups of 8, 2, 1, 1; every marble in the field."""

FOUR_THREES = diagram(
    """
+......+
.WWW.WW.
......W.
.BBBBBB.
.WWW.WW.
......W.
.BBBBBB.
+......+
"""
)
"""White in four groups of three: 3 × 3 × 3 × 3 = 81, the most the product can give."""

NO_WAY_IN = diagram(
    """
+......+
.W......
.B......
WW......
WB......
.W......
.B......
+B.....+
"""
)
"""Column b full, black's last edge marble on b1 below it; white on a4 and a5 (rule 3)."""

EXAMPLES = (
    Example(name="a-start", book=BOOK, where="Spielvorbereitung", setup=(SETUP,)),
    Example(
        name="white-moves-first",
        book=BOOK,
        where="Spielweise, 1.",
        setup=(SETUP,),
        moves=("b1-b4",),
    ),
    Example(
        name="black-pushes-white",
        book=BOOK,
        where="Spielweise, 1.",
        setup=(SETUP, "b1-b4"),
        moves=("b8-b4",),
    ),
    Example(
        name="not-onto-the-edge",
        book=BOOK,
        where="Spielweise, 2.",
        setup=(SETUP, "b1-b4", "b8-b4"),
        moves=("a4-f4",),
    ),
    Example(
        name="black-passes",
        book=BOOK,
        where="Spielweise, 3.",
        setup=(),
        position=NO_WAY_IN,
        moves=("a4-b4",),
    ),
    Example(name="largest-group", book=BOOK, where="Wertung", setup=(), position=GROUPS),
    Example(
        name="product",
        book=BOOK,
        where="Optionale Wertung",
        setup=(),
        position=GROUPS,
        options={"scoring": "product"},
    ),
    Example(
        name="four-threes",
        book=BOOK,
        where="Optionale Wertung (Tipp)",
        setup=(),
        position=FOUR_THREES,
        options={"scoring": "product"},
    ),
)
