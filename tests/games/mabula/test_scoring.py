"""Scoring, tie-breaks and options, on final positions built with the test-only helper."""

from __future__ import annotations

import itertools
import math

import pytest

import spieltisch
from spieltisch import TERMINAL, OptionError
from spieltisch.games.mabula.rules import MabulaState
from tests.games.mabula.helpers import position

# The rule book's example: black groups 6, 3, 2, 1 and white groups 8, 2, 1, 1.
# Every marble is in the field, so nobody can move: the game is over.
EXAMPLE = """
+......+
.WWW.BB.
.W.W.BB.
.WWW.BB.
........
.BBBWWB.
.W.WBB..
+......+
"""

# White in four groups of three (the most the product can give); black in two rows of 6.
FOUR_THREES = """
+......+
.WWW.WW.
......W.
.BBBBBB.
.WWW.WW.
......W.
.BBBBBB.
+......+
"""


def test_the_example_under_largest_white_wins_8_to_6() -> None:
    state = position(EXAMPLE)
    assert state.current_player == TERMINAL
    assert state.groups(0) == [8, 2, 1, 1]
    assert state.groups(1) == [6, 3, 2, 1]
    assert state.scores() == [8, 6]
    assert state.ranking() == [1, 2]
    assert state.returns() == [1.0, -1.0]
    assert state.view(None) == {
        "board": state.view(1)["board"],
        "turn": None,
        "scores": [8, 6],
    }


def test_the_example_under_product_black_wins_36_to_16() -> None:
    state = position(EXAMPLE, scoring="product")
    assert state.scores() == [16, 36]
    assert state.ranking() == [2, 1]
    assert state.returns() == [-1.0, 1.0]


def test_four_groups_of_three_make_81() -> None:
    state = position(FOUR_THREES, scoring="product")
    assert state.groups(0) == [3, 3, 3, 3]
    assert state.scores() == [81, 36]
    assert state.ranking() == [1, 2]
    largest = position(FOUR_THREES)
    assert largest.scores() == [3, 6]
    assert largest.ranking() == [2, 1]


def test_81_is_the_most_twelve_marbles_can_score() -> None:
    def partitions(n: int, largest: int) -> list[list[int]]:
        if n == 0:
            return [[]]
        return [
            [part, *rest]
            for part in range(min(n, largest), 0, -1)
            for rest in partitions(n - part, part)
        ]

    best = max(partitions(12, 12), key=math.prod)
    assert best == [3, 3, 3, 3]


def test_diagonal_marbles_are_not_connected() -> None:
    state = position(
        """
+......+
.W.W.W..
..W.W...
.W......
........
........
........
+......+
"""
    )
    assert state.groups(0) == [1, 1, 1, 1, 1, 1]
    assert state.scores() == [1, 0]


def test_no_field_marbles_score_nothing_in_either_mode() -> None:
    state = spieltisch.load("mabula", scoring="product").new_state()
    assert isinstance(state, MabulaState)
    state.apply("setup:" + "wwb" * 4 + "wbb" * 4)
    assert state.scores() == [0, 0]
    assert state.view(None)["scores"] == [0, 0]
    state.apply("b1-b2")
    assert state.scores() == [1, 0]


# White 5 + 3, black 5 + 2 + 2: equal under largest.
EQUAL_LARGEST = """
+......+
.WWWWW..
........
.WWW.BB.
.....BB.
.BB..B..
...BB...
+......+
"""

# White 4 + 3 = 12, black 4 + 3 + 1 = 12: equal under product.
EQUAL_PRODUCT = """
+......+
.WWWW...
........
.WWW..B.
........
.BBBB.B.
.....BB.
+......+
"""


@pytest.mark.parametrize(
    ("diagram", "scoring", "scores", "none", "groups"),
    [
        (EQUAL_LARGEST, "largest", [5, 5], [1, 1], [1, 2]),
        (EQUAL_PRODUCT, "product", [12, 12], [1, 1], [2, 1]),
    ],
    ids=["largest", "product"],
)
def test_tiebreak_compares_sorted_group_sizes(
    diagram: str, scoring: str, scores: list[int], none: list[int], groups: list[int]
) -> None:
    plain = position(diagram, scoring=scoring)
    assert plain.scores() == scores
    assert plain.ranking() == none
    assert plain.returns() == [0.0, 0.0]
    broken = position(diagram, scoring=scoring, tiebreak="groups")
    assert broken.ranking() == groups


def test_identical_groups_stay_a_draw_with_the_tiebreak() -> None:
    state = position(
        """
+......+
.WW..BB.
........
.W....B.
........
........
........
+......+
""",
        tiebreak="groups",
    )
    assert state.groups(0) == state.groups(1) == [2, 1]
    assert state.ranking() == [1, 1]
    assert state.returns() == [0.0, 0.0]


def test_options_and_their_defaults() -> None:
    game = spieltisch.load("mabula")
    assert game.options.to_json() == {"players": 2, "scoring": "largest", "tiebreak": "none"}
    for scoring, tiebreak in itertools.product(("largest", "product"), ("none", "groups")):
        spieltisch.load("mabula", scoring=scoring, tiebreak=tiebreak)
    for bad in ({"players": 3}, {"players": 1}, {"scoring": "sum"}, {"tiebreak": "lot"}, {"x": 1}):
        with pytest.raises(OptionError):
            spieltisch.load("mabula", **bad)
    info = next(i for i in spieltisch.games() if i.name == "mabula")
    assert info.players == (2, 2)
    assert [o.name for o in info.options] == ["players", "scoring", "tiebreak"]
    assert all(o.description for o in info.options)
