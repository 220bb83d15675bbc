"""The seats of a table before its game: sit down, stand up, start, and a rematch (a new
table with the same seats, started once every person has asked). Plain async functions
over a session; each commits its own change."""

from __future__ import annotations

import secrets

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.store.clock import TableClock, as_set
from spieltisch.store.models import GameTable, Seat, SeatKind, TableStatus, now
from spieltisch.store.tables import lock_table, seats_of, take_seat_as_read

TAKEN = (SeatKind.AI, SeatKind.HUMAN)
"""The kinds of a seat someone plays: a table whose seats are all taken can start."""


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
    if not rows or rows[0].kind not in (SeatKind.HUMAN, SeatKind.RESERVED):
        raise Refusal(Code.CONFLICT, _("you do not sit at this table"))
    for row in rows:
        if row.kind == SeatKind.HUMAN and table.rematch_of is not None:
            # A rematch keeps the seat for its player: nobody else takes it with the link.
            row.kind = SeatKind.RESERVED
        else:  # stood up, or an invitation (a seat reserved for you) declined
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
    await start_game(session, table)
    await session.commit()


async def start_game(session: AsyncSession, table: GameTable) -> None:
    table.status, table.started_at = TableStatus.RUNNING, now()
    clock = TableClock.of(table.clock)
    if clock is not None and clock.mode is not None:
        for row in await seats_of(session, table.id):
            row.time_left_ms = clock.start_ms


async def rematch(session: AsyncSession, table_id: str, account: int) -> GameTable:
    """A new table with the same game, options and clock, its seats turned by one (each
    player moves to the next seat: in a game of two the colours swap); the old one points
    to it.

    The person asking sits down at once; every other person's seat is kept for them until
    they ask too (that is accepting), and the game starts when every person has. Requests
    for one table are taken one at a time (its row locked first): of two asked at once,
    one makes the rematch and the other accepts it."""
    await lock_table(session, table_id)
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
        clock=as_set(table.clock),
        rematch_of=table.id,
        rated=table.rated,
    )
    session.add(new)
    await session.flush()
    for row in rows:
        waiting = row.kind == SeatKind.HUMAN and row.account_id != account
        session.add(
            Seat(
                table_id=new.id,
                seat=(row.seat + 1) % len(rows),
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
    """A rematch starts by itself once every seat is taken (no start click needed). Its
    row is locked before the seats are read: of two taking the last seats at once, the
    second reads the first's seat and starts it."""
    if table.rematch_of is None or table.status != TableStatus.OPEN:
        return
    await lock_table(session, table.id)
    await session.refresh(table)  # as committed by whoever held the row before
    if table.status != TableStatus.OPEN:
        return
    if all(row.kind in TAKEN for row in await seats_of(session, table.id, fresh=True)):
        await start_game(session, table)
