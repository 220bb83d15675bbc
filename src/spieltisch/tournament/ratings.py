"""Ratings per game with OpenSkill's Plackett–Luce model, which rates whole rankings of
two to seven players, shared places included.

Ratings are always computed from the full, ordered list of rated games: a corrected
result simply gives a different list, so ratings after a correction are exactly what
they would have been had the result been right from the start.

A rating is shown as its conservative value `mu - 3 sigma` (OpenSkill's ordinal): it
starts at 0 and rises as the system becomes sure a player is strong.

A game with shared places is rated as the mean of its strict orders (`rate_ranking`):
OpenSkill 6.2.0 rates the place after a shared one as if only one player had finished
above it (openskill.py issue 155), so from equal ratings places 1, 1, 3, 4, 5 would give
the third more than the two winners.
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _, _n

MODEL = PlackettLuce()
MOST_SHARING = 7
"""The most players who may share one place: its 5,040 orders are rated one by one
(seven is the largest table of the four games, Mahé's)."""


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
        return self.ratings.get(game, {}).get(player, Rating())

    def history(self, game: str, player: str) -> list[Change]:
        return list(self.histories.get((game, player), []))

    def rate(self, played: RatedGame) -> list[Change]:
        if len(played.players) != len(played.places) or len(played.players) < 2:
            raise TournamentError(
                _n(
                    "a rated game needs a place for each of at least two players, got "
                    "{players} player and {places} places",
                    "a rated game needs a place for each of at least two players, got "
                    "{players} players and {places} places",
                    len(played.players),
                ).format(players=len(played.players), places=len(played.places))
            )
        if len(set(played.players)) != len(played.players):
            raise TournamentError(
                _("a player is at game {key} twice: {players}").format(
                    key=played.key, players=played.players
                )
            )
        before = [self.rating(played.game, player) for player in played.players]
        rated = rate_ranking(before, played.places)
        changes = []
        for index, player in enumerate(played.players):
            after = rated[index]
            self.ratings[played.game][player] = after
            change = Change(played.key, played.at, played.places[index], before[index], after)
            self.histories[(played.game, player)].append(change)
            changes.append(change)
        return changes

    def leaderboard(self, game: str) -> list[Standing]:
        rows = [
            Standing(player, rating, len(self.histories.get((game, player), ())))
            for player, rating in self.ratings.get(game, {}).items()
        ]
        return sorted(rows, key=lambda row: (-row.rating.value, row.player))

    def games(self) -> list[str]:
        return sorted(game for game, rows in self.ratings.items() if rows)


def openskill(before: Sequence[Rating], places: Sequence[float]) -> list[Rating]:
    """OpenSkill's Plackett-Luce update of one game, as the library computes it."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


def rate_ranking(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings after one game: OpenSkill's own update when every place is taken once;
    with shared places, the mean over every strict order of the players who share a place
    (each of them once in each of its positions) of the updated `mu` and `sigma²`.

    The orders of each shared place are taken one place at a time, the others held in
    seat order, which is exact, not an approximation: in Plackett-Luce a player's change
    of `mu` is a sum of one term per player ranked at or above them, and each term
    depends only on which players finish below that player, so on the order within one
    shared place only; `sigma²` is changed by such a sum too (exactly so unless OpenSkill's
    floor `kappa` cuts in, a fall of `sigma` to a hundredth in one game). The mean over all
    orders is therefore the reference order's result plus, for each shared place, the mean
    change its orders make (tests/tournament/test_ratings.py checks it against all orders).
    """
    groups = _shared_places(places)
    if not groups:
        return openskill(before, [float(place) for place in places])
    # The reference strict order: a shared place broken by seat.
    seats = sorted(range(len(places)), key=lambda seat: (places[seat], seat))
    reference = [0] * len(places)
    for position, seat in enumerate(seats, start=1):
        reference[seat] = position
    base = openskill(before, reference)
    group_of = {seat: index for index, group in enumerate(groups) for seat in group}
    means = [_mean_over_orders(before, reference, group) for group in groups]
    rated = []
    for seat, start in enumerate(base):
        own = group_of.get(seat)
        # A player's own shared place first, so that players who share the only shared
        # place with equal ratings get exactly equal ones (with two, equal to rounding).
        mu = [start.mu if own is None else means[own][seat][0]]
        var = [start.sigma**2 if own is None else means[own][seat][1]]
        for index, mean in enumerate(means):
            if index != own:
                mu.append(mean[seat][0] - start.mu)
                var.append(mean[seat][1] - start.sigma**2)
        rated.append(Rating(math.fsum(mu), math.sqrt(math.fsum(var))))
    return rated


def _shared_places(places: Sequence[int]) -> list[list[int]]:
    """The seats of each place that more than one player shares."""
    seats: dict[int, list[int]] = defaultdict(list)
    for seat, place in enumerate(places):
        seats[place].append(seat)
    groups = [group for _place, group in sorted(seats.items()) if len(group) > 1]
    for group in groups:
        if len(group) > MOST_SHARING:
            raise TournamentError(
                _n(
                    "{count} player shares place {place}: at most {most} players can share a place",
                    "{count} players share place {place}: at most {most} players can share a place",
                    len(group),
                ).format(count=len(group), place=places[group[0]], most=MOST_SHARING)
            )
    return groups


def _mean_over_orders(
    before: Sequence[Rating], reference: Sequence[int], group: Sequence[int]
) -> list[tuple[float, float]]:
    """Each player's mean `mu` and `sigma²` over the orders of one shared place (the
    positions `group` holds in the reference order), everyone else as in `reference`."""
    positions = sorted(reference[seat] for seat in group)
    outcomes = []
    for order in itertools.permutations(group):
        ranks = list(reference)
        for seat, position in zip(order, positions, strict=True):
            ranks[seat] = position
        outcomes.append(openskill(before, ranks))
    count = len(outcomes)
    return [
        (
            math.fsum(outcome[seat].mu for outcome in outcomes) / count,
            math.fsum(outcome[seat].sigma ** 2 for outcome in outcomes) / count,
        )
        for seat in range(len(reference))
    ]


def rate_all(
    games: Iterable[RatedGame],
    refused: Callable[[RatedGame, TournamentError], None] | None = None,
) -> RatingBook:
    """Ratings from scratch, in the order the games were played (then by key).

    A game the book refuses raises, unless `refused` is given: then it is told and the
    game left out, so one bad game never stops the ratings of every other (the server).
    """
    book = RatingBook()
    for played in sorted(games, key=lambda g: (g.at, g.key)):
        try:
            book.rate(played)
        except TournamentError as exc:
            if refused is None:
                raise
            refused(played, exc)
    return book


LEVEL_AFTER = 5
"""Games a player needs before the leaderboard says which AI level they are about as
strong as: fewer say little (docs/tournaments.md)."""


def nearest_level(rating: Rating, levels: Mapping[str, Rating]) -> str | None:
    """The AI level whose rating is closest: "about the hard level"."""
    if not levels:
        return None
    return min(levels, key=lambda name: abs(levels[name].mu - rating.mu))
