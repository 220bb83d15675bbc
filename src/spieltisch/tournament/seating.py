"""Seating a round: who sits at which table, in which seat (colour), and who has a bye.

Round 1 is drawn at random. Later rounds are a Swiss system for tables of n: players in
standings order are cut into tables, then players are swapped between tables while that
lowers, in this order of weight, the repeated meetings, the spread of points at a table,
and the colour imbalance. Within a table the seats go to the assignment that evens out
each player's colours, the starting seat (red) first. Every draw comes from a generator
seeded by the published seed and the round, so anyone can reproduce the seating.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _, _n

REPEAT_WEIGHT = 1000.0
"""A repeated meeting weighs more than any spread of points or colours."""
COLOUR_WEIGHT = 100.0
SPREAD_WEIGHT = 1.0
START_WEIGHT = 2.0
"""The starting seat's imbalance counts twice: it is worth the most (docs/tournaments.md)."""
RESTARTS = 8
"""Further searches from shaken seatings while a repeat or a colour clash remains."""
SEARCH_WINDOW = 100
"""Swaps are tried between tables at most this far apart in the standings. Colours often
need a partner from far away (round 4 of tables of four asks for four players each missing
a different colour), so the window is wide; 37 players take about 0.2 s a round."""


def table_sizes(players: int, size: int, smallest: int) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number of byes for `players` players.

    As few byes as possible, then as few tables as possible; sizes differ by at most one.
    37 players at tables of four (smallest three): seven tables of four, three of three.
    """
    if players < smallest:
        raise TournamentError(
            _n(
                "{players} player cannot fill a table: at least {smallest} are needed",
                "{players} players cannot fill a table: at least {smallest} are needed",
                players,
            ).format(players=players, smallest=smallest)
        )
    for byes in range(players):
        seated = players - byes
        tables = -(-seated // size)
        low, extra = divmod(seated, tables)
        if low >= smallest:
            return [low + 1] * extra + [low] * (tables - extra), byes
    raise AssertionError("unreachable: a single table of `smallest` always fits")


@dataclass
class History:
    """What earlier rounds leave for seating: meetings, seats held, byes."""

    met: dict[frozenset[int], int] = field(default_factory=dict)
    seats: dict[int, list[int]] = field(default_factory=dict)
    byes: dict[int, int] = field(default_factory=dict)

    def add_table(self, table: Sequence[int], full_size: int) -> None:
        for a, b in itertools.combinations(table, 2):
            pair = frozenset((a, b))
            self.met[pair] = self.met.get(pair, 0) + 1
        for seat, player in enumerate(table):
            self.seats.setdefault(player, [0] * full_size)[seat] += 1

    def add_bye(self, player: int) -> None:
        self.byes[player] = self.byes.get(player, 0) + 1

    def seat_counts(self, player: int, full_size: int) -> list[int]:
        return self.seats.get(player, [0] * full_size)


@dataclass(frozen=True)
class Seating:
    """One round: each table's players in seat order (seat 0 starts), and the byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def seat_round(
    standings: Sequence[int],
    points: Mapping[int, float],
    history: History,
    size: int,
    smallest: int,
    rng: random.Random,
    first_round: bool,
) -> Seating:
    """Seat the players of `standings` (best first) for one round."""
    players = list(standings)
    if len(set(players)) != len(players):
        raise TournamentError(_("a player is listed twice for seating"))
    sizes, bye_count = table_sizes(len(players), size, smallest)
    if first_round:
        rng.shuffle(players)
    byes = _choose_byes(players, history, bye_count, rng, first_round)
    playing = [player for player in players if player not in byes]
    seater = _Seater(points, history, size, rng)
    tables = _cut(playing, sizes)
    if not first_round:
        tables = seater.search(tables)
    seated = tuple(seater.best_seats(table) for table in tables)
    return Seating(seated, tuple(byes))


def _choose_byes(
    players: list[int], history: History, count: int, rng: random.Random, first_round: bool
) -> list[int]:
    """Byes go to the lowest-placed players with the fewest byes so far (round 1: by lot)."""
    if not count:
        return []
    order = list(reversed(players))  # lowest in the standings first
    if first_round:
        rng.shuffle(order)
    order.sort(key=lambda player: history.byes.get(player, 0))  # stable: keeps the order
    return order[:count]


def _cut(players: list[int], sizes: list[int]) -> list[list[int]]:
    tables = []
    start = 0
    for table_size in sizes:
        tables.append(players[start : start + table_size])
        start += table_size
    return tables


class _Seater:
    """Costs of tables, and the local search that lowers their sum."""

    def __init__(
        self, points: Mapping[int, float], history: History, size: int, rng: random.Random
    ) -> None:
        self.points = points
        self.history = history
        self.size = size
        self.rng = rng
        self._colour_memo: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {}

    def cost(self, table: Sequence[int]) -> float:
        repeats = sum(
            self.history.met.get(frozenset(pair), 0) for pair in itertools.combinations(table, 2)
        )
        values = [self.points.get(player, 0.0) for player in table]
        mean = sum(values) / len(values)
        spread = sum((value - mean) ** 2 for value in values)
        colour, _order = self._colours(table)
        return REPEAT_WEIGHT * repeats + SPREAD_WEIGHT * spread + COLOUR_WEIGHT * colour

    def search(self, tables: list[list[int]]) -> list[list[int]]:
        """Local search from the Swiss cut; while repeats or colour clashes remain, again
        from a few shaken copies of it, keeping the cheapest seating found."""
        best = self.improve([table.copy() for table in tables])
        best_cost = sum(self.cost(table) for table in best)
        for _restart in range(RESTARTS):
            if best_cost < COLOUR_WEIGHT:
                break
            shaken = [table.copy() for table in tables]
            for _swap in range(len(shaken)):
                first, second = (
                    self.rng.sample(range(len(shaken)), 2) if len(shaken) > 1 else (0, 0)
                )
                i = self.rng.randrange(len(shaken[first]))
                j = self.rng.randrange(len(shaken[second]))
                shaken[first][i], shaken[second][j] = shaken[second][j], shaken[first][i]
            candidate = self.improve(shaken)
            cost = sum(self.cost(table) for table in candidate)
            if cost < best_cost:
                best, best_cost = candidate, cost
        return best

    def improve(self, tables: list[list[int]]) -> list[list[int]]:
        """Swap players between nearby tables while the total cost falls."""
        costs = [self.cost(table) for table in tables]
        improved = True
        while improved:
            improved = False
            for first in range(len(tables)):
                last = min(len(tables), first + SEARCH_WINDOW + 1)
                for second in range(first + 1, last):
                    if self._best_swap(tables, costs, first, second):
                        improved = True
        return tables

    def _best_swap(
        self, tables: list[list[int]], costs: list[float], first: int, second: int
    ) -> bool:
        a, b = tables[first], tables[second]
        before = costs[first] + costs[second]
        best: tuple[float, int, int] | None = None
        for i, j in itertools.product(range(len(a)), range(len(b))):
            new_a = [*a[:i], b[j], *a[i + 1 :]]
            new_b = [*b[:j], a[i], *b[j + 1 :]]
            after = self.cost(new_a) + self.cost(new_b)
            if after < before - 1e-9 and (best is None or after < best[0]):
                best = (after, i, j)
        if best is None:
            return False
        _after, i, j = best
        a[i], b[j] = b[j], a[i]
        costs[first], costs[second] = self.cost(a), self.cost(b)
        return True

    def best_seats(self, table: Sequence[int]) -> tuple[int, ...]:
        _cost, order = self._colours(table)
        return order

    def _colours(self, table: Sequence[int]) -> tuple[float, tuple[int, ...]]:
        """The seat order that evens out colours best, and what imbalance it leaves.

        A seat costs a player how far his count of it would rise above his least-held
        seat (squared), the starting seat counted double. Ties between equally good
        orders are broken by the round's generator, so no seat is favoured by list order.
        """
        key = tuple(sorted(table))
        memo = self._colour_memo.get(key)
        if memo is not None:
            return memo
        counts = {p: self.history.seat_counts(p, self.size) for p in table}
        lowest = {p: min(counts[p]) for p in table}

        def seat_cost(player: int, seat: int) -> float:
            excess = counts[player][seat] + 1 - lowest[player]
            return (START_WEIGHT if seat == 0 else 1.0) * (excess - 1) ** 2 * excess

        if len(table) <= 5:
            orders = list(itertools.permutations(key))
            self.rng.shuffle(orders)
            best = min(orders, key=lambda order: sum(seat_cost(p, s) for s, p in enumerate(order)))
        else:
            best = self._greedy_order(list(key), seat_cost)
        cost = sum(seat_cost(p, s) for s, p in enumerate(best))
        self._colour_memo[key] = (cost, tuple(best))
        return cost, tuple(best)

    def _greedy_order(
        self, players: list[int], seat_cost: Callable[[int, int], float]
    ) -> tuple[int, ...]:
        """Large tables (6 or 7 seats): each seat in turn to the player it costs least."""
        self.rng.shuffle(players)
        order: list[int] = []
        for seat in range(len(players)):
            chosen = min((p for p in players if p not in order), key=lambda p: seat_cost(p, seat))
            order.append(chosen)
        return tuple(order)
