"""The repository of sign-in sessions and of the key that signs their tokens: every query
and transaction `server/infra/auth.py` needs. Each function is one short transaction of
its own (auth sits in the server's infra, below the services' unit of work), so the
store opens the session here."""

from __future__ import annotations

import datetime as dt
import secrets

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.database import Database
from spieltisch.store.models import AccountSession, ServerSecret


async def _server_secret(session: AsyncSession, name: str) -> str | None:
    found = await session.execute(select(ServerSecret.value).where(ServerSecret.name == name))
    return found.scalar()


async def server_secret(database: Database, name: str) -> str:
    """The value of a secret the server makes itself on first start (a random token),
    the same for every process: the one made first is kept."""
    async with database.session() as session:
        found = await _server_secret(session, name)
        if found is not None:
            return found
        session.add(ServerSecret(name=name, value=secrets.token_urlsafe(48)))
        try:
            await session.commit()
        except IntegrityError:  # another process made it first
            await session.rollback()
        made = await _server_secret(session, name)
        assert made is not None
        return made


async def open_session(database: Database, account_id: int, session_id: str) -> None:
    """A new sign-in session of the account."""
    async with database.session() as session:
        session.add(AccountSession(id=session_id, account_id=account_id))
        await session.commit()


async def end_session(database: Database, account_id: int, session_id: str) -> None:
    """Delete the session `session_id` if it is `account_id`'s (a token's two parts)."""
    async with database.session() as session:
        await session.execute(
            delete(AccountSession).where(
                AccountSession.id == session_id, AccountSession.account_id == account_id
            )
        )
        await session.commit()


async def end_sessions_of(database: Database, account_id: int) -> None:
    """Delete every session of an account (it was claimed: no old token carries over)."""
    async with database.session() as session:
        await session.execute(delete(AccountSession).where(AccountSession.account_id == account_id))
        await session.commit()


async def live_session(
    database: Database,
    account_id: int,
    session_id: str,
    moment: dt.datetime,
    idle: float,
    seen_every: float,
) -> bool:
    """Whether `session_id` is a live session of `account_id` at `moment`. One unused for
    more than `idle` seconds is deleted (not live); a live one's last use is written when
    it is more than `seen_every` seconds old (not one write per request)."""
    async with database.session() as session:
        found = await session.get(AccountSession, session_id)
        if found is None or found.account_id != account_id:
            return False
        seen = found.seen_at if found.seen_at.tzinfo else found.seen_at.replace(tzinfo=dt.UTC)
        if (moment - seen).total_seconds() > idle:
            await session.delete(found)
            await session.commit()
            return False
        if (moment - seen).total_seconds() > seen_every:
            found.seen_at = moment
            await session.commit()
        return True
