"""The diagrams of the Mabula book (spieltisch/games/mabula/examples.py) played by the
engine: each test checks what the diagram's caption says."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spieltisch.core import IllegalMove
from spieltisch.core.examples import examples
from spieltisch.games.mabula.rules import MabulaState

EXAMPLES = examples("mabula")
EDGE = [f"{c}1" for c in "bcdefg"] + [f"h{r}" for r in range(2, 8)]
EDGE += [f"{c}8" for c in "gfedcb"] + [f"a{r}" for r in range(7, 1, -1)]


def state(name: str, *, before: bool = False) -> MabulaState:
    played = EXAMPLES[name].state("mabula", before=before)
    assert isinstance(played, MabulaState)
    return played


def a_start() -> None:
    board = state("a-start").view(None)["board"]
    ring = [board[square] for square in EDGE]
    assert sorted(board) == sorted(EDGE) and ring.count("w") == 12
    for i in range(24):  # never three alike in a row, round the corners too
        assert len({ring[i], ring[(i + 1) % 24], ring[(i + 2) % 24]}) == 2


def white_moves_first() -> None:
    assert state("white-moves-first", before=True).current_player == 0
    board = state("white-moves-first").view(None)["board"]
    assert board["b4"] == "w" and "b1" not in board


def black_pushes_white() -> None:
    board = state("black-pushes-white").view(None)["board"]
    assert board["b4"] == "b" and board["b3"] == "w"  # the white marble pushed along


def not_onto_the_edge() -> None:
    before = state("not-onto-the-edge", before=True)
    with pytest.raises(IllegalMove) as refused:
        before.apply("a4-g4")  # the black marble would be pushed onto h4
    assert refused.value.rule is not None
    board = state("not-onto-the-edge").view(None)["board"]
    assert board["f4"] == "w" and board["g4"] == "b"


def black_passes() -> None:
    before = state("black-passes", before=True)
    assert before.current_player == 0 and before.view(None)["board"]["b1"] == "b"
    after = state("black-passes")
    # black's b1 cannot enter the full column b: black passes, white moves again (rule 3)
    assert after.current_player == 0 and not after.is_terminal()
    assert after.view(None)["board"]["c4"] == "b" and after.history() == ["a4-b4"]
    assert all(move.startswith("a5-") for move in after.legal_moves())


def largest_group() -> None:
    final = state("largest-group")
    assert final.groups(0) == [8, 2, 1, 1] and final.groups(1) == [6, 3, 2, 1]
    assert final.scores() == [8, 6] and final.ranking() == [1, 2]


def product() -> None:
    final = state("product")
    assert final.scores() == [16, 36] and final.ranking() == [2, 1]


def four_threes() -> None:
    final = state("four-threes")
    assert final.groups(0) == [3, 3, 3, 3] and final.scores()[0] == 81


CHECKS: dict[str, Callable[[], None]] = {
    "a-start": a_start,
    "white-moves-first": white_moves_first,
    "black-pushes-white": black_pushes_white,
    "not-onto-the-edge": not_onto_the_edge,
    "black-passes": black_passes,
    "largest-group": largest_group,
    "product": product,
    "four-threes": four_threes,
}


def test_every_example_has_its_check() -> None:
    assert list(CHECKS) == list(EXAMPLES)


@pytest.mark.parametrize("name", list(CHECKS))
def test_example(name: str) -> None:
    CHECKS[name]()
