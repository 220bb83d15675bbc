"""Standings: points by place, then the tie-breaks in the tournament's order, then the lot.

- points: the points of each place (`points.py`), a bye the mean of a full table's points;
  a player who forfeits or is disqualified scores nothing; a round a player was not
  seated in scores the points the director awarded for it, if any. A forfeit is no game:
  it counts for no tie-break (no opponents, no head to head, no place);
- mutual (head to head): among the players still tied, how often one finished ahead of
  the others where they met, minus how often behind;
- opponents (Buchholz per opponent): per game played, the mean current points of the
  opponents at that table, averaged over the games, so a table of three (two opponents)
  counts as much as a table of four (three);
- firsts: the number of first places;
- countback: more first places, then more second places, and so on;
- buchholz: the sum of the current points of everyone met, once per meeting. It rewards
  having had more opponents (tables of four over tables of three), so it is only kept for
  tournaments that chose it;
- lot: players still equal after a complete round draw a lot when the tie first appears
  (`TiesDrawn` in the ledger, with `secrets`), kept whenever the same players tie again;
  equal players without a lot (a round still running) share the rank. The seating, which
  only needs an order to start from, takes such players in an order from the published
  seed, as every draw of the seating.

`benchmarks/tiebreaks.py` shows by simulation which of them favour the table size.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from spieltisch.core import formats
from spieltisch.tournament.ledger import Outcome
from spieltisch.tournament.points import result_points
from spieltisch.tournament.settings import Settings


class _Entrant(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def shown(self) -> str: ...
    @property
    def active(self) -> bool: ...


class _Result(Protocol):
    @property
    def places(self) -> tuple[int, ...]: ...
    @property
    def outcomes(self) -> tuple[Outcome, ...]: ...
    def outcome(self, seat: int) -> Outcome: ...


class _Award(Protocol):
    @property
    def points(self) -> float: ...


class _Round(Protocol):
    @property
    def tables(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def byes(self) -> tuple[int, ...]: ...
    @property
    def results(self) -> Mapping[int, _Result]: ...
    @property
    def awarded(self) -> Mapping[int, _Award]: ...


class Standable(Protocol):
    """What standings are computed from: a `Tournament` as far as they read it (a
    protocol, so this module does not import the tournament that imports it)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def players(self) -> Mapping[int, _Entrant]: ...
    @property
    def rounds(self) -> Sequence[_Round]: ...
    def bye_points(self) -> float: ...


RoundKind = Literal["played", "forfeit", "disqualified", "bye", "awarded"]


@dataclass
class Standing:
    rank: int
    player: int
    name: str
    points: float = 0.0
    played: int = 0
    byes: int = 0
    buchholz: float = 0.0
    opponents: float = 0.0
    """Buchholz per opponent: the mean over games of the opponents' mean points."""
    firsts: int = 0
    countback: tuple[int, ...] = ()
    mutual: int = 0
    lot: float = 0.0
    """Where the player stands among those equal on points and every tie-break: the
    drawn lot, else (seating only) a number from the published seed; 0: not drawn."""
    final: int | None = None
    """The place at the final table of the best four, for its players."""
    by_lot: bool = False
    """Whether the rank was decided by the standings' lot (drawn when the tie appeared)."""
    active: bool = True
    per_round: list[float | None] = field(default_factory=list)
    """Points in each round: None when not seated (joined later, withdrawn) and given none."""
    per_round_kind: list[RoundKind | None] = field(default_factory=list)
    """How each round's points came: played, bye, forfeit, disqualified, awarded."""

    def tiebreak(self, name: str) -> str:
        """A tie-break's value as standings print it, in the current language's numbers
        ("1,67" in German)."""
        if name == "mutual":
            return formats.signed(self.mutual)
        if name == "opponents":
            return formats.number(self.opponents, 2)
        if name == "firsts":
            return formats.number(self.firsts)
        if name == "countback":
            return "-".join(map(str, self.countback))
        return formats.number(self.buchholz)


def compute_standings(
    tournament: Standable,
    through: int,
    lots: Mapping[frozenset[int], Sequence[int]] | None = None,
    seating: bool = False,
) -> list[Standing]:
    """The standings after round `through`. Players equal on points and every tie-break
    go by their drawn lot (`lots`: the tied players -> their order, best first); without
    one they share the rank, or, for the `seating`'s starting order, go by a number from
    the published seed."""
    settings = tournament.settings
    size = settings.table_size
    rows = {
        number: Standing(0, number, player.shown, active=player.active, countback=(0,) * size)
        for number, player in tournament.players.items()
    }
    met: dict[int, list[int]] = defaultdict(list)
    tables_met: dict[int, list[tuple[int, ...]]] = defaultdict(list)  # per game: opponents
    ahead: dict[tuple[int, int], int] = defaultdict(int)  # (a, b): times a placed above b
    counts: dict[int, list[int]] = {number: [0] * size for number in rows}
    for played in tournament.rounds[:through]:
        scored: dict[int, float] = {}
        kinds: dict[int, RoundKind] = {}
        for index, table in enumerate(played.tables, start=1):
            result = played.results.get(index)
            if result is None:
                continue
            values = result_points(result.places, result.outcomes, settings.points)
            present = [s for s in range(len(table)) if result.outcome(s) != "forfeit"]
            for seat, player in enumerate(table):
                scored[player] = values[seat]
                kinds[player] = result.outcome(seat)
                if seat not in present:
                    continue
                counts[player][result.places[seat] - 1] += 1
                rows[player].played += 1
                tables_met[player].append(tuple(table[s] for s in present if s != seat))
                for other_seat in present:
                    other = table[other_seat]
                    if other != player:
                        met[player].append(other)
                        if result.places[seat] < result.places[other_seat]:
                            ahead[(player, other)] += 1
        for player in played.byes:
            scored[player] = tournament.bye_points()
            kinds[player] = "bye"
            rows[player].byes += 1
        for player, award in played.awarded.items():
            scored[player] = award.points
            kinds[player] = "awarded"
        for number, row in rows.items():
            row.per_round.append(scored.get(number))
            row.per_round_kind.append(kinds.get(number))
            row.points += scored.get(number, 0.0)
    for number, row in rows.items():
        row.buchholz = sum(rows[other].points for other in met[number])
        games = [opponents for opponents in tables_met[number] if opponents]
        row.opponents = (
            sum(sum(rows[o].points for o in opponents) / len(opponents) for opponents in games)
            / len(games)
            if games
            else 0.0
        )
        row.countback = tuple(counts[number])
        row.firsts = counts[number][0]
    keys = _keys(list(rows.values()), settings.tiebreaks, ahead)
    groups: dict[tuple[Any, ...], list[Standing]] = defaultdict(list)
    for row in rows.values():
        groups[tuple(keys[row.player])].append(row)
    for group in groups.values():
        if len(group) < 2:
            continue
        drawn = (lots or {}).get(frozenset(row.player for row in group))
        for row in group:
            if drawn is not None:
                row.lot = len(drawn) - list(drawn).index(row.player)
                row.by_lot = True
            elif seating:
                row.lot = random.Random(f"{settings.seed}/lot/player/{row.player}").random()
    order = sorted(
        rows.values(), key=lambda row: (*keys[row.player], row.lot, -row.player), reverse=True
    )
    for position, row in enumerate(order, start=1):
        before = order[position - 2] if position > 1 else None
        shared = (
            before is not None
            and keys[before.player] == keys[row.player]
            and not row.lot
            and not before.lot
        )
        row.rank = before.rank if shared and before is not None else position
    return order


def tied_groups(standings: Sequence[Standing]) -> list[list[int]]:
    """Groups of players (in standings order) equal on points and every tie-break whom no
    lot separates yet: they share a rank until a lot is drawn."""
    groups: dict[int, list[int]] = defaultdict(list)
    for row in standings:
        if not row.by_lot:
            groups[row.rank].append(row.player)
    return [group for group in groups.values() if len(group) > 1]


def _keys(
    rows: list[Standing], tiebreaks: tuple[str, ...], ahead: dict[tuple[int, int], int]
) -> dict[int, list[Any]]:
    """Each player's sort key: points, then each tie-break computed within the group of
    players equal on everything before it (head to head among those still tied)."""
    keys: dict[int, list[Any]] = {row.player: [row.points] for row in rows}
    for tiebreak in tiebreaks:
        groups: dict[tuple[Any, ...], list[Standing]] = defaultdict(list)
        for row in rows:
            groups[tuple(keys[row.player])].append(row)
        for group in groups.values():
            members = {row.player for row in group}
            for row in group:
                if tiebreak == "buchholz":
                    value: Any = row.buchholz
                elif tiebreak == "opponents":
                    value = round(row.opponents, 9)
                elif tiebreak == "firsts":
                    value = row.firsts
                elif tiebreak == "countback":
                    value = row.countback
                else:
                    value = sum(
                        ahead[(row.player, other)] - ahead[(other, row.player)]
                        for other in members
                        if other != row.player
                    )
                    row.mutual = value
                keys[row.player].append(value)
    return keys
