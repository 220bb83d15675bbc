"""The table service: create, join, leave, start and rematch tables.

Plain async functions over a session, so other services (tournament rounds) create and
fill tables inside their own transaction; they commit. `Lobby` is the service the routes
call: each of its methods is one transaction of its own and tells the live tables.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

import spieltisch
from spieltisch.core import OptionError, UnknownGame, game_class
from spieltisch.core.names import game_title
from spieltisch.core.records import make_record
from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import SeatOut, TableOut
from spieltisch.server.schemas.rest import ClockIn, SeatIn, TableIn
from spieltisch.server.services.privacy import may_see
from spieltisch.store import Database
from spieltisch.store.log_entries import LogEntry, effective
from spieltisch.store.models import GameTable, Seat, SeatKind, TableStatus, now
from spieltisch.store.tables import (
    account_names,
    computer_only_unfinished,
    move_logs,
    open_tables_waiting,
    private_among,
    public_tables,
    seats_of,
    seats_of_tables,
    tables_by_id,
    take_seat_as_read,
)
from spieltisch.tournament.storage import rated_seating

MAX_COMPUTER_TABLES = 2
"""Unfinished tables of computers only that one account may have at once."""


def _validated_options(spec: TableIn, players: int) -> dict[str, Any]:
    options = dict(spec.options)
    given = options.get("players")
    if given is not None and given != players:
        raise Refusal(
            Code.INVALID,
            _n(
                "option players={given} disagrees with the {count} seat given",
                "option players={given} disagrees with the {count} seats given",
                players,
            ).format(given=given, count=players),
        )
    options["players"] = players
    try:
        game = spieltisch.load(spec.game, **options)
    except (OptionError, UnknownGame) as exc:
        raise Refusal(Code.INVALID, str(exc)) from None
    validated: dict[str, Any] = game.options.to_json()
    return validated


def _check_clock(game: str, clock: ClockIn | None) -> dict[str, Any] | None:
    if clock is None:
        return None
    if (clock.mode is None) != (clock.seconds is None):
        raise Refusal(
            Code.INVALID, _("a clock needs both mode (move or game) and seconds, or neither")
        )
    if clock.increment is not None and clock.mode != "game":
        raise Refusal(
            Code.INVALID,
            _("an increment is for a clock per player (mode game), not mode {mode}").format(
                mode=clock.mode
            ),
        )
    if clock.round_seconds is not None and "time" not in game_class(game).events:
        raise Refusal(
            Code.INVALID,
            _(
                "{game} has no time called by a referee: a round time is not available for it"
            ).format(game=game_title(game)),
        )
    if clock.mode is None and clock.round_seconds is None:
        return None
    return clock.model_dump()


TAKEN = (SeatKind.AI, SeatKind.HUMAN)
"""The kinds of a seat someone plays: a table whose seats are all taken can start."""


async def create_table(
    session: AsyncSession,
    creator: int | None,
    spec: TableIn,
    *,
    start: bool = False,
    seated: bool = False,
    tournament_id: str | None = None,
    created_from: str | None = None,
) -> GameTable:
    """A new table with its seats; `start` starts it at once when every seat is filled.
    `seated`: the accounts of reserved seats sit there at once (a tournament round seats
    its players; the round clock runs whether they come or not); `tournament_id` the
    tournament it is opened for; `created_from` the creator's address mark
    (`Sessions.address_mark`).

    Raises Refusal for an unknown game, bad options (the OptionError text), bad seats.
    """
    try:
        cls = game_class(spec.game)
    except UnknownGame as exc:
        raise Refusal(Code.INVALID, str(exc)) from None
    seats = spec.seats
    if seats is None:
        players = spec.options.get("players") or cls.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise Refusal(
                Code.INVALID,
                _("option players must be a whole number, not {value}").format(value=players),
            )
        seats = [SeatIn(kind="me" if creator is not None else "open")]
        seats += [SeatIn(kind="open") for _ in range(max(players, 1) - 1)]
    options = _validated_options(spec, len(seats))
    clock = _check_clock(spec.game, spec.clock)
    table = GameTable(
        id=secrets.token_urlsafe(12),
        game=spec.game,
        options=options,
        public=spec.public,
        status=TableStatus.OPEN,
        created_by=creator,
        clock=clock,
        tournament_id=tournament_id,
        created_from=created_from,
    )
    session.add(table)
    # The accounts reserved seats name, read in one query (not one per seat).
    reserved = {seat.account for seat in seats if seat.kind == "reserved" and seat.account}
    existing = set(await account_names(session, reserved))
    rows = [_seat_row(table.id, index, seat, creator, existing) for index, seat in enumerate(seats)]
    for row in rows:
        if seated and row.kind == SeatKind.RESERVED:
            row.kind = SeatKind.HUMAN
        session.add(row)
    await session.flush()
    if start and all(row.kind in TAKEN for row in rows):
        await _start(session, table)
    await session.commit()
    return table


async def check_computer_tables(session: AsyncSession, creator: int, spec: TableIn) -> None:
    """An account keeps at most `MAX_COMPUTER_TABLES` tables of computers only that are not
    finished: each takes the computer players' time from every other table. (Tables a
    tournament round opens are not counted against its director.)"""
    if not spec.seats or any(seat.kind != "ai" for seat in spec.seats):
        return
    if await computer_only_unfinished(session, creator) >= MAX_COMPUTER_TABLES:
        raise Refusal(
            Code.TOO_MANY,
            _n(
                "you have {count} table of computers only that is not finished: "
                "wait for it to end before making another",
                "you have {count} tables of computers only that are not finished: "
                "wait for one to end before making another",
                MAX_COMPUTER_TABLES,
            ).format(count=MAX_COMPUTER_TABLES),
        )


async def check_open_tables(
    session: AsyncSession, creator: int, created_from: str | None, limits: dict[str, int]
) -> None:
    """A new table waits for players (a seek): refused when the creator sits at
    `limits["account"]` open tables already, or `limits["address"]` made from their
    address still wait with a person seated (guests made in a row from one address)."""
    mine, near = await open_tables_waiting(session, creator, created_from)
    if mine >= limits["account"]:
        raise Refusal(
            Code.TOO_MANY,
            _n(
                "you sit at {count} open table already: start it or leave it before making another",
                "you sit at {count} open tables already: start one or leave one before "
                "making another",
                mine,
            ).format(count=mine),
        )
    if near >= limits["address"]:
        raise Refusal(
            Code.TOO_MANY,
            _n(
                "{count} open table made from your network address still waits for "
                "players: start it or leave it before making another",
                "{count} open tables made from your network address still wait for "
                "players: start one or leave one before making another",
                near,
            ).format(count=near),
        )


def _seat_row(
    table_id: str, index: int, seat: SeatIn, creator: int | None, existing: set[int]
) -> Seat:
    """The row of a seat as asked for (`existing`: the accounts that exist among those
    the reserved seats name)."""
    if seat.kind == "ai":
        if seat.level is None:
            raise Refusal(
                Code.INVALID,
                _("seat {seat}: an ai seat needs a level: easy..expert").format(seat=index),
            )
        return Seat(table_id=table_id, seat=index, kind=SeatKind.AI, ai_level=seat.level)
    if seat.level is not None:
        raise Refusal(Code.INVALID, _("seat {seat}: only ai seats take a level").format(seat=index))
    if seat.kind == "me":
        if creator is None:
            raise Refusal(
                Code.INVALID, _("seat {seat}: 'me' needs a signed-in creator").format(seat=index)
            )
        return Seat(table_id=table_id, seat=index, kind=SeatKind.HUMAN, account_id=creator)
    if seat.kind == "reserved":
        if seat.account is None or seat.account not in existing:
            raise Refusal(
                Code.INVALID,
                _("seat {seat}: a reserved seat needs an existing account id").format(seat=index),
            )
        return Seat(table_id=table_id, seat=index, kind=SeatKind.RESERVED, account_id=seat.account)
    if seat.account is not None:
        raise Refusal(
            Code.INVALID, _("seat {seat}: only reserved seats name an account").format(seat=index)
        )
    return Seat(table_id=table_id, seat=index, kind=SeatKind.OPEN)


async def get_table(session: AsyncSession, table_id: str) -> GameTable:
    table = await session.get(GameTable, table_id)
    if table is None:
        raise Refusal(Code.NOT_FOUND, _("no table {table}").format(table=table_id))
    return table


async def join(session: AsyncSession, table_id: str, account: int, seat: int | None) -> int:
    """Sit down at an open seat (or the one reserved for you); returns the seat."""
    table = await get_table(session, table_id)
    if table.status != TableStatus.OPEN:
        raise Refusal(
            Code.CONFLICT,
            _("table {table} is {status}: seats change only before it starts").format(
                table=table_id, status=table.status
            ),
        )
    rows = await seats_of(session, table_id)
    if any(row.account_id == account and row.kind == SeatKind.HUMAN for row in rows):
        raise Refusal(Code.CONFLICT, _("you sit at this table already"))
    free = [
        row
        for row in rows
        if row.kind == SeatKind.OPEN
        or (row.kind == SeatKind.RESERVED and row.account_id == account)
    ]
    if seat is not None:
        free = [row for row in free if row.seat == seat]
        if not free:
            raise Refusal(Code.CONFLICT, _("seat {seat} is not free for you").format(seat=seat))
    if not free:
        raise Refusal(Code.CONFLICT, _("no free seat at this table"))
    chosen = sorted(free, key=lambda row: (row.kind != SeatKind.RESERVED, row.seat))[0]
    number = chosen.seat
    # Taken only if it is still as it was read: of two people joining the last seat at
    # once exactly one wins, the other is told.
    if not await take_seat_as_read(session, chosen, account):
        await session.rollback()
        raise Refusal(
            Code.CONFLICT,
            _("seat {seat} was taken a moment ago: choose another").format(seat=number),
        )
    await _start_when_full(session, table)
    await session.commit()
    return number


async def leave(session: AsyncSession, table_id: str, account: int) -> None:
    """Stand up before the game starts (the seat becomes open)."""
    table = await get_table(session, table_id)
    if table.status != TableStatus.OPEN:
        raise Refusal(
            Code.CONFLICT,
            _(
                "table {table} is {status}: you can leave only before it starts "
                "(a running game you resign)"
            ).format(table=table_id, status=table.status),
        )
    rows = [row for row in await seats_of(session, table_id) if row.account_id == account]
    if not rows or rows[0].kind != SeatKind.HUMAN:
        raise Refusal(Code.CONFLICT, _("you do not sit at this table"))
    for row in rows:
        row.kind, row.account_id = SeatKind.OPEN, None
    await session.commit()


async def start(session: AsyncSession, table_id: str, account: int) -> None:
    """Start the game: every seat must be filled; the creator or a seated player starts."""
    table = await get_table(session, table_id)
    if table.status != TableStatus.OPEN:
        raise Refusal(
            Code.CONFLICT,
            _("table {table} is {status} already").format(table=table_id, status=table.status),
        )
    rows = await seats_of(session, table_id)
    if account != table.created_by and not any(row.account_id == account for row in rows):
        raise Refusal(Code.FORBIDDEN, _("only the table's creator or a seated player starts it"))
    empty = [str(row.seat) for row in rows if row.kind not in TAKEN]
    if empty:
        raise Refusal(
            Code.CONFLICT, _("seats {seats} are still empty").format(seats=", ".join(empty))
        )
    await _start(session, table)
    await session.commit()


async def _start(session: AsyncSession, table: GameTable) -> None:
    table.status, table.started_at = TableStatus.RUNNING, now()
    clock = table.clock or {}
    if clock.get("mode") is not None:
        for row in await seats_of(session, table.id):
            row.time_left_ms = int(clock["seconds"] * 1000)


async def rematch(session: AsyncSession, table_id: str, account: int) -> GameTable:
    """A new table with the same game, options, clock and seats; the old one points to it.

    The person asking sits down at once; every other person's seat is kept for them until
    they ask too (that is accepting), and the game starts when every person has."""
    table = await get_table(session, table_id)
    if table.status != TableStatus.FINISHED:
        raise Refusal(Code.CONFLICT, _("a rematch follows a finished game"))
    rows = await seats_of(session, table_id)
    if not any(row.account_id == account for row in rows):
        raise Refusal(Code.FORBIDDEN, _("only a player of the game asks for a rematch"))
    if table.rematch is not None:
        new = await get_table(session, table.rematch)
        await _accept(session, new, account)
        return new
    new = GameTable(
        id=secrets.token_urlsafe(12),
        game=table.game,
        options=table.options,
        public=table.public,
        status=TableStatus.OPEN,
        created_by=account,
        clock=table.clock,
        rematch_of=table.id,
    )
    session.add(new)
    await session.flush()
    for row in rows:
        waiting = row.kind == SeatKind.HUMAN and row.account_id != account
        session.add(
            Seat(
                table_id=new.id,
                seat=row.seat,
                kind=SeatKind.RESERVED if waiting else row.kind,
                account_id=row.account_id,
                ai_level=row.ai_level if row.kind == SeatKind.AI else None,
            )
        )
    table.rematch = new.id
    await session.flush()
    await _start_when_full(session, new)
    await session.commit()
    return new


async def _accept(session: AsyncSession, table: GameTable, account: int) -> None:
    """A person takes the seat a rematch keeps for them; the last one starts the game."""
    if table.status != TableStatus.OPEN:
        return
    for row in await seats_of(session, table.id):
        if row.kind == SeatKind.RESERVED and row.account_id == account:
            row.kind = SeatKind.HUMAN
    await _start_when_full(session, table)
    await session.commit()


async def _start_when_full(session: AsyncSession, table: GameTable) -> None:
    """A rematch starts by itself once every seat is taken (no start click needed)."""
    if table.rematch_of is None or table.status != TableStatus.OPEN:
        return
    if all(row.kind in TAKEN for row in await seats_of(session, table.id)):
        await _start(session, table)


async def finished_record(session: AsyncSession, table_id: str) -> dict[str, Any]:
    """The finished game of a table as a `spieltisch-record/1` (names as seated)."""
    table = await get_table(session, table_id)
    if table.status != TableStatus.FINISHED:
        raise Refusal(
            Code.CONFLICT,
            _("table {table} is {status}: records are of finished games").format(
                table=table_id, status=table.status
            ),
        )
    return (await _records(session, [table]))[table_id]


async def finished_records(
    session: AsyncSession, table_ids: Collection[str]
) -> dict[str, dict[str, Any]]:
    """The records of those of these tables that have finished, in the order given: four
    queries however many tables (a tournament collects a round's results at once)."""
    found = await tables_by_id(session, table_ids)
    finished = [
        found[table_id]
        for table_id in table_ids
        if table_id in found and found[table_id].status == TableStatus.FINISHED
    ]
    return await _records(session, finished)


async def _records(session: AsyncSession, tables: list[GameTable]) -> dict[str, dict[str, Any]]:
    described = await describe_tables(session, tables)
    logs = await move_logs(session, [table.id for table in tables])
    return {
        table.id: _record(table, out, logs[table.id])
        for table, out in zip(tables, described, strict=True)
    }


def _record(table: GameTable, described: TableOut, log: list[LogEntry]) -> dict[str, Any]:
    # The record keeps the game as played: moves taken back are not in it.
    state = spieltisch.load(table.game, **table.options).replay(effective(log))
    players = [s.name or f"player {s.seat + 1}" for s in described.seats]
    # A game given up carries the ranking after resignations and the resigned seats in
    # its result (docs/web.md, "Leaving a running game"); it replays like any other.
    resigned = (table.result or {}).get("resigned") or ()
    return dict(make_record(state, players, resigned))


async def describe_table(session: AsyncSession, table: GameTable) -> TableOut:
    return (await describe_tables(session, [table]))[0]


async def describe_tables(session: AsyncSession, tables: list[GameTable]) -> list[TableOut]:
    """Tables as the lobby shows them, with their seats and players' names: two queries
    however many tables."""
    seats = await seats_of_tables(session, [table.id for table in tables])
    who = await account_names(
        session,
        {row.account_id for rows in seats.values() for row in rows if row.account_id},
    )
    return [
        _described(table, seats.get(table.id, []), who, table.tournament_id) for table in tables
    ]


def _described(
    table: GameTable, rows: list[Seat], who: dict[int, str], tournament: str | None
) -> TableOut:
    rated = tournament is not None or rated_seating([row.account_id for row in rows])
    return TableOut(
        id=table.id,
        game=table.game,
        title=game_class(table.game).title,
        options=table.options,
        public=table.public,
        status=table.status,
        seats=[
            SeatOut(
                seat=row.seat,
                kind=row.kind,
                name=who.get(row.account_id) if row.account_id is not None else row.ai_level,
                account=row.account_id,
                level=row.ai_level,
                resigned=row.kind == SeatKind.HUMAN and row.ai_level is not None,
            )
            for row in rows
        ],
        clock=table.clock,
        created_by=table.created_by,
        rematch=table.rematch,
        rematch_of=table.rematch_of,
        result=table.result,
        tournament=tournament,
        rated=rated,
        takebacks=not rated and not game_class(table.game).hidden_information,
    )


async def list_tables(
    session: AsyncSession, limit: int = 100, finished: bool = False
) -> list[TableOut]:
    """Public tables that are open or running, open ones first, at most a few of each
    account (or with `finished`, the finished ones, to replay), newest first."""
    return await describe_tables(session, await public_tables(session, limit, finished))


class LiveTables(Protocol):
    """The tables in play (`table.runtime.Runtime`), as far as the lobby needs them: told
    of a change (their connections see it), started when nobody watches yet, a seat
    handed to the computer."""

    async def room(self, table_id: str) -> object: ...

    async def changed(self, table_id: str) -> None: ...

    async def hand_over(self, table_id: str, account: int, seat: int | None) -> None: ...


class Lobby:
    """The tables as the routes ask for them: each method one transaction of its own,
    then the live tables told."""

    def __init__(self, database: Database, live: LiveTables) -> None:
        self.database = database
        self.live = live

    async def listed(self, finished: bool = False) -> list[TableOut]:
        """The lobby's list (`list_tables`): three queries however many tables."""
        async with self.database.session() as session:
            return await list_tables(session, finished=finished)

    async def described(self, table_id: str) -> TableOut:
        async with self.database.session() as session:
            return await describe_table(session, await get_table(session, table_id))

    async def create(
        self,
        creator: int,
        spec: TableIn,
        created_from: str | None,
        open_limits: dict[str, int] | None,
    ) -> TableOut:
        """A new table, counted against the creator's unfinished computer tables and
        (with `open_limits`) their open ones."""
        async with self.database.session() as session:
            await check_computer_tables(session, creator, spec)
            if open_limits is not None:
                await check_open_tables(session, creator, created_from, open_limits)
            table = await create_table(session, creator, spec, created_from=created_from)
            return await describe_table(session, table)

    async def join(self, table_id: str, account: int, seat: int | None) -> TableOut:
        """Sit down (`join`); a rematch whose last seat this was starts at once."""
        async with self.database.session() as session:
            await join(session, table_id, account, seat)
        described = await self._after_change(table_id)
        if described.status == TableStatus.RUNNING:
            await self.live.room(table_id)
        return described

    async def leave(self, table_id: str, account: int) -> TableOut:
        async with self.database.session() as session:
            await leave(session, table_id, account)
        return await self._after_change(table_id)

    async def start(self, table_id: str, account: int) -> TableOut:
        async with self.database.session() as session:
            await start(session, table_id, account)
        described = await self._after_change(table_id)
        await self.live.room(table_id)  # a table nobody watches yet starts too
        return described

    async def hand_over(self, table_id: str, account: int, seat: int | None) -> TableOut:
        """`account` gives up its seat (`seat` None) or claims another person's who is
        away: the computer plays it from now on."""
        await self.live.hand_over(table_id, account, seat)
        return await self.described(table_id)

    async def rematch(self, table_id: str, account: int) -> TableOut:
        async with self.database.session() as session:
            new = await rematch(session, table_id, account)
            described = await describe_table(session, new)
        await self.live.changed(table_id)
        await self.live.changed(new.id)  # a person accepted (or the last one did: it started)
        if described.status == TableStatus.RUNNING:
            await self.live.room(new.id)  # a table nobody watches yet starts too
        return described

    async def seen_by(self, table: GameTable, account: int | None) -> tuple[TableOut, str | None]:
        """A table as a connection joining it is first told, and the joining account's
        name (None for a watcher without one), in one transaction."""
        async with self.database.session() as session:
            described = await describe_table(session, table)
            if account is None:
                return described, None
            return described, (await account_names(session, {account})).get(account)

    async def hidden_from(self, tables: Collection[str], viewer: int | None) -> set[str]:
        """Which of `tables` are private ones `viewer` did not sit at: two queries."""
        if not tables:
            return set()
        async with self.database.session() as session:
            private = await private_among(session, tables)
            seats = await seats_of_tables(session, private)
        return {
            table
            for table in private
            if not may_see(False, [seat.account_id for seat in seats.get(table, [])], viewer)
        }

    async def _after_change(self, table_id: str) -> TableOut:
        await self.live.changed(table_id)
        return await self.described(table_id)
