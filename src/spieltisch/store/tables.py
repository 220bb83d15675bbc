"""The repository of tables, seats, move logs and account names: the queries the lobby and
the live table share, batched so that describing a page of tables is three queries, not
two per table."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection, Sequence

from sqlalchemy import and_, case, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from spieltisch.store.log_entries import LogEntry, parse_entry
from spieltisch.store.models import Account, GameTable, MoveEntry, Seat, SeatKind, TableStatus


async def seats_of(session: AsyncSession, table_id: str, fresh: bool = False) -> list[Seat]:
    """A table's seats in order (`fresh`: as the database has them now, also the rows
    this session read before)."""
    query = select(Seat).filter_by(table_id=table_id).order_by(Seat.seat)
    if fresh:
        query = query.execution_options(populate_existing=True)
    rows = await session.execute(query)
    return list(rows.scalars())


async def seats_of_tables(session: AsyncSession, ids: Collection[str]) -> dict[str, list[Seat]]:
    """The seats of several tables in one query, each table's in order."""
    seats: dict[str, list[Seat]] = defaultdict(list)
    if ids:
        rows = await session.execute(
            select(Seat).where(Seat.table_id.in_(list(ids))).order_by(Seat.table_id, Seat.seat)
        )
        for seat in rows.scalars():
            seats[seat.table_id].append(seat)
    return seats


async def account_names(session: AsyncSession, ids: Collection[int]) -> dict[int, str]:
    """The display names of accounts, by id (ids with no account are left out)."""
    if not ids:
        return {}
    rows = await session.execute(select(Account.id, Account.name).where(Account.id.in_(ids)))
    return {row.id: row.name for row in rows}


async def open_tables_waiting(
    session: AsyncSession, account: int, created_from: str | None
) -> tuple[int, int]:
    """How many open tables (not a tournament's) `account` sits at, and how many made
    from the address marked `created_from` still have a person seated: what a new table
    is counted against (a table everyone left does not count)."""
    seated = (
        select(Seat.table_id, Seat.account_id, GameTable.created_from)
        .join(GameTable, GameTable.id == Seat.table_id)
        .where(
            Seat.kind == SeatKind.HUMAN,
            GameTable.status == TableStatus.OPEN,
            GameTable.tournament_id.is_(None),
        )
        .subquery()
    )
    mine = await session.execute(
        select(func.count(func.distinct(seated.c.table_id))).where(seated.c.account_id == account)
    )
    if created_from is None:
        return mine.scalar_one(), 0
    near = await session.execute(
        select(func.count(func.distinct(seated.c.table_id))).where(
            seated.c.created_from == created_from
        )
    )
    return mine.scalar_one(), near.scalar_one()


ENDED = (TableStatus.FINISHED, TableStatus.ABORTED, TableStatus.ABANDONED)
"""The statuses of a table whose game is over: the finished-games list shows them all,
each worded as it ended."""

LISTED_PER_ACCOUNT = 3
"""How many open (and how many running) tables of one account the lobby lists: its
newest; the others stay reachable by their link."""
LISTED_PER_ADDRESS = 6
"""The same per network address, whoever created them (a household or a club behind one
address has room; one person making guest after guest does not)."""


async def public_tables(
    session: AsyncSession,
    limit: int,
    finished: bool = False,
    where: Sequence[ColumnElement[bool]] = (),
) -> list[GameTable]:
    """Public tables that are open or running, open ones first, newest first, each
    account's newest LISTED_PER_ACCOUNT of each and each address's newest
    LISTED_PER_ADDRESS (so one account's or one address's flood of tables cannot push
    another's open table off the list); with `finished`, the finished ones. `where`:
    conditions each table must meet (the lobby's filters), before the list is cut."""
    public = and_(GameTable.public.is_(True), *where)
    if finished:
        rows = await session.execute(
            select(GameTable)
            .where(public, GameTable.status.in_(ENDED))
            .order_by(GameTable.created_at.desc())
            .limit(limit)
        )
        return list(rows.scalars())
    newest = (GameTable.created_at.desc(), GameTable.id)
    of_account = func.row_number().over(
        partition_by=(GameTable.created_by, GameTable.status), order_by=newest
    )
    of_address = func.row_number().over(
        partition_by=(func.coalesce(GameTable.created_from, GameTable.id), GameTable.status),
        order_by=newest,
    )
    ranked = (
        select(GameTable.id, of_account.label("rank"), of_address.label("near"))
        .where(public, GameTable.status.in_((TableStatus.OPEN, TableStatus.RUNNING)))
        .subquery()
    )
    rows = await session.execute(
        select(GameTable)
        .join(ranked, ranked.c.id == GameTable.id)
        .where(ranked.c.rank <= LISTED_PER_ACCOUNT, ranked.c.near <= LISTED_PER_ADDRESS)
        .order_by(
            case((GameTable.status == TableStatus.OPEN, 0), else_=1),
            GameTable.created_at.desc(),
        )
        .limit(limit)
    )
    return list(rows.scalars())


async def count_by_status(session: AsyncSession) -> dict[str, int]:
    """How many tables there are in each status."""
    rows = await session.execute(select(GameTable.status, func.count()).group_by(GameTable.status))
    return {str(status): int(count) for status, count in rows}


async def statuses_of(session: AsyncSession, ids: Collection[str]) -> dict[str, TableStatus]:
    """The status of each of these tables, in one query."""
    if not ids:
        return {}
    rows = await session.execute(
        select(GameTable.id, GameTable.status).where(GameTable.id.in_(list(ids)))
    )
    return {row.id: TableStatus(row.status) for row in rows}


async def tournament_of(session: AsyncSession, table_id: str) -> str | None:
    """The tournament a table was opened for, None for an ordinary table (or none)."""
    found = await session.execute(select(GameTable.tournament_id).where(GameTable.id == table_id))
    return found.scalar()


async def tournaments_with_finished_tables(
    session: AsyncSession, since: dt.datetime | None = None
) -> list[str]:
    """The tournaments with an online table finished since `since` (None: ever)."""
    query = select(GameTable.tournament_id).where(
        GameTable.tournament_id.is_not(None), GameTable.status == TableStatus.FINISHED
    )
    if since is not None:
        query = query.where(GameTable.finished_at >= since)
    rows = await session.execute(query.distinct().order_by(GameTable.tournament_id))
    return [identifier for identifier in rows.scalars() if identifier is not None]


_FINISHED_WITHOUT_TOURNAMENT = (
    GameTable.status == TableStatus.FINISHED,
    GameTable.result.is_not(None),
    GameTable.tournament_id.is_(None),
)
"""Finished tables with a result that were not opened for a tournament: the candidates
for ratings of online games."""


async def finished_without_tournament(
    session: AsyncSession,
    since: dt.datetime | None = None,
    among: Collection[str] | None = None,
) -> list[tuple[GameTable, list[Seat]]]:
    """Finished tables with a result that were not opened for a tournament (finished since
    `since`, None: ever; only these ids when `among` is given), each with its seats in
    order: two queries however many."""
    query = select(GameTable).where(*_FINISHED_WITHOUT_TOURNAMENT)
    if since is not None:
        query = query.where(GameTable.finished_at >= since)
    if among is not None:
        query = query.where(GameTable.id.in_(list(among)))
    tables = list((await session.execute(query.order_by(GameTable.finished_at))).scalars())
    seats = await seats_of_tables(session, [table.id for table in tables])
    return [(table, seats.get(table.id, [])) for table in tables]


async def count_finished_without_tournament(session: AsyncSession) -> int:
    """How many such tables there are: they are never taken back, so a reader who has
    seen this many has seen them all (a cheap check that nothing was missed)."""
    query = select(func.count()).select_from(GameTable).where(*_FINISHED_WITHOUT_TOURNAMENT)
    return int((await session.execute(query)).scalar_one())


async def finished_ids_without_tournament(session: AsyncSession) -> set[str]:
    """The ids of every such table (to find the ones a reader missed)."""
    found = await session.execute(select(GameTable.id).where(*_FINISHED_WITHOUT_TOURNAMENT))
    return set(found.scalars())


async def private_among(session: AsyncSession, ids: Collection[str]) -> list[str]:
    """Which of these tables are private, in one query."""
    if not ids:
        return []
    rows = await session.execute(
        select(GameTable.id).where(GameTable.id.in_(list(ids)), GameTable.public.is_(False))
    )
    return list(rows.scalars())


async def take_seat_as_read(session: AsyncSession, seat: Seat, account: int) -> bool:
    """Seat `account` as a person in `seat`, only if the row is still as it was read (its
    kind and account): of two people taking the last seat at once exactly one wins (the
    database serialises the two updates). False when someone else was quicker; on True the
    loaded `seat` is changed to match the row."""
    taken = await session.execute(
        update(Seat)
        .where(
            Seat.table_id == seat.table_id,
            Seat.seat == seat.seat,
            Seat.kind == seat.kind,
            Seat.account_id.is_(None)
            if seat.account_id is None
            else Seat.account_id == seat.account_id,
        )
        .values(kind=SeatKind.HUMAN, account_id=account)
        .execution_options(synchronize_session=False)
    )
    if getattr(taken, "rowcount", 0) != 1:
        return False
    seat.kind, seat.account_id = SeatKind.HUMAN, account
    return True


async def computer_only_unfinished(session: AsyncSession, account: int) -> int:
    """How many tables `account` created that are not finished and seat no person (every
    seat a computer's)."""
    people = select(Seat.table_id).where(Seat.kind != SeatKind.AI)
    unfinished = await session.execute(
        select(func.count())
        .select_from(GameTable)
        .where(
            GameTable.created_by == account,
            GameTable.status != TableStatus.FINISHED,
            GameTable.id.not_in(people),
        )
    )
    return int(unfinished.scalar_one())


async def move_logs(session: AsyncSession, ids: Collection[str]) -> dict[str, list[LogEntry]]:
    """The move log entries of several tables in one query, each table's in order (seq
    1, 2, ...; takebacks included: `log_entries.effective` reads them)."""
    logs: dict[str, list[LogEntry]] = {table_id: [] for table_id in ids}
    if ids:
        rows = await session.execute(
            select(MoveEntry.table_id, MoveEntry.entry, MoveEntry.seat)
            .where(MoveEntry.table_id.in_(list(ids)))
            .order_by(MoveEntry.table_id, MoveEntry.seq)
        )
        for table_id, text, seat in rows:
            logs[table_id].append(parse_entry(text, seat))
    return logs


async def tables_by_id(session: AsyncSession, ids: Collection[str]) -> dict[str, GameTable]:
    """The tables of these ids, in one query (ids with no table are left out)."""
    if not ids:
        return {}
    rows = await session.execute(select(GameTable).where(GameTable.id.in_(list(ids))))
    return {table.id: table for table in rows.scalars()}


async def lock_table(session: AsyncSession, table_id: str) -> None:
    """Hold the table's row until the transaction ends (a write that changes nothing:
    PostgreSQL locks the row, SQLite takes its one writer), so that requests which read
    the table and its seats and then change them take turns."""
    await session.execute(
        update(GameTable)
        .where(GameTable.id == table_id)
        .values(status=GameTable.status)
        .execution_options(synchronize_session=False)
    )


async def running_tables_of(session: AsyncSession, account: int, limit: int) -> list[GameTable]:
    """The running tables where `account` holds a person's seat (public or not; also one
    paused while they were away), newest started first."""
    seated = select(Seat.table_id).where(Seat.kind == SeatKind.HUMAN, Seat.account_id == account)
    rows = await session.execute(
        select(GameTable)
        .where(GameTable.status == TableStatus.RUNNING, GameTable.id.in_(seated))
        .order_by(GameTable.started_at.desc(), GameTable.id)
        .limit(limit)
    )
    return list(rows.scalars())
