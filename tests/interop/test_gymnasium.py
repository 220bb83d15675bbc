"""The games as single-agent Gymnasium environments against our agents."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from spieltisch.core import IllegalMove  # noqa: E402
from spieltisch.interop.gymnasium import ENV_IDS, SpieltischEnv, env_id  # noqa: E402
from tests.interop.conftest import GAMES  # noqa: E402


def test_ids_are_registered() -> None:
    assert env_id("david_goliath") == "spieltisch/DavidGoliath-v0"
    for game in GAMES:
        assert ENV_IDS[game] == env_id(game)
        assert env_id(game) in gymnasium.registry


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_check_env(game: str, seat: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures too
        check_env(gymnasium.make(env_id(game), seat=seat).unwrapped)


def _episode(environment: Any, seed: int) -> tuple[float, int, dict[str, Any]]:
    observation, info = environment.reset(seed=seed)
    total, steps = 0.0, 0
    terminated = truncated = False
    while not (terminated or truncated):
        assert environment.observation_space.contains(observation)
        legal = np.flatnonzero(info["action_mask"])
        action = int(environment.np_random.choice(legal))
        observation, reward, terminated, truncated, info = environment.step(action)
        total += float(reward)
        steps += 1
    return total, steps, info


@pytest.mark.parametrize("game", GAMES)
def test_reward_is_the_final_return_of_the_seat(game: str) -> None:
    environment = gymnasium.make(env_id(game)).unwrapped
    total, steps, info = _episode(environment, seed=4)
    assert steps > 0 and "illegal_action" not in info
    state = environment.state
    assert state.is_terminal()
    assert total == state.returns()[0]


@pytest.mark.parametrize("game", GAMES)
def test_seeded_episodes_repeat(game: str) -> None:
    first = gymnasium.make(env_id(game), seat=1).unwrapped
    second = gymnasium.make(env_id(game), seat=1).unwrapped
    _episode(first, seed=9)
    _episode(second, seed=9)
    assert first.state.history() == second.state.history()


def test_options_and_opponents() -> None:
    environment = gymnasium.make(
        "spieltisch/Madn-v0", players=3, max_rounds=3, opponents=["random", "random"], seat=2
    ).unwrapped
    assert isinstance(environment, SpieltischEnv)
    assert environment.game.num_players == 3
    _observation, info = environment.reset(seed=1)
    assert environment.state.current_player == 2
    assert np.array_equal(environment.action_masks(), info["action_mask"])
    with pytest.raises(ValueError, match="opponents"):
        gymnasium.make("spieltisch/Madn-v0", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("spieltisch/Mabula-v0", seat=2)


def test_illegal_action_loses_or_raises() -> None:
    environment = gymnasium.make("spieltisch/Mabula-v0").unwrapped
    _observation, info = environment.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _observation, reward, terminated, _truncated, info = environment.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        environment.step(illegal)
    strict = gymnasium.make("spieltisch/Mabula-v0", illegal="raise").unwrapped
    strict.reset(seed=1)
    with pytest.raises(IllegalMove):
        strict.step(illegal)


def test_render_ansi_shows_the_seats_view() -> None:
    environment = gymnasium.make("spieltisch/DavidGoliath-v0", render_mode="ansi").unwrapped
    environment.reset(seed=3)
    text = environment.render()
    assert isinstance(text, str)
    assert "Your hand" in text  # seat 0's own cards, which a spectator would not see
