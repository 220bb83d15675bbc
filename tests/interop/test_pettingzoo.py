"""The games as PettingZoo AEC environments: PettingZoo's own API and seed tests, and more."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from spieltisch.core import IllegalMove
from spieltisch.interop.pettingzoo import env
from tests.interop.conftest import GAMES

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("mahe", {}),
    ("mahe", {"players": 2, "egg_cards_as_dice": True}),
    ("madn", {"players": 4}),
    ("madn", {"players": 3, "duties": "penalized", "max_rounds": 6}),
    ("david_goliath", {}),
    ("david_goliath", {"players": 6, "deals": 1}),
    ("mabula", {}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation (with the action mask) is no array
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, render_mode="ansi", **options), num_cycles=1000)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=300)


def _play(aec: Any, seed: int) -> tuple[dict[str, float], list[int]]:
    aec.reset(seed=seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    actions = []
    rng = np.random.default_rng(seed)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _info = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert list(legal) == aec.state.legal_actions()
        action = int(rng.choice(legal))
        actions.append(action)
        aec.step(action)
    return totals, actions


@pytest.mark.parametrize("name", GAMES)
def test_final_rewards_are_the_returns(name: str) -> None:
    aec = env(name)
    totals, _ = _play(aec, seed=3)
    assert aec.state.is_terminal()
    assert [totals[agent] for agent in aec.possible_agents] == aec.state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    first = env(name)
    second = env(name)
    _play(first, seed=5)
    _play(second, seed=5)
    assert first.state.history() == second.state.history()


def test_masks_and_observations_per_agent() -> None:
    aec = env("david_goliath", players=4)
    aec.reset(seed=1)
    mover = aec.agent_selection
    for agent in aec.possible_agents:
        observation = aec.observe(agent)
        assert observation["observation"].shape == (581,)
        assert observation["action_mask"].dtype == np.int8
        assert observation["action_mask"].any() == (agent == mover)
        assert aec.observation_space(agent).contains(observation)


def test_illegal_action_raises() -> None:
    aec = env("mabula")
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    with pytest.raises(IllegalMove):
        aec.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.parametrize("name", GAMES)
def test_render_ansi(name: str) -> None:
    aec = env(name, render_mode="ansi")
    aec.reset(seed=2)
    text = aec.render()
    assert isinstance(text, str) and text.strip()
    assert "\x1b[" not in text  # plain text, no terminal colours


def test_options_reach_the_game() -> None:
    aec = env("madn", players=3, max_rounds=2)
    assert aec.possible_agents == ["player_0", "player_1", "player_2"]
    assert aec.game.options.max_rounds == 2
    assert str(aec) == "spieltisch_madn_v0"
