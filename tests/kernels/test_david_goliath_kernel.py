"""The David & Goliath kernel in lockstep with the engine, 3 to 6 players."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.games.david_goliath.kernel import kernel
from tests.kernels.lockstep import check_lockstep, check_policy

pytestmark = pytest.mark.xdist_group("david-goliath-kernel")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5, "deals": 2},
    {"players": 6, "deals": 1},
]


def _colours(mask: int) -> list[int]:
    return [(mask >> (18 * colour)) & 0x3FFFF for colour in range(5)]


def engine_row(state: State) -> list[int]:
    s: Any = state
    pad = 6 - s._n
    trick = list(s._trick)
    hands = [c for hand in s._hands for c in _colours(hand)]
    won = [c for pile in s._won for c in _colours(pile)]
    return [
        s._turn,
        s._deal,
        s._leader,
        len(trick),
        *trick,
        *[0] * (6 - len(trick)),
        *hands,
        *[0] * (5 * pad),
        *won,
        *[0] * (5 * pad),
        s._void,
        *s._totals,
        *[0] * pad,
        s._led,
    ]


def engine_snapshot(state: State) -> tuple[Any, ...]:
    full: Any = state._snapshot()
    turn, deal, leader, trick, _last, hands, won, _dealt, void = full[:9]
    return (turn, deal, leader, trick, hands, won, void)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o}")
def test_lockstep(options: dict[str, Any]) -> None:
    game = spieltisch.load("david_goliath", **options)
    k = kernel(game)
    assert check_lockstep(game, k, engine_row, 1000, 21, engine_snapshot=engine_snapshot) > 0


@pytest.mark.long
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_lockstep_long(players: int) -> None:
    game = spieltisch.load("david_goliath", players=players)
    check_lockstep(game, kernel(game), engine_row, 10_000, 5, engine_snapshot=engine_snapshot)


@pytest.mark.parametrize("players", [3, 5])
def test_policy_matches_the_engine(players: int) -> None:
    game = spieltisch.load("david_goliath", players=players)
    assert check_policy(game, kernel(game), games=20, seed=3) > 500
