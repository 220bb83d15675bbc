"""Turn-based play in the store: when a clock that stands still on vacation runs out, the
deadlines tables keep, the vacations accounts take, and the notices in a table's log.

A turn's deadline is a pure function of when the turn started, the time it allows and
the mover's vacations (`due_at`); the database keeps the result (`GameTable.deadline`)
so that any process finds the tables due, also after a restart.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.database import Database
from spieltisch.store.models import (
    GameTable,
    MoveEntry,
    Seat,
    SeatKind,
    TableNotice,
    TableStatus,
    Vacation,
    as_utc,
)

Span = tuple[float, float]
"""A vacation as wall-clock seconds: from, until."""

DAY = 24 * 3600.0


def due_at(start: float, allowed: float, vacations: Sequence[Span]) -> float:
    """The moment `allowed` seconds of running clock have passed since `start`, the
    clock standing still during `vacations`."""
    moment, left = start, allowed
    for begins, ends in sorted(vacations):
        if ends <= moment:
            continue
        begins = max(begins, moment)
        if begins - moment >= left:
            break
        left -= begins - moment
        moment = ends
    return moment + left


def paused_ms(vacations: Sequence[Span], start: float, end: float) -> int:
    """How long of `start`..`end` the clock stood still (vacations may not overlap)."""
    total = sum(max(0.0, min(ends, end) - max(begins, start)) for begins, ends in vacations)
    return int(total * 1000)


STORED = 0.001
"""How far a moment read back may lie from the one stored (the database keeps whole
microseconds): a vacation taken now may begin a microsecond after now once read back."""


def under_way(vacations: Sequence[Span], at: float) -> Span | None:
    """The vacation under way at `at` (one at most: they may not overlap)."""
    return next(((a, b) for a, b in vacations if a <= at + STORED < b), None)


def moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def seconds(at: datetime) -> float:
    """A stored moment as wall-clock seconds (SQLite gives naive moments: UTC)."""
    return as_utc(at).timestamp()


# -- deadlines ---------------------------------------------------------------------------


async def set_deadline(session: AsyncSession, table_id: str, deadline: float | None) -> None:
    value = None if deadline is None else moment(deadline)
    await session.execute(update(GameTable).filter_by(id=table_id).values(deadline=value))


async def due_tables(session: AsyncSession, now: float) -> list[str]:
    """The running turn-based tables whose deadline has come, soonest first."""
    rows = await session.execute(
        select(GameTable.id)
        .where(
            GameTable.status == TableStatus.RUNNING,
            GameTable.turn_based.is_(True),
            GameTable.deadline <= moment(now),
        )
        .order_by(GameTable.deadline)
    )
    return list(rows.scalars())


async def turn_tables_of(
    session: AsyncSession, account: int, tournaments: bool = True
) -> list[GameTable]:
    """The running turn-based tables where `account` holds a seat (`tournaments`:
    tournament games too), each once however many seats it holds there.

    A seat subquery, not `SELECT DISTINCT` over a join: PostgreSQL's json type has no
    equality, so DISTINCT over the table's JSON columns fails there."""
    seated = select(Seat.table_id).where(Seat.account_id == account, Seat.kind == SeatKind.HUMAN)
    query = select(GameTable).where(
        GameTable.id.in_(seated),
        GameTable.status == TableStatus.RUNNING,
        GameTable.turn_based.is_(True),
    )
    if not tournaments:
        query = query.where(GameTable.tournament_id.is_(None))
    return list((await session.execute(query)).scalars())


# -- vacations ---------------------------------------------------------------------------


async def vacations_of(
    session: AsyncSession, accounts: Collection[int], since: float
) -> dict[int, list[Span]]:
    """Each account's vacations that end after `since`, in order."""
    found: dict[int, list[Span]] = {account: [] for account in accounts}
    if not accounts:
        return found
    rows = await session.execute(
        select(Vacation)
        .where(Vacation.account_id.in_(list(accounts)), Vacation.ends_at > moment(since))
        .order_by(Vacation.starts_at)
    )
    for row in rows.scalars():
        found[row.account_id].append((seconds(row.starts_at), seconds(row.ends_at)))
    return found


async def days_taken(session: AsyncSession, account: int, year: int) -> float:
    """The vacation days `account` took that start in `year` (UTC)."""
    rows = await session.execute(
        select(Vacation).where(
            Vacation.account_id == account,
            Vacation.starts_at >= datetime(year, 1, 1, tzinfo=UTC),
            Vacation.starts_at < datetime(year + 1, 1, 1, tzinfo=UTC),
        )
    )
    return sum((seconds(v.ends_at) - seconds(v.starts_at)) / DAY for v in rows.scalars())


async def take_vacation(session: AsyncSession, account: int, start: float, end: float) -> None:
    session.add(Vacation(account_id=account, starts_at=moment(start), ends_at=moment(end)))


async def end_vacation(session: AsyncSession, account: int, now: float) -> bool:
    """End the vacation under way now (its unused days come back); whether there was one."""
    rows = await session.execute(
        select(Vacation).where(
            Vacation.account_id == account,
            Vacation.starts_at <= moment(now),
            Vacation.ends_at > moment(now),
        )
    )
    found = list(rows.scalars())
    for row in found:
        row.ends_at = moment(now)
    return bool(found)


# -- notices -----------------------------------------------------------------------------


async def add_notice(
    session: AsyncSession,
    table_id: str,
    seq: int,
    kind: str,
    seat: int,
    data: dict[str, Any],
    at: float,
) -> TableNotice:
    row = TableNotice(
        table_id=table_id, seq=seq, kind=kind, seat=seat, data=data, created_at=moment(at)
    )
    session.add(row)
    return row


async def notices_of(session: AsyncSession, table_id: str, limit: int = 50) -> list[TableNotice]:
    """A table's latest notices, oldest first."""
    rows = await session.execute(
        select(TableNotice)
        .filter_by(table_id=table_id)
        .order_by(TableNotice.id.desc())
        .limit(limit)
    )
    return list(reversed(list(rows.scalars())))


async def noticed(session: AsyncSession, table_id: str, seq: int, kind: str) -> bool:
    """Whether a notice of `kind` was told already in position `seq`."""
    count = await session.scalar(
        select(func.count())
        .select_from(TableNotice)
        .filter_by(table_id=table_id, seq=seq, kind=kind)
    )
    return bool(count)


class TurnStore:
    """The live table's turn-based queries over one database, each its own short
    transaction (the deadline sweep and the turn's bookkeeping)."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def set_deadline(self, table_id: str, deadline: float | None) -> None:
        async with self.database.session() as session:
            await set_deadline(session, table_id, deadline)
            await session.commit()

    async def due(self, now: float) -> list[str]:
        async with self.database.session() as session:
            return await due_tables(session, now)

    async def vacations(self, account: int, since: float) -> list[Span]:
        async with self.database.session() as session:
            return (await vacations_of(session, [account], since))[account]

    async def recent(self, table_id: str) -> list[TableNotice]:
        async with self.database.session() as session:
            return await notices_of(session, table_id)

    async def noticed(self, table_id: str, seq: int, kind: str) -> bool:
        async with self.database.session() as session:
            return await noticed(session, table_id, seq, kind)

    async def add_notices(
        self,
        table_id: str,
        seq: int,
        told: Sequence[tuple[str, int, dict[str, Any]]],
        at: float,
        news: Callable[[AsyncSession, list[int]], Awaitable[None]] | None = None,
    ) -> None:
        """Notices (kind, seat, data) told in position `seq` at `at`, or after the log's
        last entry when the log is further on (a process whose copy of the table is
        behind, taking a vacation for a table another process holds, wrote position 0
        under the first entry, and the pages showed it nowhere); `news` is handed the
        transaction and the new rows' ids before it commits (the other processes' news,
        which leaves only with the rows)."""
        async with self.database.session() as session:
            last = await session.scalar(
                select(func.max(MoveEntry.seq)).where(MoveEntry.table_id == table_id)
            )
            seq = max(seq, last or 0)
            rows = [await add_notice(session, table_id, seq, *one, at) for one in told]
            if news is not None:
                await session.flush()
                await news(session, [row.id for row in rows])
            await session.commit()

    async def notices(self, table_id: str, ids: Collection[int]) -> list[TableNotice]:
        """The table's notices of these ids, oldest first (the others' news names them)."""
        async with self.database.session() as session:
            rows = await session.execute(
                select(TableNotice)
                .where(TableNotice.table_id == table_id, TableNotice.id.in_(list(ids)))
                .order_by(TableNotice.id)
            )
            return list(rows.scalars())

    async def tables_of(self, account: int, tournaments: bool = True) -> list[str]:
        async with self.database.session() as session:
            return [table.id for table in await turn_tables_of(session, account, tournaments)]
