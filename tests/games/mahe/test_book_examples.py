"""The worked examples of the German and French Mahé books (spieltisch/games/mahe/examples.py)
played by the engine: each test checks what the book says happens. The rules pages draw
the same examples."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spieltisch.core import CHANCE, TERMINAL
from spieltisch.core.examples import examples
from spieltisch.games.mahe.rules import MaheGame, MaheOptions, MaheState

EXAMPLES = examples("mahe")


def state(name: str, *, before: bool = False) -> MaheState:
    played = EXAMPLES[name].state("mahe", before=before)
    assert isinstance(played, MaheState)
    return played


def two_then_six() -> None:
    assert state("two-then-six", before=True).positions()["red"] == 3
    after = state("two-then-six")
    view = after.view(None)
    assert after.positions()["red"] == 0 and "red" in view["raft"]  # 2 + 6 = 8: a bust
    assert view["turn"] == 1 and view["moving"] == "yellow"
    assert after.current_player == CHANCE


def two_and_four() -> None:
    after = state("two-and-four")
    assert after.positions()["red"] == 12  # (2 + 4) × 2
    assert after.view(None)["cards"][0] == []


def round_the_island() -> None:
    before = state("round-the-island", before=True)
    assert before.positions()["red"] == 3 and before.view(None)["face_up"] == 4
    after = state("round-the-island")
    assert after.positions()["red"] == 3  # 7 × 3 = 21: the same field again
    assert after.view(None)["cards"][0] == [4]  # it passed the beach


def from_the_raft_to_the_beach() -> None:
    after = state("from-the-raft-to-the-beach")
    view = after.view(None)
    assert view["fields"] == {"21": ["red"]} and view["cards"][0] == [3]
    assert view["face_up"] == 6 and view["cards_left"] == 19


def the_stack() -> None:
    before = state("the-stack", before=True)
    assert before.stack(18) == ["blue", "red", "yellow"]
    assert before.view(None)["moving"] == "red" and before.view(None)["face_up"] == 5
    after = state("the-stack")
    assert after.stack(15) == ["red", "yellow"] and after.stack(18) == ["blue"]
    assert after.view(None)["cards"] == [[], [3, 5], [], []]  # yellow's owner takes the 5
    # after red's first die, yellow's owner (player 1), not red's, chooses to roll on
    replay = state("the-stack", before=True)
    replay.apply("d1")
    assert replay.current_player == 1 and replay.view(None)["turn"] == 0


def a_stack_busts() -> None:
    after = state("a-stack-busts")
    assert after.stack(18) == ["blue"]  # the turtle below stays
    assert after.positions()["red"] == 0 and after.positions()["yellow"] == 0


def final_scores() -> None:
    final = state("final-scores")
    assert final.is_terminal() and final.current_player == TERMINAL
    view = final.view(None)
    assert view["beach"] == 2
    hands = [[1, 3, 3, 4, 5, 6], [1, 2, 4, 4, 6], [2, 3, 4, 6], [3, 3, 4, 5, 5]]
    assert [sorted(cards) for cards in view["cards"]] == hands
    assert final.scores() == [22.0, 17.0, 22.0, 20.0]
    assert final.card_counts() == [6, 5, 5, 5]  # the beach counts as a card
    assert final.ranking() == [1, 4, 2, 3]  # Martin before David on cards


def egg_card_as_die() -> None:
    before = state("egg-card-as-die", before=True)
    assert before.positions()["red"] == 21 and before.view(None)["cards"][0] == [2]
    after = state("egg-card-as-die")
    view = after.view(None)
    assert after.positions()["red"] == 14  # (5 + 2) × 2 from 21
    assert view["cards"][0] == [] and view["spent"] == [2]


def third_die_at_seven() -> None:
    assert state("third-die-at-seven").positions()["red"] == 0  # 3 + 4 + 1 = 8
    plain = MaheGame(MaheOptions(players=4)).new_state()  # without the option: 7 moves at once
    for move in (*EXAMPLES["third-die-at-seven"].setup, "d3", "roll", "d4"):
        plain.apply(move)
    assert plain.positions()["red"] == 17  # 3 + 7 × 2


CHECKS: dict[str, Callable[[], None]] = {
    "two-then-six": two_then_six,
    "two-and-four": two_and_four,
    "round-the-island": round_the_island,
    "from-the-raft-to-the-beach": from_the_raft_to_the_beach,
    "the-stack": the_stack,
    "a-stack-busts": a_stack_busts,
    "final-scores": final_scores,
    "egg-card-as-die": egg_card_as_die,
    "third-die-at-seven": third_die_at_seven,
}


def test_every_example_has_its_check() -> None:
    assert list(CHECKS) == list(EXAMPLES)


@pytest.mark.parametrize("name", list(CHECKS))
def test_example(name: str) -> None:
    CHECKS[name]()
