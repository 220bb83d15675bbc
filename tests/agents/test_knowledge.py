"""Turning estimates into win chances, and finding each game's knowledge."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents.knowledge import (
    Generic,
    Knowledge,
    knowledge_for,
    playout,
    utilities,
    win_chances,
)
from spieltisch.core import CHANCE

GAMES = [("mahe", 4), ("madn", 4), ("david_goliath", 4), ("mabula", 2)]


def test_win_chances_sum_to_one_and_follow_the_estimates() -> None:
    chances = win_chances([10.0, 12.0, 8.0, 10.0], spread=3.0)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[1] > chances[0] > chances[2]
    assert chances[0] == pytest.approx(chances[3])


def test_two_players_level_is_an_even_chance_and_a_big_lead_is_certain() -> None:
    assert win_chances([5.0, 5.0], 2.0) == pytest.approx([0.5, 0.5])
    assert win_chances([100.0, 0.0], 1.0) == pytest.approx([1.0, 0.0])
    # one spread ahead: about the normal distribution's 84%
    assert win_chances([1.0, 0.0], 1.0)[0] == pytest.approx(0.84, abs=0.01)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_game_has_knowledge_that_plays_and_rates(name: str, players: int) -> None:
    game = spieltisch.load(name, players=players)
    known = knowledge_for(game)
    assert isinstance(known, Knowledge) and not isinstance(known, Generic)
    rng = random.Random(3)
    state = game.new_state()
    for _ in range(60):  # a few steps into the game, through the fast policy
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            action = known.playout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
    values = utilities(state, known)
    assert len(values) == players and sum(values) == pytest.approx(1.0)
    assert all(0.0 <= v <= 1.0 for v in values)
    result = playout(state.clone(), known, rng, 10_000)
    assert sum(result) == pytest.approx(1.0)


def test_a_game_without_agent_module_gets_generic_knowledge(toy: None) -> None:
    game = spieltisch.load("toy", players=3)
    known = knowledge_for(game)
    assert isinstance(known, Generic)
    state = game.new_state()
    state.sample_chance(random.Random(1))
    assert utilities(state, known) == pytest.approx([1 / 3] * 3)
