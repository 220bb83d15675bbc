"""Expectimax on Mahé: a roll-or-stop decision whose expectation is written out by hand."""

from __future__ import annotations

import pytest

from spieltisch.agents import make
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.knowledge import knowledge_for, utilities
from spieltisch.core import State
from tests.games.mahe.helpers import deck, load, play, start


def after(state: State, *tokens: str) -> State:
    child = state.clone()
    play(child, *tokens)  # type: ignore[arg-type]
    return child


def test_roll_or_stop_after_a_five_is_the_expectation_over_the_next_dice() -> None:
    game = load(players=4)
    state = play(start(game, deck([5, 3, 6])), "d5")  # red, on the raft, rolled a 5
    assert state.legal_moves() == ["roll", "stop"]
    known = knowledge_for(game)

    def u(*tokens: str) -> float:
        """Red's win chance where red's move has ended after these entries."""
        leaf = after(state, *tokens)
        assert leaf.view(None)["turn"] == 1, "red's move is over"
        return utilities(leaf, known)[0]

    bust = u("roll", "d3")  # 5 + 3 > 7: back to the raft
    assert u("roll", "d4") == u("roll", "d6") == bust
    # a 1 makes 6: red may roll a third die (only a 1 keeps the sum at 7) or stop at 12
    third = max(u("roll", "d1", "stop"), (u("roll", "d1", "roll", "d1") + 5 * bust) / 6)
    # a 2 makes exactly 7: 14 fields at once
    expected_roll = (third + u("roll", "d2") + 4 * bust) / 6
    expected_stop = u("stop")

    agent = ExpectimaxAgent(game, seed=1)
    segment = agent.segment(state)
    assert agent.value(after(state, "roll"), segment, 12)[0] == pytest.approx(expected_roll)
    assert agent.value(after(state, "stop"), segment, 12)[0] == pytest.approx(expected_stop)
    values = {choice.move: choice.value for choice in agent.analyse(state)}
    assert values["roll"] == pytest.approx(expected_roll, abs=0.05)
    assert values["stop"] == pytest.approx(expected_stop, abs=0.05)
    best = "roll" if expected_roll > expected_stop else "stop"
    assert agent.choose(state) == best


def test_stopping_is_right_when_the_stop_already_takes_the_card() -> None:
    """A 6 from field 15 crosses the beach: a second die risks a bust for nothing."""
    game = load(players=4)
    state = start(game, deck([6, 3, 2]))
    play(state, "d5", "roll", "d2")  # red moves 14 fields at once
    for _ in range(3):  # yellow, blue and green bust
        play(state, "d6", "roll", "d6")
    play(state, "d1", "stop")  # red: 15
    for _ in range(3):
        play(state, "d6", "roll", "d6")
    play(state, "d6")
    assert state.view(None)["controller"] == 0
    assert make("hard", game, seed=3).choose(state) == "stop"
    assert ExpectimaxAgent(game, seed=3).choose(state) == "stop"
