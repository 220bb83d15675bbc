"""The repository of accounts: every query about who a player is, in one place."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.models import Account, GameTable, Seat, SeatKind


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
