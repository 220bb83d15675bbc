"""Ratings of the AI levels from games among themselves, so a person sees where they stand.

Each game seats a random choice of distinct levels (all of them when the table holds
them all) in random seats; every decision and die comes from the run's seed.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from spieltisch.agents import Budget
from spieltisch.core import load
from spieltisch.sim.play import play_one
from spieltisch.tournament.ratings import RatedGame, RatingBook

LEVEL_PREFIX = "level:"
"""Rating ids of the AI levels: `level:hard`."""
EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def rate_levels(
    game_name: str,
    levels: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    budget: Budget | None = None,
) -> RatingBook:
    """Play `games` games among `levels` at tables of `players` and rate them."""
    if len(levels) < players:
        raise ValueError(f"{players} seats need at least {players} different levels")
    game = load(game_name, players=players)
    rng = random.Random(seed)
    book = RatingBook()
    for index in range(games):
        seats = rng.sample(list(levels), players)
        result = play_one(game, seats, seed, index, budget)
        book.rate(
            RatedGame(
                game_name,
                f"levels/{seed}/{index}",
                EPOCH + dt.timedelta(seconds=index),
                tuple(LEVEL_PREFIX + level for level in seats),
                tuple(result.ranking),
            )
        )
    return book
