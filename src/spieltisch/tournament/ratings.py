"""Ratings per game with OpenSkill's Plackett–Luce model, which rates whole rankings of
two to seven players, shared places included.

Ratings are always computed from the full, ordered list of rated games: a corrected
result simply gives a different list, so ratings after a correction are exactly what
they would have been had the result been right from the start.

A rating is shown as its conservative value `mu - 3 sigma` (OpenSkill's ordinal): it
starts at 0 and rises as the system becomes sure a player is strong.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def value(self) -> float:
        """What is shown and sorted by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedGame:
    """One finished game to rate: who played (rating ids, one per seat) and their places."""

    game: str
    key: str
    """Unique per game: a table id, or tournament/round/table."""
    at: dt.datetime
    players: tuple[str, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one game: the change shown after each game."""

    key: str
    at: dt.datetime
    place: int
    before: Rating
    after: Rating

    @property
    def delta(self) -> float:
        return self.after.value - self.before.value


@dataclass(frozen=True)
class Standing:
    player: str
    rating: Rating
    games: int


class RatingBook:
    """Every player's rating and rating history, per game."""

    def __init__(self) -> None:
        self.ratings: dict[str, dict[str, Rating]] = defaultdict(dict)
        self.histories: dict[tuple[str, str], list[Change]] = defaultdict(list)

    def rating(self, game: str, player: str) -> Rating:
        return self.ratings[game].get(player, Rating())

    def history(self, game: str, player: str) -> list[Change]:
        return list(self.histories.get((game, player), []))

    def rate(self, played: RatedGame) -> list[Change]:
        if len(played.players) != len(played.places) or len(played.players) < 2:
            raise TournamentError(
                _(
                    "a rated game needs a place for each of at least two players, got "
                    "{players} players and {places} places"
                ).format(players=len(played.players), places=len(played.places))
            )
        if len(set(played.players)) != len(played.players):
            raise TournamentError(
                _("a player is at game {key} twice: {players}").format(
                    key=played.key, players=played.players
                )
            )
        before = [self.rating(played.game, player) for player in played.players]
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        rated = MODEL.rate(teams, ranks=[float(place) for place in played.places])
        changes = []
        for index, player in enumerate(played.players):
            after = Rating(rated[index][0].mu, rated[index][0].sigma)
            self.ratings[played.game][player] = after
            change = Change(played.key, played.at, played.places[index], before[index], after)
            self.histories[(played.game, player)].append(change)
            changes.append(change)
        return changes

    def leaderboard(self, game: str) -> list[Standing]:
        rows = [
            Standing(player, rating, len(self.histories[(game, player)]))
            for player, rating in self.ratings[game].items()
        ]
        return sorted(rows, key=lambda row: (-row.rating.value, row.player))

    def games(self) -> list[str]:
        return sorted(self.ratings)


def rate_all(games: Iterable[RatedGame]) -> RatingBook:
    """Ratings from scratch, in the order the games were played (then by key)."""
    book = RatingBook()
    for played in sorted(games, key=lambda g: (g.at, g.key)):
        book.rate(played)
    return book


def nearest_level(rating: Rating, levels: Mapping[str, Rating]) -> str | None:
    """The AI level whose rating is closest: "about the hard level"."""
    if not levels:
        return None
    return min(levels, key=lambda name: abs(levels[name].mu - rating.mu))
