"""News for the other server processes on PostgreSQL: a `pg_notify` sent inside a
transaction, so it leaves only when that transaction commits (a move's own news goes out
with its append, `store/append.py`)."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

NOTIFY = text("SELECT pg_notify(:channel, :payload)")


async def notify(session: AsyncSession, channel: str, payload: str) -> None:
    """Tell the listeners on `channel` `payload` once `session` commits."""
    await session.execute(NOTIFY, {"channel": channel, "payload": payload})
