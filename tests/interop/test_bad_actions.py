"""Bad actions in the RL adapters follow each library's conventions; no episode ends unsaid."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium

from spieltisch.core import IllegalMove
from spieltisch.interop.actions import action_index
from spieltisch.interop.gymnasium import SpieltischEnv
from spieltisch.interop.pettingzoo import env

NOT_ACTIONS: list[Any] = [None, "abc", "1", math.nan, 1.7, 1.0, True, False, [1], (1,), -1, 10**6]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_only_ints_and_numpy_integers_in_range_are_actions(action: Any) -> None:
    assert action_index(action, 144) is None


def test_numpy_integers_are_actions() -> None:
    assert action_index(np.int64(3), 144) == 3
    assert action_index(np.array(5, dtype=np.int32), 144) == 5
    assert action_index(np.array([5]), 144) is None
    assert action_index(np.float64(5.0), 144) is None


# -- Gymnasium -----------------------------------------------------------------------------


def unwrapped(game_id: str, **kwargs: Any) -> SpieltischEnv:
    environment = gymnasium.make(game_id, **kwargs).unwrapped
    assert isinstance(environment, SpieltischEnv)
    return environment


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_gymnasium_lose_ends_the_episode_for_anything_that_is_no_action(action: Any) -> None:
    environment = unwrapped("spieltisch/Mabula-v0")
    environment.reset(seed=1)
    _, reward, terminated, truncated, info = environment.step(action)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_gymnasium_raise_names_the_action_space(action: Any) -> None:
    environment = unwrapped("spieltisch/Mabula-v0", illegal="raise")
    environment.reset(seed=1)
    before = environment.state.clone()
    with pytest.raises(IllegalMove, match="action"):
        environment.step(action)
    assert environment.state == before


def test_gymnasium_step_before_reset_asks_for_reset() -> None:
    environment = unwrapped("spieltisch/Mabula-v0")
    with pytest.raises(gymnasium.error.ResetNeeded):
        environment.step(0)


@pytest.mark.parametrize("seed", range(20))
def test_gymnasium_reset_never_hands_out_a_finished_game(seed: int) -> None:
    environment = unwrapped("spieltisch/Madn-v0", players=4, max_rounds=1)
    _, info = environment.reset(seed=seed)
    assert info["action_mask"].any() and not environment.state.is_terminal()
    terminated = False
    while not terminated:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, _, info = environment.step(int(legal[0]))
    assert -1.0 <= float(reward) <= 1.0 and "illegal_action" not in info


# -- PettingZoo ----------------------------------------------------------------------------


def played_out(**options: Any) -> Any:
    aec = env("mabula", **options)
    aec.reset(seed=3)
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return aec


def test_pettingzoo_before_reset_asks_for_reset() -> None:
    aec = env("mabula")
    with pytest.raises(AssertionError, match="reset"):
        aec.step(0)
    with pytest.raises(AssertionError, match="reset"):
        aec.last()


def test_pettingzoo_step_after_the_end_warns_and_changes_nothing() -> None:
    aec = played_out()
    assert aec.agents == []
    aec.step(None)
    aec.step(3)
    assert aec.agents == []


@pytest.mark.parametrize("action", [a for a in NOT_ACTIONS if a is not None], ids=repr)
def test_pettingzoo_refuses_what_is_no_action(action: Any) -> None:
    aec = env("mabula")
    aec.reset(seed=1)
    before = aec.state.clone()
    with pytest.raises(IllegalMove, match="action space"):
        aec.step(action)
    assert aec.state == before


def test_pettingzoo_none_for_a_live_agent_is_refused() -> None:
    aec = env("mabula")
    aec.reset(seed=1)
    with pytest.raises(IllegalMove):
        aec.step(None)


@pytest.mark.parametrize("action", ["abc", math.nan, 1.7, True, [1], "illegal"], ids=repr)
def test_pettingzoo_lose_ends_the_game_against_the_agent(action: Any) -> None:
    aec = env("mabula", illegal="lose")
    aec.reset(seed=1)
    if action == "illegal":
        action = int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"] == 0)[0])
    mover = aec.agent_selection
    aec.step(action)
    assert all(aec.terminations.values())
    assert aec.rewards[mover] == -1.0 and aec.infos[mover]["illegal_action"]
    assert all(reward == 0.0 for agent, reward in aec.rewards.items() if agent != mover)
    for _agent in aec.agent_iter():
        assert aec.last()[2]
        aec.step(None)
    assert aec.agents == []


DOC_LOOP_OPTIONS = [
    ("Madn", {"players": 2, "max_rounds": 1}),
    ("Madn", {"players": 3, "max_rounds": 1, "duties": "penalized"}),
    ("Madn", {"players": 4, "max_rounds": 1, "rules": "openspiel"}),
    ("Mahe", {"players": 7}),
    ("Mahe", {"players": 2, "egg_cards_as_dice": True}),
    ("DavidGoliath", {"players": 6, "deals": 1}),
    ("Mabula", {"scoring": "product"}),
]


@pytest.mark.parametrize(("game", "options"), DOC_LOOP_OPTIONS)
def test_the_loop_of_the_docs_holds_for_these_options(game: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        environment = gymnasium.make(f"spieltisch/{game}-v0", opponents="random", **options)
        _observation, info = environment.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            legal = info["action_mask"].nonzero()[0]
            action = int(environment.np_random.choice(legal))
            _observation, reward, terminated, truncated, info = environment.step(action)
        assert "illegal_action" not in info and -1.0 <= float(reward) <= 1.0
