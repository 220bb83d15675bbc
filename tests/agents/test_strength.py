"""A short strength check for CI: the expert, on a small budget, beats random players,
and two cheap steps of the ladder hold.

The full table with time budgets is `benchmarks/strength.py` (docs/strength.md).
"""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.core.ranking import win_shares
from spieltisch.sim.play import play_game
from spieltisch.sim.stats import wilson_interval

# game, players, games, the expert's budget
SMOKE = [
    ("mabula", 2, 24, Budget(iterations=100)),
    ("mahe", 4, 40, Budget(iterations=300)),
    ("madn", 4, 32, Budget(iterations=100)),
    ("david_goliath", 4, 16, Budget(iterations=60)),
]


def match_share(
    name: str,
    players: int,
    games: int,
    budget: Budget | None = None,
    a: str = "expert",
    b: str = "random",
) -> tuple[float, int]:
    """Win shares of one `a` against copies of `b`, its seat rotating (`budget` for `a`)."""
    game = spieltisch.load(name, players=players)
    wins = 0.0
    for index in range(games):
        seat = index % players
        agents = [
            make(a, game, seed=100 * index + s, budget=budget)
            if s == seat
            else make(b, game, seed=100 * index + s)
            for s in range(players)
        ]
        state = play_game(game, agents, random.Random(index))
        wins += win_shares(state.ranking())[seat]
    return wins, games


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "games", "budget"), SMOKE, ids=[s[0] for s in SMOKE])
def test_the_expert_beats_random_players(
    name: str, players: int, games: int, budget: Budget
) -> None:
    wins, games = match_share(name, players, games, budget)
    low, _high = wilson_interval(wins, games)
    assert low > 1 / players, f"{name}: expert won {wins} of {games}"


# game, players, games, the stronger level, the weaker one
LADDER = [
    ("madn", 4, 400, "medium", "easy"),  # rules of thumb against half random, 35.8% of 2000
    ("mabula", 2, 40, "medium", "easy"),  # MCTS 150 against 30 iterations, 83% of 400
    ("david_goliath", 4, 400, "easy", "random"),  # the lowest card: 39.8% of 400 (35.1-44.6%)
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "players", "games", "a", "b"), LADDER, ids=[f"{s[0]}-{s[3]}" for s in LADDER]
)
def test_a_level_beats_the_one_below(name: str, players: int, games: int, a: str, b: str) -> None:
    wins, games = match_share(name, players, games, a=a, b=b)
    low, _high = wilson_interval(wins, games)
    assert low > 1 / players, f"{name}: {a} won {wins} of {games} against {b}"
