"""Every agent refuses a chance node and a finished game with one clear error."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.agents import AgentError, Budget, NoDecision, agent_names, hint, make
from spieltisch.core import SpieltischError
from spieltisch.sim.play import play_randomly

OPTIONS: dict[str, dict[str, Any]] = {"david_goliath": {"players": 3, "deals": 1}}
GAMES = [info.name for info in spieltisch.games()]


def finished(game: spieltisch.Game[Any]) -> spieltisch.State:
    state = game.new_state()
    rng = random.Random(2)
    play_randomly(state, rng)
    return state


def a_chance_node(game: spieltisch.Game[Any]) -> spieltisch.State:
    state = game.new_state()
    assert state.is_chance_node()
    return state


@pytest.mark.parametrize("game_name", GAMES)
def test_every_agent_refuses_chance_nodes_and_the_end(game_name: str) -> None:
    game = spieltisch.load(game_name, **OPTIONS.get(game_name, {}))
    over = finished(game)
    chance = a_chance_node(game)
    tried = 0
    for name in agent_names():
        try:
            agent = make(name, game, seed=1, budget=Budget(iterations=5))
        except AgentError:
            # alpha-beta plays two players, the rollouts (a kernel) Mensch ärgere Dich nicht
            assert (name == "alphabeta" and game.num_players > 2) or (
                name == "rollout" and game_name != "madn"
            )
            continue
        for state, words in ((chance, "chance node"), (over, "game is over")):
            before = state.clone()
            with pytest.raises(NoDecision, match=words):
                agent.choose(state)
            analyse = getattr(agent, "analyse", None)
            if analyse is not None:
                with pytest.raises(NoDecision, match=words):
                    analyse(state)
            assert state == before
            tried += 1
    assert tried >= 2 * (len(agent_names()) - 2)


def test_no_decision_is_a_spieltisch_error_like_the_hints() -> None:
    game = spieltisch.load("mabula")
    with pytest.raises(SpieltischError):
        hint(finished(game))
    assert issubclass(NoDecision, SpieltischError)


def test_an_agent_for_a_game_it_cannot_play_is_an_agent_error() -> None:
    with pytest.raises(AgentError, match="two-player games"):
        make("alphabeta", spieltisch.load("mahe"))
    with pytest.raises(AgentError, match="unknown agent 'nobody'"):
        make("nobody", spieltisch.load("mahe"))
