"""Fuzz the adapters' `step`: any value passed as an action is taken, refused with
IllegalMove, or (illegal="lose") ends the episode with -1, as each library's rules say."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from spieltisch.core import IllegalMove
from spieltisch.interop.gymnasium import SpieltischEnv as GymEnv
from spieltisch.interop.pettingzoo import SpieltischEnv as AecEnv
from tests.fuzz.budget import both_forms, bounded
from tests.fuzz.conftest import TRIED

GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "mahe": {"players": 2},
    "madn": {"players": 2, "max_rounds": 2},
    "david_goliath": {"players": 3, "deals": 1},
    "mabula": {},
}
ODD = (
    st.none()
    | st.booleans()
    | st.floats(allow_nan=True)
    | st.text(max_size=4)
    | st.lists(st.integers(0, 5), max_size=2)
    | st.integers()
    | st.builds(np.int64, st.integers(-5, 200))
    | st.builds(np.float32, st.floats(-5, 200, width=32))
)
LEGAL = st.just("legal")
ACTIONS = st.lists(LEGAL | LEGAL | LEGAL | st.integers(-2, 200) | ODD, min_size=1, max_size=30)


def _legal(mask: Any, pick: int) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[pick % len(legal)])


def _gymnasium(examples: int) -> Any:
    @bounded(examples)
    @given(
        game=st.sampled_from(sorted(GAME_OPTIONS)),
        illegal=st.sampled_from(["lose", "raise"]),
        seed=st.integers(0, 2**16),
        actions=ACTIONS,
    )
    def test(game: str, illegal: str, seed: int, actions: list[Any]) -> None:
        environment = GymEnv(game, illegal=illegal, **GAME_OPTIONS[game])  # type: ignore[arg-type]
        _, info = environment.reset(seed=seed)
        for index, action in enumerate(actions):
            TRIED["adapter steps"] += 1
            assert info["action_mask"].any()
            if isinstance(action, str) and action == "legal":
                action = _legal(info["action_mask"], index)
            before = environment.state.clone()
            try:
                _, reward, terminated, truncated, info = environment.step(action)
            except IllegalMove:
                assert illegal == "raise" and environment.state == before
                continue
            assert not truncated and -1.0 <= float(reward) <= 1.0
            if terminated:
                if info.get("illegal_action"):
                    assert illegal == "lose" and reward == -1.0
                _, info = environment.reset(seed=seed + index)

    return test


def _pettingzoo(examples: int) -> Any:
    @bounded(examples)
    @given(
        game=st.sampled_from(sorted(GAME_OPTIONS)),
        illegal=st.sampled_from(["lose", "raise"]),
        seed=st.integers(0, 2**16),
        actions=ACTIONS,
    )
    def test(game: str, illegal: str, seed: int, actions: list[Any]) -> None:
        aec = AecEnv(game, illegal=illegal, **GAME_OPTIONS[game])  # type: ignore[arg-type]
        aec.reset(seed=seed)
        for index, action in enumerate(actions):
            TRIED["adapter steps"] += 1
            if not aec.agents:
                aec.step(action)  # after the end: PettingZoo warns and does nothing
                assert not aec.agents
                continue
            agent = aec.agent_selection
            observation, _, terminated, truncated, _ = aec.last()
            if isinstance(action, str) and action == "legal":
                action = None if terminated else _legal(observation["action_mask"], index)
            before = aec.state.clone()
            if terminated or truncated:
                if action is None:
                    aec.step(None)
                else:
                    with pytest.raises(ValueError, match="only valid action is None"):
                        aec.step(action)
                continue
            try:
                aec.step(action)
            except IllegalMove:
                assert illegal == "raise" and aec.state == before
                continue
            if aec.infos.get(agent, {}).get("illegal_action"):
                assert illegal == "lose" and aec.rewards[agent] == -1.0

    return test


test_gymnasium_step, test_gymnasium_step_long = both_forms(_gymnasium, 120)
test_pettingzoo_step, test_pettingzoo_step_long = both_forms(_pettingzoo, 120)
