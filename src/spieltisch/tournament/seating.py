"""Seating a round: who sits at which table, in which seat (colour), and who has a bye.

Round 1 is drawn at random. Later rounds are a Swiss system for tables of n: players in
standings order are cut into tables, then players are swapped between tables while that
lowers the seating's cost, compared in this order (a later one only among seatings equal
in the earlier ones):

1. a computer at a table played on a real board (never: the round refuses instead);
2. repeated meetings: where a seating without one exists, it is chosen (putting points
   first gave fields of 16 to 48 players seven repeats in round 3, tests/tournament);
3. the points groups: the sum over tables of the range of points at the table (best
   minus worst), so players meet those with their own points;
4. the spread of points at a table (squared, finer than the range);
5. the colour imbalance, which never outweighs points.

For fields of up to `EXACT_PLAYERS` an exact search (branch and bound) then finds the
optimum of this cost.

Tables are then numbered by the standings (the top table is table 1). Within a table the
seats go to the assignment that evens out each player's colours, the starting seat (red)
first. Every draw comes from a generator seeded by the published seed and the round, so
anyone can reproduce the seating.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _, _n

Cost = tuple[int, int, float, float, float]
"""(computers at board tables, repeats, points range, points spread, colours): compared
in this order, the first difference decides."""
ZERO: Cost = (0, 0, 0.0, 0.0, 0.0)
COMPUTER = "computer"
HALL = "hall"
"""Kinds of player for seating: a computer entrant plays only online; a hall player
(no account) only on a real board; anyone else (an account) either way."""
START_WEIGHT = 2.0
"""The starting seat's imbalance counts twice: it is worth the most (docs/tournaments.md)."""
RESTARTS = 16
"""At most this many shaken searches while a repeat or a computer at a board remains."""
COLOUR_RESTARTS = 8
"""... and this many while only colours could be evened out further."""
SPLITS = 8
"""At most this many ways of giving tables to the computers are tried, while repeats
remain (the most even first): 37 players (25 computers, 6 hall players, 6 accounts)
meet nobody twice through round 4, at about 2 s of CPU a round."""
EXACT_PLAYERS = 20
"""Fields of up to this many players are seated by the exact search (branch and bound
over every seating) after the local search; larger ones by the local search alone."""
EXACT_BUDGET = 600_000
"""The exact search looks at most at this many tables: a count, not a time, so the same
seed seats alike on every machine. 13 players (200,200 seatings at tables of 4, 3, 3, 3)
take about 0.02 s, 16 and 20 players in round 4 0.1-0.3 s (a loaded machine); a search
that reaches the budget keeps the best seating found, never worse than the local
search's, and says so (`Seating.exact` False)."""
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
    exact: bool | None = None
    """Whether every seating was looked at (the best by its cost for certain); None for a
    drawn round 1."""


def seat_round(
    standings: Sequence[int],
    points: Mapping[int, float],
    history: History,
    size: int,
    smallest: int,
    rng: random.Random,
    first_round: bool,
    kinds: Mapping[int, str] | None = None,
) -> Seating:
    """Seat the players of `standings` (best first) for one round; `kinds` marks
    computer entrants and hall players (`COMPUTER`, `HALL`), who never share a table."""
    players = list(standings)
    if len(set(players)) != len(players):
        raise TournamentError(_("a player is listed twice for seating"))
    sizes, bye_count = table_sizes(len(players), size, smallest)
    if first_round:
        rng.shuffle(players)
    byes = _choose_byes(players, history, bye_count, rng, first_round)
    playing = [player for player in players if player not in byes]
    kinds = kinds or {}
    seater = _Seater(points, history, size, rng, kinds)
    starts = _separated(playing, sizes, kinds)
    if not starts:
        computers = sum(1 for p in playing if kinds.get(p) == COMPUTER)
        hall = sum(1 for p in playing if kinds.get(p) == HALL)
        raise TournamentError(
            _(
                "cannot seat the round: {computers} computer players play only online and "
                "{hall} players without an account only on a real board, and tables of "
                "{smallest} to {size} cannot keep them apart; register the hall players "
                "with their accounts, or withdraw computer players"
            ).format(computers=computers, hall=hall, smallest=smallest, size=size)
        )
    tables: list[list[int]] = []
    for start in starts[:SPLITS]:  # the most even split first; more while repeats remain
        found = seater.search(start)
        if not tables or _less(seater.total(found), seater.total(tables)):
            tables = found
        if seater.total(tables)[1] == 0:
            break
    proven = None
    if not first_round:
        proven = False
        if len(playing) <= EXACT_PLAYERS:
            tables, proven = seater.exact(tables, EXACT_BUDGET)
    assert not any(seater.mixed(table) for table in tables)  # no start has any
    rank = {player: index for index, player in enumerate(players if first_round else standings)}
    if not first_round:
        tables.sort(
            key=lambda table: (-max(points.get(p, 0.0) for p in table), min(rank[p] for p in table))
        )
    seated = tuple(seater.best_seats(table) for table in tables)
    return Seating(seated, tuple(byes), proven)


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


def _separated(
    players: list[int], sizes: list[int], kinds: Mapping[int, str]
) -> list[list[list[int]]]:
    """Swiss cuts of `players` (best first) into tables of `sizes` with computers and
    hall players at different tables: some tables go to the computers (filled up with
    players who have an account), the others to the hall; one cut per way of choosing
    the computers' table sizes, the most even split first (the smaller side is where
    repeats loom). None fits: an empty list."""
    computers = [p for p in players if kinds.get(p) == COMPUTER]
    hall = [p for p in players if kinds.get(p) == HALL]
    if not computers or not hall:
        return [_cut(players, sizes)]
    either = [p for p in players if kinds.get(p) not in (COMPUTER, HALL)]
    fitting = {
        tuple(sorted(chosen, reverse=True))
        for count in range(len(sizes) + 1)
        for chosen in itertools.combinations(sizes, count)
        if len(computers) <= sum(chosen) <= len(computers) + len(either)
    }
    cuts = []
    for chosen in sorted(fitting, key=lambda option: (abs(2 * sum(option) - len(players)), option)):
        fill = len(computers) + len(either) - sum(chosen)  # account players to the boards
        online_side = sorted(computers + either[: len(either) - fill], key=players.index)
        board_side = sorted(hall + either[len(either) - fill :], key=players.index)
        board_sizes = list(sizes)
        for one in chosen:
            board_sizes.remove(one)
        cuts.append(_cut(online_side, list(chosen)) + _cut(board_side, board_sizes))
    return cuts


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
        self,
        points: Mapping[int, float],
        history: History,
        size: int,
        rng: random.Random,
        kinds: Mapping[int, str],
    ) -> None:
        self.points = points
        self.history = history
        self.size = size
        self.rng = rng
        self.kinds = kinds
        self._colour_memo: dict[tuple[int, ...], float] = {}
        self._cost_memo: dict[tuple[int, ...], Cost] = {}

    def mixed(self, table: Sequence[int]) -> int:
        """How many players would have to leave the table so that no computer sits with
        a hall player (such a table can be played neither online nor on a real board)."""
        kinds = [self.kinds.get(player) for player in table]
        return min(kinds.count(COMPUTER), kinds.count(HALL))

    def cost(self, table: Sequence[int]) -> Cost:
        """What seating these players together costs (whatever their seat order)."""
        key = tuple(sorted(table))
        known = self._cost_memo.get(key)
        if known is None:
            known = self._cost_memo[key] = self._cost(key)
        return known

    def _cost(self, table: Sequence[int]) -> Cost:
        repeats = sum(
            self.history.met.get(frozenset(pair), 0) for pair in itertools.combinations(table, 2)
        )
        values = [self.points.get(player, 0.0) for player in table]
        mean = sum(values) / len(values)
        spread = round(sum((value - mean) ** 2 for value in values), 9)
        colour = self._colours(table)
        return (self.mixed(table), repeats, max(values) - min(values), spread, colour)

    def search(self, tables: list[list[int]]) -> list[list[int]]:
        """Local search from the Swiss cut; while repeats or colour clashes remain, again
        from shaken copies of it and of the best seating so far (shaking never seats a
        computer with a hall player), keeping the cheapest seating found."""
        best = self.improve([table.copy() for table in tables])
        best_cost = self.total(best)
        for restart in range(RESTARTS):
            settled = best_cost[0] == 0 and best_cost[1] == 0
            if settled and (best_cost[4] == 0 or restart >= COLOUR_RESTARTS):
                break
            shaken = [table.copy() for table in (best if restart % 2 else tables)]
            for _swap in range(len(shaken)):
                first, second = (
                    self.rng.sample(range(len(shaken)), 2) if len(shaken) > 1 else (0, 0)
                )
                i = self.rng.randrange(len(shaken[first]))
                j = self.rng.randrange(len(shaken[second]))
                a, b = shaken[first], shaken[second]
                a[i], b[j] = b[j], a[i]
                if self.mixed(a) or self.mixed(b):  # never shake a computer onto a board
                    a[i], b[j] = b[j], a[i]
            candidate = self.improve(shaken)
            cost = self.total(candidate)
            if _less(cost, best_cost):
                best, best_cost = candidate, cost
        return best

    def exact(self, start: list[list[int]], budget: int) -> tuple[list[list[int]], bool]:
        """The cheapest seating of the players of `start` at tables of its sizes, by
        branch and bound: the first player not yet seated takes each possible table in
        turn (cheapest first), and a branch whose cost so far is no lower than the best
        seating found is cut (costs only grow). Starts from `start` (the local search's
        seating) as the bound; returns the best seating and whether the search ended
        (the optimum by this cost) or ran out of `budget` tables looked at."""
        best = [table.copy() for table in start]
        best_cost = self.total(best)
        players = [player for table in start for player in table]
        looked = 0

        class _Spent(Exception):
            pass

        def branch(
            remaining: list[int], sizes: dict[int, int], so_far: Cost, chosen: list[list[int]]
        ) -> None:
            nonlocal best, best_cost, looked
            if not remaining:
                if _less(so_far, best_cost):
                    best, best_cost = [table.copy() for table in chosen], so_far
                return
            head, rest = remaining[0], remaining[1:]
            options: list[tuple[Cost, list[int]]] = []
            for size, left in sizes.items():
                if not left or size - 1 > len(rest):
                    continue
                for others in itertools.combinations(rest, size - 1):
                    looked += 1
                    table = [head, *others]
                    total = _add(so_far, self.cost(table))
                    if _less(total, best_cost):
                        options.append((total, table))
            if looked > budget:
                raise _Spent
            options.sort(key=lambda option: _key(option[0]))
            for total, table in options:
                if not _less(total, best_cost):
                    break  # sorted: no later option is cheaper
                sizes[len(table)] -= 1
                chosen.append(table)
                branch([p for p in rest if p not in table], sizes, total, chosen)
                chosen.pop()
                sizes[len(table)] += 1

        counts: dict[int, int] = {}
        for table in start:
            counts[len(table)] = counts.get(len(table), 0) + 1
        try:
            branch(players, counts, ZERO, [])
        except _Spent:
            return best, False
        return best, True

    def total(self, tables: Sequence[Sequence[int]]) -> Cost:
        result = ZERO
        for table in tables:
            result = _add(result, self.cost(table))
        return result

    def improve(self, tables: list[list[int]]) -> list[list[int]]:
        """Swap players between nearby tables while the total cost falls."""
        costs: list[Cost] = [self.cost(table) for table in tables]
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
        self, tables: list[list[int]], costs: list[Cost], first: int, second: int
    ) -> bool:
        a, b = tables[first], tables[second]
        before = _add(costs[first], costs[second])
        best: tuple[Cost, int, int] | None = None
        for i, j in itertools.product(range(len(a)), range(len(b))):
            new_a = [*a[:i], b[j], *a[i + 1 :]]
            new_b = [*b[:j], a[i], *b[j + 1 :]]
            after = _add(self.cost(new_a), self.cost(new_b))
            if _less(after, before) and (best is None or _less(after, best[0])):
                best = (after, i, j)
        if best is None:
            return False
        _after, i, j = best
        a[i], b[j] = b[j], a[i]
        costs[first], costs[second] = self.cost(a), self.cost(b)
        return True

    def best_seats(self, table: Sequence[int]) -> tuple[int, ...]:
        """The seat order that evens out colours best. Ties between equally good orders
        are broken by the round's generator, so no seat is favoured by list order."""
        key = tuple(sorted(table))
        seat_cost = self._seat_costs(key)
        if len(key) > 5:
            return self._greedy_order(list(key), seat_cost)
        orders = list(itertools.permutations(key))
        self.rng.shuffle(orders)
        return min(orders, key=lambda order: sum(seat_cost(p, s) for s, p in enumerate(order)))

    def _colours(self, table: Sequence[int]) -> float:
        """What imbalance of colours the best seat order of these players leaves (only
        the amount: the search asks it for every table it tries, so no draw is made)."""
        key = tuple(sorted(table))
        memo = self._colour_memo.get(key)
        if memo is not None:
            return memo
        if len(key) > 5:
            seat_cost = self._seat_costs(key)
            order = self._greedy_order(list(key), seat_cost, shuffle=False)
            cost = sum(seat_cost(p, s) for s, p in enumerate(order))
        else:
            cost = _cheapest_assignment(self._seat_cost_rows(key))
        self._colour_memo[key] = cost
        return cost

    def _seat_costs(self, table: Sequence[int]) -> Callable[[int, int], float]:
        """A seat costs a player how far his count of it would rise above his least-held
        seat (squared), the starting seat counted double."""
        rows = dict(zip(table, self._seat_cost_rows(table), strict=True))

        def seat_cost(player: int, seat: int) -> float:
            return rows[player][seat]

        return seat_cost

    def _seat_cost_rows(self, table: Sequence[int]) -> list[list[float]]:
        """What each seat of the table (column) costs each of its players (row), all at
        once: the search asks it for some hundred thousand tables a tournament of 37."""
        rows = []
        for player in table:
            counts = self.history.seat_counts(player, self.size)
            lowest = min(counts)
            row = []
            for seat in range(len(table)):
                excess = counts[seat] + 1 - lowest
                row.append((START_WEIGHT if seat == 0 else 1.0) * (excess - 1) ** 2 * excess)
            rows.append(row)
        return rows

    def _greedy_order(
        self, players: list[int], seat_cost: Callable[[int, int], float], shuffle: bool = True
    ) -> tuple[int, ...]:
        """Large tables (6 or 7 seats): each seat in turn to the player it costs least."""
        if shuffle:
            self.rng.shuffle(players)
        order: list[int] = []
        for seat in range(len(players)):
            chosen = min((p for p in players if p not in order), key=lambda p: seat_cost(p, seat))
            order.append(chosen)
        return tuple(order)


_ORDERS = {n: tuple(itertools.permutations(range(n))) for n in range(1, 6)}
"""Every seat order of a table of n (up to five), made once: the search asks for the
colours of some hundred thousand tables a tournament of 37."""


def _cheapest_assignment(costs: list[list[float]]) -> float:
    """The least sum of `costs[player][seat]` over the seat orders of a table of up to
    five (each player one seat), summed in seat order as before; tables of three and four,
    nearly all of them, without a generator per order."""
    orders = _ORDERS[len(costs)]
    if len(costs) == 4:
        r0, r1, r2, r3 = costs
        return min([r0[a] + r1[b] + r2[c] + r3[d] for a, b, c, d in orders])
    if len(costs) == 3:
        r0, r1, r2 = costs
        return min([r0[a] + r1[b] + r2[c] for a, b, c in orders])
    return min(sum(row[seat] for row, seat in zip(costs, seats, strict=True)) for seats in orders)


def _add(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def _key(cost: Cost) -> Cost:
    """A cost with its sums rounded, to compare seatings as `_less` does."""
    return (cost[0], cost[1], round(cost[2], 6), round(cost[3], 6), round(cost[4], 6))


def _less(a: Cost, b: Cost) -> bool:
    """a < b in the order of the parts, floats compared with a little slack for sums."""
    for x, y in zip(a, b, strict=True):
        if x < y - 1e-9:
            return True
        if x > y + 1e-9:
            return False
    return False
