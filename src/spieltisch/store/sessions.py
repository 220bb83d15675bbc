"""The repository of sign-in sessions and of the key that signs their tokens: every query
`server/infra/auth.py` makes, in one place (it keeps the transactions)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.models import AccountSession, ServerSecret


async def server_secret(session: AsyncSession, name: str) -> str | None:
    """The value of a secret the server made itself (None before it is made)."""
    found = await session.execute(select(ServerSecret.value).where(ServerSecret.name == name))
    return found.scalar()


async def end_session(session: AsyncSession, account_id: int, session_id: str) -> None:
    """Delete the session `session_id` if it is `account_id`'s (a token's two parts)."""
    await session.execute(
        delete(AccountSession).where(
            AccountSession.id == session_id, AccountSession.account_id == account_id
        )
    )


async def end_sessions_of(session: AsyncSession, account_id: int) -> None:
    """Delete every session of an account (it was claimed: no old token carries over)."""
    await session.execute(delete(AccountSession).where(AccountSession.account_id == account_id))
