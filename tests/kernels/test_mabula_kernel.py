"""The Mabula kernel in lockstep with the engine, for both scorings and tie-breaks."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.games.mabula.kernel import kernel
from tests.kernels.lockstep import check_lockstep, check_policy

pytestmark = pytest.mark.xdist_group("mabula-kernel")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""

OPTION_SETS: list[dict[str, Any]] = [
    {"scoring": "largest", "tiebreak": "none"},
    {"scoring": "product", "tiebreak": "none"},
    {"scoring": "largest", "tiebreak": "groups"},
    {"scoring": "product", "tiebreak": "groups"},
]


def engine_row(state: State) -> list[int]:
    snapshot: Any = state._snapshot()
    return list(snapshot)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['scoring']}-{o['tiebreak']}")
def test_lockstep(options: dict[str, Any]) -> None:
    game = spieltisch.load("mabula", **options)
    assert check_lockstep(game, kernel(game), engine_row, games=1000, seed=21) > 20_000


@pytest.mark.long
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['scoring']}-{o['tiebreak']}")
def test_lockstep_long(options: dict[str, Any]) -> None:
    game = spieltisch.load("mabula", **options)
    check_lockstep(game, kernel(game), engine_row, games=50_000, seed=5)


def test_policy_matches_the_engine() -> None:
    game = spieltisch.load("mabula")
    assert check_policy(game, kernel(game), games=30, seed=3) > 500
