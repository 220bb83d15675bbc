"""The repository of tables, seats and account names: the queries the lobby and the live
table share, batched so that describing a page of tables is three queries, not two per
table."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.models import Account, GameTable, Seat, TableStatus
from spieltisch.store.tournaments import TournamentEntryRow


async def seats_of(session: AsyncSession, table_id: str) -> list[Seat]:
    """A table's seats in order."""
    rows = await session.execute(select(Seat).filter_by(table_id=table_id).order_by(Seat.seat))
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


LISTED_PER_ACCOUNT = 3
"""How many open (and how many running) tables of one account the lobby lists: its
newest; the others stay reachable by their link."""


async def public_tables(
    session: AsyncSession, limit: int, finished: bool = False
) -> list[GameTable]:
    """Public tables that are open or running, open ones first, newest first, each
    account's newest LISTED_PER_ACCOUNT of each (so one account's flood of tables cannot
    push another's open table off the list); with `finished`, the finished ones."""
    public = GameTable.public.is_(True)
    if finished:
        rows = await session.execute(
            select(GameTable)
            .where(public, GameTable.status == TableStatus.FINISHED)
            .order_by(GameTable.created_at.desc())
            .limit(limit)
        )
        return list(rows.scalars())
    newest = func.row_number().over(
        partition_by=(GameTable.created_by, GameTable.status),
        order_by=(GameTable.created_at.desc(), GameTable.id),
    )
    ranked = (
        select(GameTable.id, newest.label("rank"))
        .where(public, GameTable.status.in_((TableStatus.OPEN, TableStatus.RUNNING)))
        .subquery()
    )
    rows = await session.execute(
        select(GameTable)
        .join(ranked, ranked.c.id == GameTable.id)
        .where(ranked.c.rank <= LISTED_PER_ACCOUNT)
        .order_by(
            case((GameTable.status == TableStatus.OPEN, 0), else_=1),
            GameTable.created_at.desc(),
        )
        .limit(limit)
    )
    return list(rows.scalars())


async def tournaments_of_tables(session: AsyncSession, ids: Collection[str]) -> dict[str, str]:
    """The tournament each of these tables was opened for, by table id (ordinary tables
    are left out): one query over the ledgers' "online" entries, however many tables."""
    wanted = set(ids)
    found: dict[str, str] = {}
    if not wanted:
        return found
    rows = await session.execute(
        select(TournamentEntryRow.tournament_id, TournamentEntryRow.data).filter_by(kind="online")
    )
    for tournament, data in rows:
        for table_id in data.get("tables", {}).values():
            if table_id in wanted:
                found[table_id] = str(tournament)
    return found
