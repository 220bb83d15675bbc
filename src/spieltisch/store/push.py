"""Web Push subscriptions: each browser (device) that asked to be told of an account's
notifications with no tab open. The endpoint is the push service's address for that
browser; `p256dh` and `auth` are the keys the browser decrypts with (RFC 8291). Read
only for their own account."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from spieltisch.store.models import Base, now


class PushRow(Base):
    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=now)


async def subscribe(
    session: AsyncSession, account_id: int, endpoint: str, p256dh: str, auth: str
) -> None:
    """Keep the browser's subscription for `account_id` (a browser subscribed before,
    for any account, now tells this one: the last to sign in on a device hears)."""
    found = await session.scalar(select(PushRow).filter_by(endpoint=endpoint))
    if found is None:
        session.add(PushRow(account_id=account_id, endpoint=endpoint, p256dh=p256dh, auth=auth))
    else:
        found.account_id, found.p256dh, found.auth = account_id, p256dh, auth


async def unsubscribe(session: AsyncSession, account_id: int, endpoint: str) -> bool:
    """Forget the account's subscription at `endpoint`; whether it had one there."""
    gone = await session.execute(
        delete(PushRow).filter_by(account_id=account_id, endpoint=endpoint)
    )
    return bool(getattr(gone, "rowcount", 0))


async def forget(session: AsyncSession, subscription_id: int) -> None:
    """The push service said the subscription is gone (404, 410)."""
    await session.execute(delete(PushRow).filter_by(id=subscription_id))


async def subscriptions(session: AsyncSession, account_ids: set[int]) -> dict[int, list[int]]:
    """The subscriptions (ids) of each of `account_ids` that has any."""
    if not account_ids:
        return {}
    rows = await session.execute(
        select(PushRow.account_id, PushRow.id)
        .where(PushRow.account_id.in_(sorted(account_ids)))
        .order_by(PushRow.id)
    )
    found: dict[int, list[int]] = {}
    for account, row_id in rows:
        found.setdefault(account, []).append(row_id)
    return found


async def count(session: AsyncSession, account_id: int) -> int:
    return int(
        await session.scalar(
            select(func.count()).select_from(PushRow).filter_by(account_id=account_id)
        )
        or 0
    )
