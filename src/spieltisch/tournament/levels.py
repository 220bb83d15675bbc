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
from spieltisch.core.identity import PlayerId
from spieltisch.sim.play import play_one
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _, _n
from spieltisch.tournament.ratings import RatedGame, RatingBook

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
    game = load(game_name, players=players)
    book = RatingBook()
    for index, seats in enumerate(seatings(levels, players, games, seed)):
        result = play_one(game, seats, seed, index, budget)
        book.rate(level_game(game_name, seed, index, seats, result.ranking))
    return book


def seatings(levels: Sequence[str], players: int, games: int, seed: int) -> list[list[str]]:
    """The levels in seat order of each of `games` games: a benchmark that plays the same
    games (benchmarks/level_ladder.py) gets the same ratings."""
    check_run(levels, players, games)
    rng = random.Random(seed)
    return [rng.sample(list(levels), players) for _index in range(games)]


def check_run(levels: Sequence[str], players: int, games: int) -> None:
    """Refuse, before any game is played, a run that cannot rate the levels: a
    TournamentError in the reader's language naming what is wrong and what is allowed."""
    if games < 1:
        raise TournamentError(
            _n(
                "cannot rate the levels from {games} game: play at least 1",
                "cannot rate the levels from {games} games: play at least 1",
                games,
            ).format(games=games)
        )
    twice = sorted({level for level in levels if list(levels).count(level) > 1})
    if twice:
        raise TournamentError(
            _("the level {level} is named twice: each seat needs a different level").format(
                level=twice[0]
            )
        )
    if len(levels) < players:
        raise TournamentError(
            _n(
                "{players} seat needs at least {players} different level, got {count}: {levels}",
                "{players} seats need at least {players} different levels, got {count}: {levels}",
                players,
            ).format(players=players, count=len(levels), levels=", ".join(levels) or "-")
        )


def level_game(
    game_name: str, seed: int, index: int, seats: Sequence[str], ranking: Sequence[int]
) -> RatedGame:
    """Game `index` of a run among the levels, as a rated game."""
    return RatedGame(
        game_name,
        f"levels/{seed}/{index}",
        EPOCH + dt.timedelta(seconds=index),
        tuple(str(PlayerId.of_level(level)) for level in seats),
        tuple(ranking),
    )
