"""The repository of accounts: every query about who a player is, in one place."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.models import Account, GameTable, Seat, SeatKind, TableStatus


async def add_guest(session: AsyncSession, name: str) -> Account:
    """A new guest account with this display name (committed)."""
    account = Account(name=name)
    session.add(account)
    await session.commit()
    return account


async def by_username(session: AsyncSession, username: str) -> Account | None:
    """The account of a username, whatever its case (`Ana` and `ana` are one name)."""
    found = await session.execute(
        select(Account).where(func.lower(Account.username) == username.lower())
    )
    return found.scalar()


async def played(
    session: AsyncSession, account_id: int, limit: int
) -> list[tuple[Seat, GameTable]]:
    """The seats an account sat in as a person and their tables, newest table first."""
    rows = await session.execute(
        select(Seat, GameTable)
        .join(GameTable, GameTable.id == Seat.table_id)
        .where(Seat.account_id == account_id, Seat.kind == SeatKind.HUMAN)
        .order_by(GameTable.created_at.desc())
        .limit(limit)
    )
    return [(seat, table) for seat, table in rows.all()]


async def finished_places(
    session: AsyncSession, account_id: int, public_only: bool
) -> list[tuple[str, int, dict[str, Any] | None]]:
    """Each finished game an account played as a person: its game, their seat and the
    result (for the per-game record: games and wins); `public_only` leaves private
    tables out."""
    query = (
        select(GameTable.game, Seat.seat, GameTable.result)
        .join(GameTable, GameTable.id == Seat.table_id)
        .where(
            Seat.account_id == account_id,
            Seat.kind == SeatKind.HUMAN,
            GameTable.status == TableStatus.FINISHED,
        )
    )
    if public_only:
        query = query.where(GameTable.public.is_(True))
    return [(game, seat, result) for game, seat, result in (await session.execute(query)).all()]
