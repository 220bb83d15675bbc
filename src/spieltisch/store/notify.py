"""Notifications in the store: each account's contact (email address, webhook) and
choices, and the outbox every notification goes through.

The outbox is a table, not a queue in memory: a notification is a row written when what
causes it is stored, and a sender claims due rows (on PostgreSQL `FOR UPDATE SKIP
LOCKED`, so two processes never claim one row; SQLite has one writer), delivers them and
marks them sent. A claim holds for a lease: a process killed between claiming and
marking leaves the row to be claimed again once the lease ends.

Each row is claimed again on its own when its delivery begins (`sending`: a fresh lease,
the attempt counted), and only while the claimer still holds it: a slow batch whose
lease ran out loses its rows not yet begun to whoever claimed them, rather than sending
them a second time (issue 43: a batch of 50 shared one 120 s lease).

The moment a receiver took a notification is recorded in a table of its own
(`delivered`: an insert that waits for no lock of the outbox), before the outbox row is
marked: a mark held up by a row lock (a move dropping the table's reminders) and cut
off by a kill -9 leaves that record, and whoever claims the row next marks it sent
without delivering it again (`delivered_before`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from spieltisch.store.models import Account, Base, now


class ContactRow(Base):
    """How to reach an account and what it wants to hear (one row per account that set
    anything). Read only for its own account: no other answer carries these fields."""

    __tablename__ = "account_contacts"

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    email: Mapped[str | None] = mapped_column(String(254))
    """The verified address (None: none yet)."""
    email_pending: Mapped[str | None] = mapped_column(String(254))
    """An address given but not yet verified by its link."""
    choices: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Per kind of notification, the channels chosen: {"turn": ["email", "browser"]}."""
    digest: Mapped[bool] = mapped_column(Boolean, default=False)
    """Emails gathered into one every `Settings.digest_seconds` instead of one each."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The language the emails are written in (the page's when the choices were saved)."""
    webhook_url: Mapped[str | None] = mapped_column(String(500))
    webhook_secret: Mapped[str | None] = mapped_column(String(80))
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)


class OutboxRow(Base):
    """One notification to deliver once: to an account, on one channel."""

    __tablename__ = "notification_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)
    """What it is about, made so that the same happening written twice (by two processes
    hearing it) is one row: `turn:<table>:<seq>:<account>:email`."""
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    channel: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now)
    due_at: Mapped[datetime] = mapped_column(default=now)
    claimed_until: Mapped[datetime | None] = mapped_column()
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    """Deliveries begun (`sending`): 2 or more after a failure or a delivery cut off."""
    sending_until: Mapped[datetime | None] = mapped_column()
    """Set when a delivery begins (`sending`), cleared when its outcome is marked: still
    set when the row is claimed again, the delivery before was cut off (the process died
    between beginning and marking) and this one may be a repeat."""
    sent_at: Mapped[datetime | None] = mapped_column()
    dropped: Mapped[str | None] = mapped_column(String(300))
    """Why it was not delivered and will not be (unsubscribed, gave up after retries)."""

    __table_args__ = (Index("ix_notification_outbox_due", "sent_at", "due_at"),)


class DeliveredRow(Base):
    """A notification the receiver took, recorded at once (its own short transaction),
    until the outbox row is marked sent in the same transaction that deletes this. No
    foreign key: checking it would wait for a lock on the outbox row."""

    __tablename__ = "notification_delivered"

    outbox_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    at: Mapped[datetime] = mapped_column(default=now)


EVERY_CHANNEL = "*"
"""The channel of a notification written with what caused it (a move, in the move's own
transaction): the sender spreads it into one row per channel its account chose, under
the same keys as if they had been written one by one."""


@dataclass(frozen=True)
class Notice:
    """A notification to write: the key that makes it one, whom, what, when."""

    key: str
    account_id: int
    kind: str
    channel: str
    payload: dict[str, Any]
    due_at: datetime | None = None


async def contact(session: AsyncSession, account_id: int) -> ContactRow:
    """The account's contact row (made, not yet committed, when it has none)."""
    row = await session.get(ContactRow, account_id)
    if row is None:
        row = ContactRow(account_id=account_id, choices={}, digest=False)
        session.add(row)
    return row


async def contacts(session: AsyncSession, account_ids: set[int]) -> dict[int, ContactRow]:
    if not account_ids:
        return {}
    rows = await session.execute(
        select(ContactRow).where(ContactRow.account_id.in_(sorted(account_ids)))
    )
    return {row.account_id: row for row in rows.scalars()}


async def add_notices(session: AsyncSession, notices: list[Notice]) -> None:
    """Write notifications in the session's transaction; one already written under the
    same key is left as it is (a second process heard the same happening)."""
    if not notices:
        return
    dialect = session.bind.dialect.name if session.bind is not None else "sqlite"
    await session.execute(notices_insert(notices, dialect))


def notices_insert(notices: list[Notice], dialect: str) -> Any:
    """The INSERT of `add_notices` (at least one notice) for `dialect`'s database."""
    values = [
        {
            "key": notice.key,
            "account_id": notice.account_id,
            "kind": notice.kind,
            "channel": notice.channel,
            "payload": notice.payload,
            "due_at": notice.due_at or now(),
            "created_at": now(),
            "attempts": 0,
        }
        for notice in notices
    ]
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    return insert(OutboxRow).values(values).on_conflict_do_nothing()


async def claim(
    session: AsyncSession, claimer: str, lease: float, limit: int, moment: datetime
) -> list[OutboxRow]:
    """Claim up to `limit` due rows nobody holds for `lease` seconds (committed): rows
    another process claimed are skipped, not waited for."""
    free = or_(OutboxRow.claimed_until.is_(None), OutboxRow.claimed_until < moment)
    waiting = (
        select(OutboxRow.id)
        .where(OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None))
        .where(OutboxRow.due_at <= moment, free)
        .order_by(OutboxRow.due_at, OutboxRow.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    ids = list((await session.execute(waiting)).scalars())
    if not ids:
        await session.commit()
        return []
    until = moment + timedelta(seconds=lease)
    await session.execute(
        update(OutboxRow)
        .where(OutboxRow.id.in_(ids), free)
        .values(claimed_until=until, claimed_by=claimer)
    )
    await session.commit()
    rows = await session.execute(
        select(OutboxRow)
        .where(OutboxRow.id.in_(ids), OutboxRow.claimed_by == claimer)
        .where(OutboxRow.claimed_until == until)
        .order_by(OutboxRow.id)
    )
    return list(rows.scalars())


async def sending(
    session: AsyncSession, ids: list[int], claimer: str, lease: float, moment: datetime
) -> bool:
    """Begin delivering these rows (one notification, or one digest): each claimed again
    for `lease` seconds from `moment` and its attempt counted, only if `claimer` still
    holds every one (committed). False: another process claimed one after this
    claimer's lease ran out, and delivers them; nothing changed."""
    until = moment + timedelta(seconds=lease)
    done = await session.execute(
        update(OutboxRow)
        .where(OutboxRow.id.in_(ids), OutboxRow.claimed_by == claimer)
        .where(OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None))
        .values(claimed_until=until, sending_until=until, attempts=OutboxRow.attempts + 1)
        .execution_options(synchronize_session=False)
    )
    if getattr(done, "rowcount", 0) != len(ids):
        await session.rollback()
        return False
    await session.commit()
    return True


async def delivered(session: AsyncSession, ids: list[int]) -> None:
    """Record that the receiver took these rows (committed): an insert into a table no
    other transaction locks rows of, so it waits for nothing the outbox holds."""
    if not ids:
        return
    dialect = session.bind.dialect.name if session.bind is not None else "sqlite"
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    moment = now()
    await session.execute(
        insert(DeliveredRow)
        .values([{"outbox_id": row_id, "at": moment} for row_id in ids])
        .on_conflict_do_nothing()
    )
    await session.commit()


async def delivered_before(session: AsyncSession, ids: list[int], claimer: str) -> set[int]:
    """Of `ids` (claimed by `claimer`), those a receiver took before their mark was cut
    off: marked sent now (committed), not to be delivered again."""
    found = set(
        (
            await session.execute(
                select(DeliveredRow.outbox_id).where(DeliveredRow.outbox_id.in_(ids))
            )
        ).scalars()
    )
    if found:
        await mark(session, sorted(found), claimer, sent=True)
    return found


async def mark(
    session: AsyncSession,
    ids: list[int],
    claimer: str,
    sent: bool,
    dropped: str | None = None,
    retry_at: datetime | None = None,
    commit: bool = True,
) -> None:
    """After a delivery: sent, dropped (with why), or free again from `retry_at`
    (committed unless `commit` is False: part of the caller's transaction)."""
    if not ids:
        return
    values: dict[str, Any]
    if sent:
        values = {"sent_at": now(), "sending_until": None}
    elif dropped is not None:
        values = {"dropped": dropped[:300], "sending_until": None}
    else:
        values = {
            "claimed_until": None,
            "claimed_by": None,
            "sending_until": None,
            "due_at": retry_at or now(),
        }
    changed = await session.execute(
        update(OutboxRow)
        .where(OutboxRow.id.in_(ids), OutboxRow.claimed_by == claimer)
        .where(OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None))
        .values(**values)
        .returning(OutboxRow.id)
        .execution_options(synchronize_session=False)
    )
    done = list(changed.scalars())
    if sent and done:  # the record of a delivery has done its work once the row is marked
        await session.execute(delete(DeliveredRow).where(DeliveredRow.outbox_id.in_(done)))
    if commit:
        await session.commit()


async def waiting(session: AsyncSession, prefix: str) -> list[tuple[int, str]]:
    """(id, key) of the notifications not yet sent nor dropped whose key starts with
    `prefix` (a table's reminders)."""
    rows = await session.execute(
        select(OutboxRow.id, OutboxRow.key)
        .where(OutboxRow.key.startswith(prefix, autoescape=True))
        .where(OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None))
    )
    return [(row_id, key) for row_id, key in rows]


async def pending(session: AsyncSession, moment: datetime) -> dict[str, int]:
    """The notifications neither sent nor dropped: how many are due at `moment` and how
    many later (reminders, retries)."""
    found = await session.execute(
        select(
            func.count().filter(OutboxRow.due_at <= moment),
            func.count().filter(OutboxRow.due_at > moment),
        ).where(OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None))
    )
    due, scheduled = found.one()
    return {"due": int(due), "scheduled": int(scheduled)}


async def drop(session: AsyncSession, ids: list[int], reason: str) -> None:
    """Never send these notifications (they are no longer due), saying why."""
    if ids:
        await session.execute(
            update(OutboxRow).where(OutboxRow.id.in_(ids)).values(dropped=reason[:300])
        )


async def forget_sent(session: AsyncSession, before: datetime) -> None:
    """Delete what was delivered or dropped before `before` (kept a while, then gone)."""
    await session.execute(
        delete(OutboxRow).where(
            or_(OutboxRow.sent_at < before, OutboxRow.dropped.is_not(None)),
            OutboxRow.created_at < before,
        )
    )
    # Records of deliveries whose row was dropped meanwhile (never marked sent).
    await session.execute(delete(DeliveredRow).where(DeliveredRow.at < before))


async def by_name(session: AsyncSession, username: str) -> tuple[Account, ContactRow] | None:
    """A claimed account by username (any case) with its contact row, if it has one."""
    found = await session.execute(
        select(Account, ContactRow)
        .join(ContactRow, ContactRow.account_id == Account.id)
        .where(func.lower(Account.username) == username.lower())
    )
    row = found.first()
    return (row[0], row[1]) if row is not None else None
