"""The Mensch ärgere Dich nicht kernel in lockstep with the engine, for every option."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.games.madn.kernel import kernel
from tests.kernels.lockstep import check_lockstep, check_policy

pytestmark = pytest.mark.xdist_group("madn-kernel")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "duties": "penalized"},
    {"players": 4, "duties": "penalized", "max_rounds": 25},
    {"players": 4, "rules": "openspiel"},
    {"players": 3, "max_rounds": 30},
]
"""Every option value at least once, each set 1,000 games in CI."""


def engine_row(state: State) -> list[int]:
    s: Any = state
    cp = s.current_player
    goal = s._goal + [0] * (4 - len(s._goal))
    return [
        *s._track,
        *goal,
        cp,
        s._turn,
        s._die if cp >= 0 else 0,
        s._tries,
        len(s._dice),
        s._round,
        s._over,
        len(s._finished),
    ]  # as wide as kernel.ROW


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_lockstep(options: dict[str, Any]) -> None:
    game = spieltisch.load("madn", **options)
    assert check_lockstep(game, kernel(game), engine_row, games=1000, seed=21) > 0


@pytest.mark.long
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("duties", ["enforced", "penalized"])
@pytest.mark.parametrize("max_rounds", [None, 12, 40])
def test_lockstep_long(players: int, duties: str, max_rounds: int | None) -> None:
    game = spieltisch.load("madn", players=players, duties=duties, max_rounds=max_rounds)
    check_lockstep(game, kernel(game), engine_row, games=10_000, seed=players)


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=str)
def test_policy_matches_the_engine(options: dict[str, Any]) -> None:
    game = spieltisch.load("madn", **options)
    assert check_policy(game, kernel(game), games=30, seed=3) > 100


@pytest.mark.parametrize(
    ("time_up", "stopped_rule"),
    [("round", "rule18"), ("turn", "rule18"), ("now", "steps"), ("round", "steps")],
)
@pytest.mark.parametrize("players", [3, 4])
def test_lockstep_when_time_is_called(players: int, time_up: str, stopped_rule: str) -> None:
    """Rule 18's two readings (the round played to its end, or only the turn in
    progress) and the championships' (at once, ranked by steps): the kernel stops where
    the engine stops after the referee's `time`, and ranks the game as it does."""
    import random

    game = spieltisch.load("madn", players=players, time_up=time_up, stopped_rule=stopped_rule)
    rng = random.Random(players)
    k = kernel(game)
    for index in range(60):
        state = game.new_state()
        steps: list[tuple[int, int]] = []
        rows = []
        call_at = 20 + index * 3
        while not state.is_terminal():
            if len(steps) == call_at:
                state.apply("time")
                steps.append(k.encode("time"))
            elif state.current_player == spieltisch.CHANCE:
                steps.append(k.encode(state.sample_chance(rng)))
            else:
                action = rng.choice(state.legal_actions())
                state.apply(action)
                steps.append((0, action))
            rows.append(engine_row(state))
        final, got, _legal = k.replay(steps)
        assert got == rows, f"game {index} differs"
        assert k.outcome(final) == (state.scores(), state.ranking()), f"game {index}: result"
