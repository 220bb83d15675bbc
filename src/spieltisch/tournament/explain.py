"""Why a round's tables are as they are, and what each change by hand did.

The seating's reasons in words for the director and the players (the command line, the
web page, the printed table list): how the round was seated, whether anyone meets again
and why that could not be avoided, the points at each table, the leaders, the colours;
then every swap by hand with its reason and a warning for each seating rule it breaks
(a repeated meeting, a colour had more often, a wider range of points), and every undo
of the round with its reason. All of it is computed from the ledger when asked, in the
reader's language.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from spieltisch.core import formats
from spieltisch.tournament.ledger import Seated, Swapped, Unseated
from spieltisch.tournament.messages import _, _n
from spieltisch.tournament.standings import Standing
from spieltisch.tournament.tournament import Tournament


@dataclass
class Change:
    """A change of the round by hand: a swap (with its warnings) or an undo."""

    kind: str
    """`swap` or `undo`."""
    text: str
    reason: str
    by: str
    at: dt.datetime
    warnings: list[str] = field(default_factory=list)


@dataclass
class Explanation:
    """A round in words: `reasons` for the seating, `changes` by hand after it."""

    reasons: list[str]
    changes: list[Change]


def _seated(tournament: Tournament, number: int) -> tuple[Seated, list[Swapped], list[Unseated]]:
    """The round's seating as drawn (its last Seated entry), the swaps after it, and the
    undos of earlier seatings of this round."""
    seated: Seated | None = None
    swaps: list[Swapped] = []
    undos: list[Unseated] = []
    for entry in tournament.entries:
        if isinstance(entry, Seated) and entry.round == number:
            seated, swaps = entry, []
        elif isinstance(entry, Swapped) and entry.round == number:
            swaps.append(entry)
        elif isinstance(entry, Unseated) and entry.round == number:
            undos.append(entry)
    assert seated is not None, "a seated round has its entry"
    return seated, swaps, undos


def _met(tournament: Tournament, number: int) -> dict[frozenset[int], list[int]]:
    """Who met whom in the rounds before round `number`, and in which rounds."""
    met: dict[frozenset[int], list[int]] = {}
    for played in tournament.rounds[: number - 1]:
        for table in played.tables:
            for a, b in itertools.combinations(table, 2):
                met.setdefault(frozenset((a, b)), []).append(played.number)
    return met


def _seats_held(tournament: Tournament, number: int) -> dict[int, list[int]]:
    """How often each player held each seat before round `number`."""
    held: dict[int, list[int]] = {}
    size = tournament.settings.table_size
    for played in tournament.rounds[: number - 1]:
        for table in played.tables:
            for seat, player in enumerate(table):
                held.setdefault(player, [0] * size)[seat] += 1
    return held


def explain_round(tournament: Tournament, number: int, names: dict[str, str]) -> Explanation:
    """Why round `number` is seated as it is, and its changes by hand (`names`: who took
    a step, by the ledger's actor id)."""
    tournament.round(number)
    seated, swaps, undos = _seated(tournament, number)
    name = {n: p.shown for n, p in tournament.players.items()}
    reasons: list[str] = []
    if number == 1:
        reasons.append(
            _("Round 1 is drawn at random from the published seed {seed}.").format(
                seed=tournament.settings.seed
            )
        )
    else:
        reasons += _swiss_reasons(tournament, number, seated, name)
    if swaps:
        reasons.append(_("This is the seating as drawn; the changes by hand follow."))
    if seated.byes:
        bye_names = ", ".join(name[p] for p in seated.byes)
        reasons.append(
            _("Byes: {names} (by lot).").format(names=bye_names)
            if number == 1
            else _("Byes: {names} (the lowest placed with the fewest byes so far).").format(
                names=bye_names
            )
        )
    changes = [
        Change(
            "undo",
            _("The round was taken back and seated again."),
            undo.reason,
            names.get(undo.by, undo.by),
            undo.at,
        )
        for undo in undos
    ]
    tables = [list(table) for table in seated.tables]
    for swap in swaps:
        warnings = swap_warnings(tournament, number, tables, swap.players)
        a, b = swap.players
        tables = [[b if p == a else a if p == b else p for p in table] for table in tables]
        changes.append(
            Change(
                "swap",
                _("{a} and {b} were swapped by hand.").format(a=name[a], b=name[b]),
                swap.reason,
                names.get(swap.by, swap.by),
                swap.at,
                warnings,
            )
        )
    return Explanation(reasons, changes)


def _swiss_reasons(
    tournament: Tournament, number: int, seated: Seated, name: dict[int, str]
) -> list[str]:
    standings = tournament.standings(number - 1)
    points = {row.player: row.points for row in standings}
    met = _met(tournament, number)
    reasons = [
        _(
            "Seated by the Swiss system from the standings after round {n}: first nobody "
            "meets anyone twice, then players sit with those of their own points, then "
            "each player's colours are evened out."
        ).format(n=number - 1)
    ]
    repeats = [
        (a, b, met[frozenset((a, b))])
        for table in seated.tables
        for a, b in itertools.combinations(table, 2)
        if frozenset((a, b)) in met
    ]
    if not repeats:
        reasons.append(_("Nobody meets anyone a second time."))
    else:
        pairs = "; ".join(
            _("{a} and {b} (round {rounds})").format(
                a=name[a], b=name[b], rounds=", ".join(map(str, rounds))
            )
            for a, b, rounds in repeats
        )
        reasons.append(
            _n(
                "{count} meeting again, the fewest possible: {pairs}.",
                "{count} meetings again, the fewest possible: {pairs}.",
                len(repeats),
            ).format(count=len(repeats), pairs=pairs)
        )
    if seated.exact:
        reasons.append(_("No other seating is better by these rules: every one was compared."))
    elif seated.exact is False:
        reasons.append(_("The best seating found within the search's budget."))
    for index, table in enumerate(seated.tables, start=1):
        values = [points.get(p, 0.0) for p in table]
        low, high = min(values), max(values)
        span = (
            formats.number(low)
            if low == high
            else _("{low} to {high}").format(low=formats.number(low), high=formats.number(high))
        )
        reasons.append(
            _("Table {table}: {names}; points: {points}.").format(
                table=index,
                names=", ".join(f"{name[p]} ({formats.number(points.get(p, 0.0))})" for p in table),
                points=span,
            )
        )
    reasons += _leaders(standings, seated.tables, met, name)
    reasons.append(_colours(tournament, number, seated.tables, name))
    return reasons


def _leaders(
    standings: Sequence[Standing],
    tables: Sequence[Sequence[int]],
    met: dict[frozenset[int], list[int]],
    name: dict[int, str],
) -> list[str]:
    """The leaders (everyone on the top points, or the best three) and whether they sit
    together; if not, why."""
    top = [row.player for row in standings[:3]]
    at = {p: i for i, table in enumerate(tables) for p in table}
    if len({at.get(p) for p in top}) == 1:
        return [
            _("The leaders {names} sit at one table.").format(names=", ".join(name[p] for p in top))
        ]
    apart = [
        _("{a} and {b} met in round {rounds}").format(
            a=name[a], b=name[b], rounds=", ".join(map(str, met[frozenset((a, b))]))
        )
        for a, b in itertools.combinations(top, 2)
        if frozenset((a, b)) in met
    ]
    why = (
        "; ".join(apart)
        if apart
        else _("together they would force a meeting again or a wider range of points elsewhere")
    )
    return [
        _("The leaders {names} sit at different tables: {why}.").format(
            names=", ".join(name[p] for p in top), why=why
        )
    ]


def _colours(
    tournament: Tournament, number: int, tables: Sequence[Sequence[int]], name: dict[int, str]
) -> str:
    """Who gets a colour more often than another of theirs (the seat order evens out each
    player's colours, the start counting double)."""
    held = _seats_held(tournament, number)
    again = []
    for table in tables:
        for seat, player in enumerate(table):
            counts = held.get(player, [0] * tournament.settings.table_size)
            if counts[seat] > min(counts[: len(table)]):
                colour = tournament.seat_words(len(table), seat)
                again.append(
                    _("{name} {colour} ({times}×)").format(
                        name=name[player], colour=colour, times=counts[seat] + 1
                    )
                )
    if not again:
        return _("Colours: everyone plays a colour they have had least often.")
    return _(
        "Colours: everyone else plays a colour they have had least often; not {players}."
    ).format(players=", ".join(again))


def swap_warnings(
    tournament: Tournament, number: int, tables: Sequence[Sequence[int]], players: Sequence[int]
) -> list[str]:
    """What swapping `players` in these tables of round `number` breaks: a meeting again,
    a colour the player has had more often than another, a wider range of points."""
    name = {n: p.shown for n, p in tournament.players.items()}
    a, b = players
    after = [[b if p == a else a if p == b else p for p in table] for table in tables]
    met = _met(tournament, number)
    held = _seats_held(tournament, number)
    points = {row.player: row.points for row in tournament.standings(number - 1)}
    warnings = []
    for before_table, table in zip(tables, after, strict=True):
        if before_table == table:
            continue
        for x, y in itertools.combinations(table, 2):
            pair = frozenset((x, y))
            if pair in met and not {x, y} <= set(before_table):
                warnings.append(
                    _("{a} and {b} meet again (they met in round {rounds}).").format(
                        a=name[x], b=name[y], rounds=", ".join(map(str, met[pair]))
                    )
                )
        if number > 1:
            old = [points.get(p, 0.0) for p in before_table]
            new = [points.get(p, 0.0) for p in table]
            if max(new) - min(new) > max(old) - min(old):
                warnings.append(
                    _("Points at the table now range from {low} to {high}.").format(
                        low=formats.number(min(new)), high=formats.number(max(new))
                    )
                )
        for seat, player in enumerate(table):
            if player not in (a, b):
                continue
            counts = held.get(player, [0] * tournament.settings.table_size)[: len(table)]
            if counts[seat] > min(counts):
                warnings.append(
                    _(
                        "{name} plays {colour} once more ({times} times in all), "
                        "{least} less often."
                    ).format(
                        name=name[player],
                        colour=tournament.seat_words(len(table), seat),
                        times=counts[seat] + 1,
                        least=tournament.seat_words(len(table), counts.index(min(counts))),
                    )
                )
    return warnings
