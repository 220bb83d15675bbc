"""The numbered tournament rules drawn (spieltisch/games/madn/examples.py), played by the
engine: each test checks what the rule says happens in its position."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spieltisch.core import CHANCE
from spieltisch.core.examples import examples
from spieltisch.games.madn.rules import MadnState

EXAMPLES = examples("madn")


def state(name: str, *, before: bool = False) -> MadnState:
    played = EXAMPLES[name].state("madn", before=before)
    assert isinstance(played, MadnState)
    return played


def pieces(played: MadnState, colour: str) -> list[str]:
    found = played.view(None)["pieces"][colour]
    assert isinstance(found, list)
    return sorted(found)


def three_tries() -> None:
    before = state("three-tries", before=True)
    assert before.view(None)["dice"] == [2, 3, 6] and before.legal_moves() == ["b"]
    after = state("three-tries")
    assert pieces(after, "red") == ["1", "b", "b", "b"]
    assert after.current_player == CHANCE and after.view(None)["turn"] == 0  # rule 8


def enter_on_a_six() -> None:
    before = state("enter-on-a-six", before=True)
    assert before.legal_moves() == ["b"]
    assert (before.explain("5") or "").startswith("rule 5:")
    assert pieces(state("enter-on-a-six"), "red") == ["1", "5", "b", "b"]


def clear_the_start() -> None:
    before = state("clear-the-start", before=True)
    assert before.legal_moves() == ["1"]
    assert (before.explain("5") or "").startswith("rule 6:")
    assert pieces(state("clear-the-start"), "red") == ["5", "7", "b", "b"]


def jump_and_count() -> None:
    before = state("jump-and-count", before=True)
    assert sorted(before.legal_moves()) == ["4", "5"]
    assert pieces(state("jump-and-count"), "red") == ["5", "6", "b", "b"]  # 4 over 5 to 6


def capture() -> None:
    before = state("capture", before=True)
    assert before.legal_moves() == ["17"]
    assert (before.explain("6") or "").startswith("rule 11:")
    after = state("capture")
    assert pieces(after, "yellow") == ["b"] * 4 and pieces(after, "red") == ["22", "6", "b", "b"]


def into_the_goal() -> None:
    before = state("into-the-goal", before=True)
    assert pieces(before, "red") == ["40", "b", "b", "b"]
    assert pieces(state("into-the-goal"), "red") == ["b", "b", "b", "g4"]


def time_is_up() -> None:
    after = state("time-is-up")
    assert after.is_terminal()
    assert pieces(after, "red") == ["2", "8", "b", "b"] and pieces(after, "yellow")[0] == "31"
    assert after.ranking() == [1, 2]  # two pieces on the track beat one that went further


CHECKS: dict[str, Callable[[], None]] = {
    "three-tries": three_tries,
    "enter-on-a-six": enter_on_a_six,
    "clear-the-start": clear_the_start,
    "jump-and-count": jump_and_count,
    "capture": capture,
    "into-the-goal": into_the_goal,
    "time-is-up": time_is_up,
}


def test_every_example_has_its_check() -> None:
    assert list(CHECKS) == list(EXAMPLES)


@pytest.mark.parametrize("name", list(CHECKS))
def test_example(name: str) -> None:
    CHECKS[name]()
