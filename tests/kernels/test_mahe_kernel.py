"""The Mahé kernel in lockstep with the engine: 2 to 7 players, both variants."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.games.mahe.kernel import kernel
from tests.kernels.lockstep import check_lockstep, check_policy

pytestmark = pytest.mark.xdist_group("mahe-kernel")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2, "egg_cards_as_dice": True},
    {"players": 3, "third_die_at_seven": True},
    {"players": 5, "egg_cards_as_dice": True, "third_die_at_seven": True},
    {"players": 7, "deck": (9,) * 12 + (1,) * 12},
    {"players": 3, "turtles_per_player": 1, "egg_cards_as_dice": True},
]
"""Every option value at least once, each set 1,000 games in CI."""


def _multiset(values: Any) -> int:
    code = 0
    for value in values:
        code += 1 << (5 * (value - 1))
    return code


def engine_row(state: State) -> list[int]:
    s: Any = state
    n = s.game.num_players
    dice = list(s._dice)
    level = [0] * 7
    for stack in s._fields:
        for index, turtle in enumerate(stack):
            level[turtle] = index
    pos = s._pos
    return [
        s._phase,
        s._turn,
        s._mover,
        s._second,
        s._ctrl,
        len(dice),
        *dice,
        *[0] * (3 - len(dice)),
        s._card_slot,
        int(s._card_used),
        s._top,
        s._beach,
        s._cp,
        *pos,
        *[0] * (7 - len(pos)),
        *level,
        *[_multiset(cards) for cards in s._won],
        *[0] * (7 - n),
        _multiset(s._spent),
    ]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o}")
def test_lockstep(options: dict[str, Any]) -> None:
    game = spieltisch.load("mahe", **options)
    assert check_lockstep(game, kernel(game), engine_row, games=1000, seed=21) > 0


@pytest.mark.long
@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("cards", [False, True])
@pytest.mark.parametrize("third", [False, True])
def test_lockstep_long(players: int, cards: bool, third: bool) -> None:
    game = spieltisch.load(
        "mahe", players=players, egg_cards_as_dice=cards, third_die_at_seven=third
    )
    check_lockstep(game, kernel(game), engine_row, games=5000, seed=players)


@pytest.mark.parametrize("players", [2, 4])
def test_policy_matches_the_engine(players: int) -> None:
    game = spieltisch.load("mahe", players=players)
    assert check_policy(game, kernel(game), games=20, seed=3) > 500
