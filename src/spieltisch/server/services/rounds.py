"""Tournament rounds played online: the round's tables opened through the table service,
and their results taken into the tournament when the games end.

A table goes online when every player at it has an account or is a computer entrant:
seats are taken by the players' accounts at once (or are computer seats) and the game
starts with the round clock, so the round time runs from the round's start whether a
player comes or not; at time the game's own rule ranks the table (rule 18 through the
engine's `time` event; a championship's tables stop at once and count steps,
`online_options`). A table with a player who has no account (a name in the hall)
is played on a real board and entered by hand.

Results are taken when the runtime reports a finished table (`table_finished`, a
`table/finishing.py` hook), before a director's step, and by a sweep when a process
starts and every `SWEEP_SECONDS` (a result missed by a crash). Reading a tournament
never takes one: a GET writes nothing. Taking a result is idempotent: a table that has
a result (taken, or entered by the director) is left as it is.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Collection, Sequence
from typing import Any, get_args

from spieltisch.core import game_class, identity
from spieltisch.server.i18n import _
from spieltisch.server.schemas.rest import ClockIn, Level, SeatIn, TableIn
from spieltisch.server.services.lobby import LiveTables
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.services.records import finished_records
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import TableStatus
from spieltisch.store.tables import (
    statuses_of,
    tournament_of,
    tournaments_with_finished_tables,
)
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Player, Tournament

logger = logging.getLogger("spieltisch.server")
SERVER = "server"
"""Who takes an online table's result, in the tournament's audit trail."""
COLLECT_RETRIES = 20
"""Server processes collecting at once race for the ledger's next number; the loser takes
the step again and finds the table taken. The sweep collects again anyway, so this only
keeps a busy moment out of the log."""
SWEEP_SECONDS = 60.0
"""How often a process looks for finished tournament tables whose result is not taken."""


def account_of(player: Player) -> int | None:
    """The server account of a player registered with one (`account:7` -> 7)."""
    return identity.account_of(player.account)


def table_spec(tournament: Tournament, players: Sequence[int]) -> TableIn | None:
    """The online table for these players in seat order, or None if one has no account."""
    seats: list[SeatIn] = []
    for number in players:
        player = tournament.players[number]
        level, account = player.ai_level, account_of(player)
        if level is not None:
            if level not in get_args(Level):
                raise TournamentError(
                    _(
                        "player {number} plays at level {level}: online tables seat the "
                        "levels {levels}"
                    ).format(number=number, level=repr(level), levels=", ".join(get_args(Level)))
                )
            seats.append(SeatIn(kind="ai", level=level))
        elif account is not None:
            seats.append(SeatIn(kind="reserved", account=account))
        else:
            return None
    settings = tournament.settings
    round_seconds = None
    if settings.round_minutes and "time" in game_class(settings.game).events:
        round_seconds = settings.round_minutes * 60
    people = any(seat.kind == "reserved" for seat in seats)
    move_seconds = settings.move_seconds if people else None
    clock = None
    if round_seconds or move_seconds:
        clock = ClockIn(
            mode="move" if move_seconds else None,
            seconds=move_seconds,
            round_seconds=round_seconds,
        )
    return TableIn(game=settings.game, options=online_options(tournament), seats=seats, clock=clock)


def online_options(tournament: Tournament) -> dict[str, Any]:
    """The game options of the tournament's online tables: those under which the game
    stops and ranks as the tournament's chosen rule does when time is called (a
    championship: at once, by the steps to the goal), then the tournament's own (a
    director who chose `time_up` keeps it)."""
    rule = tournament.stopped_rule
    if not tournament.settings.stopped_rule or rule is None:
        return dict(tournament.settings.options)
    return {**rule.online_options, **tournament.settings.options}


class OnlineRounds:
    """Opens a round's tables on the server and takes their results."""

    def __init__(self, database: Database, runtime: LiveTables) -> None:
        self.database = database
        self.runtime = runtime
        self.store = TournamentStore(database)

    async def open_tables(
        self, identifier: str, round_number: int, by: str, creator: int | None
    ) -> dict[int, str]:
        """Open every table of the round that can be played online and has neither an
        online table nor a result; returns table number -> online table id."""
        tournament = await self.store.load(identifier)
        played = tournament.round(round_number)
        specs: dict[int, TableIn] = {}
        for number, players in enumerate(played.tables, start=1):
            if number in played.online or number in played.results or len(players) < 2:
                continue
            spec = table_spec(tournament, players)
            if spec is not None:
                specs[number] = spec
        if not specs:
            return {}
        opened: dict[int, str] = {}
        async with transaction(self.database) as session:
            for number, spec in specs.items():
                table = await create_table(
                    session, creator, spec, start=True, seated=True, tournament_id=identifier
                )
                opened[number] = table.id
        await self.store.act(identifier, lambda t: t.open_online(round_number, opened, by))
        for table_id in opened.values():
            await self.runtime.room(table_id)  # sets computer seats and the clock going
        return opened

    async def collect(self, identifier: str) -> Tournament:
        """Take the result of every finished online table that has none yet."""
        tournament = await self.store.load(identifier)
        waiting = {
            table_id: (played.number, number)
            for played in tournament.rounds
            for number, table_id in played.online.items()
            if number not in played.results
        }
        if not waiting:
            return tournament
        async with reading(self.database) as session:
            records = await finished_records(session, waiting)
        for table_id in records:
            round_number, number = waiting[table_id]

            def take(
                t: Tournament, r: int = round_number, n: int = number, tid: str = table_id
            ) -> ResultEntered | None:
                if n in t.round(r).results:
                    return None  # taken meanwhile, or entered by the director
                return t.enter_online(r, n, records[tid], SERVER, table_id=tid)

            try:
                tournament, _entry = await self.store.act(identifier, take, COLLECT_RETRIES)
            except TournamentError:
                logger.exception("the result of table %s does not fit its tournament", table_id)
        return tournament

    async def statuses(self, table_ids: Collection[str]) -> dict[str, TableStatus]:
        """The status of each of the online tables, in one query."""
        async with reading(self.database) as session:
            return await statuses_of(session, table_ids)

    async def tournament_of(self, table_id: str) -> str | None:
        """The tournament an online table was opened for (None: an ordinary table)."""
        async with reading(self.database) as session:
            return await tournament_of(session, table_id)

    async def sweep(self, since: dt.datetime | None = None) -> int:
        """Take the results of every tournament with a table finished since `since`
        (None: ever); returns how many tournaments were looked at."""
        async with reading(self.database) as session:
            identifiers = await tournaments_with_finished_tables(session, since)
        for identifier in identifiers:
            try:
                await self.collect(identifier)
            except UNAVAILABLE:
                raise  # the database is away: said once, by `keep_sweeping`
            except Exception:
                logger.exception("taking the results of tournament %s", identifier)
        return len(identifiers)

    async def keep_sweeping(self, seconds: float = SWEEP_SECONDS) -> None:
        """Sweep now for every finished table, then every `seconds` for those finished
        since the sweep before last (a process's background task)."""
        since: dt.datetime | None = None
        while True:
            started = dt.datetime.now(dt.UTC)
            try:
                await self.sweep(since)
            except UNAVAILABLE as exc:  # expected while the database restarts: one line
                logger.warning(
                    "the tournament sweep: the database is not answering (%s); trying "
                    "again in %g s",
                    away_reason(exc),
                    seconds,
                )
            except Exception:
                logger.exception("the tournament sweep failed; trying again")
            else:
                since = started - dt.timedelta(seconds=seconds)
            await asyncio.sleep(seconds)

    async def table_finished(self, table_id: str) -> None:
        """The runtime's hook: a finished tournament table's result goes in at once."""
        identifier = await self.tournament_of(table_id)
        if identifier is not None:
            await self.collect(identifier)


def away_reason(exc: BaseException) -> str:
    """The first line of what the driver said (SQLAlchemy's own text adds a link and the
    statement), or the exception's name."""
    cause = getattr(exc, "orig", None) or exc
    lines = str(cause).strip().splitlines()
    return " ".join(lines[0].split())[:200] if lines else type(cause).__name__
