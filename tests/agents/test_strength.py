"""A short strength check for CI: the expert, on a small budget, beats random players.

The full table with time budgets is `benchmarks/strength.py` (docs/strength.md).
"""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.core import CHANCE
from spieltisch.core.ranking import win_shares
from spieltisch.sim.stats import wilson_interval

# game, players, games, the expert's budget
SMOKE = [
    ("mabula", 2, 24, Budget(iterations=100)),
    ("mahe", 4, 40, Budget(iterations=300)),
    ("madn", 4, 32, Budget(iterations=100)),
    ("david_goliath", 4, 16, Budget(iterations=60)),
]


def expert_share(name: str, players: int, games: int, budget: Budget) -> tuple[float, int]:
    """Win shares of one expert against random players, its seat rotating."""
    game = spieltisch.load(name, players=players)
    wins = 0.0
    for index in range(games):
        seat = index % players
        agents = [
            make("expert" if s == seat else "random", game, seed=100 * index + s, budget=budget)
            for s in range(players)
        ]
        rng = random.Random(index)
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
            else:
                state.apply(agents[state.current_player].choose(state))
        wins += win_shares(state.ranking())[seat]
    return wins, games


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "games", "budget"), SMOKE, ids=[s[0] for s in SMOKE])
def test_the_expert_beats_random_players(
    name: str, players: int, games: int, budget: Budget
) -> None:
    wins, games = expert_share(name, players, games, budget)
    low, _high = wilson_interval(wins, games)
    assert low > 1 / players, f"{name}: expert won {wins} of {games}"
