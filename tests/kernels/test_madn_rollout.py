"""The rollout agent of Mensch ärgere Dich nicht (issue 49): compiled playouts rate each
candidate move with the same dice for every candidate."""

from __future__ import annotations

import numpy as np
import pytest

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.agents.base import AgentError
from spieltisch.agents.rollout import RolloutAgent
from spieltisch.core import State
from spieltisch.sim.play import random_decisions

pytestmark = pytest.mark.xdist_group("madn-rollout")
"""One xdist worker compiles the rollout kernel (see test_madn_td.py)."""


def positions(seed: int, games: int, players: int = 4) -> list[State]:
    return random_decisions(spieltisch.load("madn", players=players), seed, games)


def test_the_kernel_position_is_the_engines() -> None:
    game = spieltisch.load("madn")
    agent = RolloutAgent(game, seed=1)
    for state in positions(3, 2)[::7]:
        assert agent._kernel.snapshot(agent.position(state)) == state._snapshot()


def test_the_compiled_evaluation_is_the_hand_made_one() -> None:
    """The playouts' evaluation gives the expert's win chances (before anyone is home)."""
    from spieltisch.agents.knowledge import knowledge_for, utilities
    from spieltisch.games.madn import rollouts

    game = spieltisch.load("madn")
    agent = RolloutAgent(game, seed=1)
    knowledge = knowledge_for(game)
    compared = 0
    for state in positions(5, 2)[::3]:
        if state.finishing_order:  # type: ignore[attr-defined]
            continue
        expected = utilities(state, knowledge)
        position = agent.position(state)
        for player in range(4):
            got = rollouts._chance(position, agent._kernel.params, player, np.zeros(4))
            assert got == pytest.approx(expected[player], abs=1e-9)
        compared += 1
    assert compared > 20


def test_plays_legal_moves_only_and_rates_every_one() -> None:
    game = spieltisch.load("madn")
    agent = make("rollout", game, seed=5, budget=Budget(iterations=20))
    for state in positions(4, 1)[::5]:
        choices = agent.analyse(state)  # type: ignore[attr-defined]
        assert sorted(c.action for c in choices) == sorted(state.legal_actions())
        assert all(0.0 <= c.value <= 1.0 for c in choices)
        assert agent.choose(state) in state.legal_moves()


def test_the_same_seed_gives_the_same_moves() -> None:
    game = spieltisch.load("madn")
    states = positions(6, 1)[::9]
    first = make("rollout", game, seed=11, budget=Budget(iterations=30))
    second = make("rollout", game, seed=11, budget=Budget(iterations=30))
    values = [[c.value for c in first.analyse(s)] for s in states]  # type: ignore[attr-defined]
    again = [[c.value for c in second.analyse(s)] for s in states]  # type: ignore[attr-defined]
    assert values == again
    assert len({tuple(v) for v in values}) > 1


def test_a_clearly_right_move_is_found() -> None:
    """Where the expert's exact search rates one move at least 10 points of win chance
    above every other (a capture of a far-travelled piece, a piece saved into the goal),
    the rollouts play it too. (Under the enforced duties a capture is the only legal move
    when it is the only capture, and a move that brings the last piece home never has an
    alternative, so these are the clear choices that remain.)"""
    game = spieltisch.load("madn")
    agent = make("rollout", game, seed=2)
    expert = make("expert", game, seed=2, budget=Budget())
    checked = 0
    for state in positions(8, 6):
        rated = expert.analyse(state)  # type: ignore[attr-defined]
        if rated[0].value < rated[1].value + 0.1:
            continue
        assert agent.analyse(state)[0].action == rated[0].action  # type: ignore[attr-defined]
        checked += 1
    assert checked >= 3


def test_common_random_numbers_tie_identical_candidates() -> None:
    """The same candidate twice gets exactly the same playouts: the dice are shared."""
    from spieltisch.games.madn import rollouts

    game = spieltisch.load("madn")
    agent = RolloutAgent(game, seed=1)
    state = positions(9, 1)[20]
    action = state.legal_actions()[0]
    out = np.zeros(2)
    rngs = np.zeros(5, dtype=np.uint64)
    scratch = np.zeros(rollouts.SIZE, dtype=np.int64)
    candidates = np.array([action, action], dtype=np.int64)
    rollouts.rate(
        agent._kernel.params,
        agent.position(state),
        candidates,
        50,
        123,
        8,
        0.2,
        rollouts.GREEDY,
        out,
        scratch,
        np.zeros(rollouts.SIZE, dtype=np.int64),
        np.zeros(4),
        rngs,
    )
    assert out[0] == out[1]
    assert 0 < out[0] < 50


def test_other_games_are_refused() -> None:
    with pytest.raises(AgentError):
        make("rollout", spieltisch.load("mahe"), seed=1)
