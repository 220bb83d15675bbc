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


def one_roll() -> None:
    before = state("one-roll", before=True)
    assert pieces(before, "red") == ["b", "b", "b", "g1"] and before.view(None)["turn"] == 0
    after = state("one-roll")  # a 5: the piece on g1 cannot move it, none can (rule 9)
    assert pieces(after, "red") == ["b", "b", "b", "g1"]
    # g1 could still advance, so red rolls once, not three times (rule 7): yellow's turn
    assert after.current_player == CHANCE and after.view(None)["turn"] == 1


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


def a_capture_missed() -> None:
    before = state("a-capture-missed", before=True)
    assert sorted(before.legal_moves()) == ["17", "6", "pass"]  # the referee's mode
    after = state("a-capture-missed")
    # the move is void (rule 14): 6 stays; the piece that could capture goes home (rule 12)
    assert pieces(after, "red") == ["6", "b", "b", "b"]
    assert pieces(after, "yellow") == ["22", "b", "b", "b"]
    assert after.current_player == CHANCE and after.view(None)["turn"] == 1


def entering_missed() -> None:
    before = state("entering-missed", before=True)
    assert sorted(before.legal_moves()) == ["5", "b", "pass"]
    after = state("entering-missed")
    # void (rule 14): the piece stays on 5, none enters, no roll after the 6: yellow's turn
    assert pieces(after, "red") == ["5", "b", "b", "b"]
    assert after.current_player == CHANCE and after.view(None)["turn"] == 1


def into_the_goal() -> None:
    before = state("into-the-goal", before=True)
    assert pieces(before, "red") == ["40", "b", "b", "b"]
    assert pieces(state("into-the-goal"), "red") == ["b", "b", "b", "g4"]


def play_on() -> None:
    before = state("play-on", before=True)
    assert pieces(before, "red") == ["36", "g2", "g3", "g4"]
    after = state("play-on")
    assert pieces(after, "red") == ["g1", "g2", "g3", "g4"]
    # red has won; black and yellow play on for the other places, red is skipped
    assert not after.is_terminal() and after.view(None)["finished"] == [0]
    assert after.current_player == CHANCE and after.view(None)["turn"] == 1
    for roll in ("d1",) * 6:  # black, then yellow: three tries each without a 6
        after.apply(roll)
    assert after.view(None)["turn"] == 1


def time_is_up() -> None:
    after = state("time-is-up")
    assert after.is_terminal()
    assert pieces(after, "red") == ["2", "8", "b", "b"] and pieces(after, "yellow")[0] == "31"
    assert after.ranking() == [1, 2]  # two pieces on the track beat one that went further


CHECKS: dict[str, Callable[[], None]] = {
    "three-tries": three_tries,
    "enter-on-a-six": enter_on_a_six,
    "clear-the-start": clear_the_start,
    "one-roll": one_roll,
    "jump-and-count": jump_and_count,
    "capture": capture,
    "a-capture-missed": a_capture_missed,
    "entering-missed": entering_missed,
    "into-the-goal": into_the_goal,
    "play-on": play_on,
    "time-is-up": time_is_up,
}


def test_every_example_has_its_check() -> None:
    assert list(CHECKS) == list(EXAMPLES)


@pytest.mark.parametrize("name", list(CHECKS))
def test_example(name: str) -> None:
    CHECKS[name]()
