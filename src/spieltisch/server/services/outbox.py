"""The sender: delivers each notification of the outbox once.

It claims due rows (`store/notify.claim`: rows another process claimed are skipped),
claims each again as its delivery begins (`notify.sending`: skipped if another process
took it meanwhile), delivers it (email through SMTP, a signed webhook POST, Web Push),
and marks it sent; a delivery that failed is tried again later, a few times, then
dropped with the reason. A process killed after claiming leaves its rows to be claimed
again when the lease ends.

As close to once as SMTP and HTTP allow (`docs/notifications.md`, "Once, as far as it
can be"): an email is marked sent as soon as the mail server has accepted it, before
QUIT; the acceptance (or a webhook's or push service's answer) is recorded at once
where no lock waits (`notify.delivered`), then the row is marked: only a process dying
between the acceptance and that one insert sends it again. A repeat is the same
notification: the same Message-ID (on the `--public-url` host), the same
`Idempotency-Key` with `X-Spieltisch-Attempt` counting up, the same Web Push `Topic`
(the push service replaces one not yet shown); it is logged and counted
(`spieltisch_notifications_redelivered_total`).

It wakes when this process wrote a notification (`wake`) and otherwise looks every
`Settings.outbox_poll_seconds` (what other processes wrote, reminders falling due).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import smtplib
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from urllib.parse import urlsplit

from spieltisch.server.infra.mail import SmtpServer, send_mail
from spieltisch.server.infra.metrics import notification_redelivered, notification_settled
from spieltisch.server.infra.notify_tokens import LinkTokens
from spieltisch.server.infra.push import Pusher, Subscription, subject_of, topic, urgency
from spieltisch.server.infra.settings import Settings
from spieltisch.server.infra.webhooks import post
from spieltisch.server.services.notify_mail import compose
from spieltisch.server.services.notify_texts import ACCOUNT_KINDS, Worded, worded
from spieltisch.server.services.table_notices import spread
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import now
from spieltisch.store.notify import (
    EVERY_CHANNEL,
    ContactRow,
    OutboxRow,
    claim,
    contacts,
    delivered,
    delivered_before,
    forget_sent,
    mark,
    sending,
)
from spieltisch.store.push import PushRow, forget

logger = logging.getLogger("spieltisch.notify")
BATCH = 50
ATTEMPTS = 6
"""Deliveries tried before a notification is dropped (backing off: 1, 2, 4 ... minutes)."""
UNWANTED = "unsubscribed"
"""The reason a notification its account no longer wants is dropped with."""
KEEP_DAYS = 30
"""Sent and dropped notifications are deleted after this many days."""


class Sender:
    def __init__(
        self,
        database: Database,
        settings: Settings,
        tokens: LinkTokens,
        clock: Callable[[], datetime] = now,
    ) -> None:
        self.database = database
        self.settings = settings
        self.tokens = tokens
        self.clock = clock
        self.smtp = SmtpServer.parse(settings.smtp) if settings.smtp else None
        self.name = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.pusher = (
            Pusher(settings.vapid_key, subject_of(settings.mail_from, settings.site()))
            if settings.vapid_key
            else None
        )
        self._accepted: set[int] = set()
        """Rows recorded as taken by their receiver in this delivery (`_sent`)."""
        self._woken = asyncio.Event()
        self._stopping = False

    def wake(self) -> None:
        """Something was written here: look now, not at the next poll."""
        self._woken.set()

    def stop(self) -> None:
        """End `keep_sending` after the batch in hand: a batch cut off by cancelling could
        leave a delivered notification unmarked, to be sent again by the next process."""
        self._stopping = True
        self._woken.set()

    async def keep_sending(self) -> None:
        """Deliver until stopped or cancelled (the server's lifespan runs it as a task)."""
        rounds = 0
        while not self._stopping:
            try:
                while not self._stopping and await self.send_due():
                    pass
                rounds += 1
                if rounds % 1000 == 1:
                    async with transaction(self.database) as session:
                        await forget_sent(session, self.clock() - timedelta(days=KEEP_DAYS))
            except asyncio.CancelledError:
                raise
            except UNAVAILABLE as away:  # the database away: try again at the next round
                logger.warning("notifications wait for the database: %s", type(away).__name__)
            except Exception:
                logger.exception("the notification sender failed a round")
            self._woken.clear()
            try:
                async with asyncio.timeout(self.settings.outbox_poll_seconds):
                    await self._woken.wait()
            except TimeoutError:
                pass

    async def send_due(self) -> int:
        """Claim and deliver one batch of due notifications; how many were claimed."""
        async with transaction(self.database) as session:
            rows = await claim(
                session, self.name, self.settings.outbox_lease_seconds, BATCH, self.clock()
            )
        if not rows:
            return 0
        every = [row for row in rows if row.channel == EVERY_CHANNEL]
        if every:
            await self._spread(every)
            rows = [row for row in rows if row.channel != EVERY_CHANNEL]
            if not rows:
                return len(every)
        async with reading(self.database) as session:
            found = await contacts(session, {row.account_id for row in rows})
        emails: dict[int, list[OutboxRow]] = {}
        for row in rows:
            if row.channel == "email":
                emails.setdefault(row.account_id, []).append(row)
            elif not await self._begin([row]):
                continue
            elif row.channel == "push":
                await self._settle([row], await self._push(row, found.get(row.account_id)))
            else:
                await self._settle([row], await self._webhook(row, found.get(row.account_id)))
        for account, batch in emails.items():
            contact = found.get(account)
            digest = [
                r for r in batch if r.kind not in ACCOUNT_KINDS and contact and contact.digest
            ]
            for one in [[row] for row in batch if row not in digest] + [digest]:
                if one and await self._begin(one):
                    await self._settle(one, await self._email(one, contact))
        return len(rows)

    async def _begin(self, rows: list[OutboxRow]) -> bool:
        """Claim `rows` again as their delivery begins (`notify.sending`); False when
        another process claimed them after this batch's lease ran out (it delivers them).
        A row whose delivery before was cut off is delivered again: logged and counted."""
        ids = [row.id for row in rows]
        lease = self.settings.outbox_lease_seconds
        async with transaction(self.database) as session:
            taken = await delivered_before(session, ids, self.name)
        if taken:
            logger.warning(
                "notifications %s were taken by their receiver before; their mark was cut "
                "off: marked sent now, not delivered again",
                sorted(taken),
            )
            for row in rows:
                if row.id in taken:
                    notification_settled(row.channel, "sent")
            return False
        async with transaction(self.database) as session:
            if not await sending(session, ids, self.name, lease, self.clock()):
                logger.info("notifications %s were claimed by another process meanwhile", ids)
                return False
        for row in rows:
            row.attempts += 1
            if row.sending_until is not None:
                logger.warning(
                    "notification %s (%s) delivered again, attempt %d: the delivery before "
                    "was cut off before its outcome was stored",
                    row.id,
                    row.channel,
                    row.attempts,
                )
                notification_redelivered(row.channel)
        return True

    async def _sent(self, rows: list[OutboxRow]) -> None:
        """The receiver took `rows`: recorded at once (`notify.delivered`, which waits for
        no lock of the outbox), then marked sent (for email before QUIT). A mark held up
        by a row lock and cut off by a crash leaves the record: the next claimer marks
        the rows sent without delivering them again."""
        ids = [row.id for row in rows if row.id not in self._accepted]
        if not ids:
            return
        async with transaction(self.database) as session:
            await delivered(session, ids)
        self._accepted.update(ids)
        async with transaction(self.database) as session:
            await mark(session, ids, self.name, sent=True)

    async def _spread(self, rows: list[OutboxRow]) -> None:
        """Rows written with a move for every channel: in one transaction, the rows of
        the channels their accounts chose are written and these marked sent (a crash
        before the commit leaves them to be spread again, under the same keys)."""
        async with transaction(self.database) as session:
            await spread(session, rows, self.settings.digest_seconds, self.clock())
            await mark(session, [row.id for row in rows], self.name, sent=True, commit=False)

    async def _settle(self, rows: list[OutboxRow], outcome: str | None) -> None:
        """Mark `rows` after a delivery: `outcome` None: sent; "retry: ...": tried again
        later (dropped after `ATTEMPTS`); anything else: dropped with that reason."""
        ids = [row.id for row in rows]
        if outcome is None:  # an email's rows were marked at the server's acceptance
            await self._sent(rows)
            how = "sent"
        else:
            how = await self._unsent(rows, outcome)
        self._accepted.difference_update(ids)
        for row in rows:  # counted once marked: a process killed before counts nothing
            notification_settled(row.channel, how)

    async def _unsent(self, rows: list[OutboxRow], outcome: str) -> str:
        """Mark `rows` not delivered: tried again later, or dropped; how, for the count."""
        ids = [row.id for row in rows]
        async with transaction(self.database) as session:
            if outcome.startswith("retry") and max(r.attempts for r in rows) < ATTEMPTS:
                wait = timedelta(minutes=2 ** (max(r.attempts for r in rows) - 1))
                logger.warning("notification %s not delivered: %s", ids, outcome)
                await mark(session, ids, self.name, sent=False, retry_at=self.clock() + wait)
                how = "retried"
            else:
                await mark(session, ids, self.name, sent=False, dropped=outcome)
                how = (
                    "unwanted"
                    if outcome == UNWANTED
                    else "gave_up"
                    if outcome.startswith("retry")
                    else "undeliverable"
                )
        return how

    async def _email(self, rows: list[OutboxRow], contact: ContactRow | None) -> str | None:
        first = rows[0]
        own = first.kind in ACCOUNT_KINDS
        address = first.payload.get("email") if own else (contact.email if contact else None)
        if self.smtp is None:
            return "no SMTP server configured"
        if not address:
            return "no verified address"
        if not own and contact is not None and not all(_wants(contact, r) for r in rows):
            rows = [r for r in rows if _wants(contact, r)]
            if not rows:
                return UNWANTED
        code = (contact.language if contact else None) or first.payload.get("language") or "en"
        site = self.settings.site()
        items: list[Worded] = [worded(row.kind, row.payload, code, site) for row in rows]
        unsubscribe = None
        if not own:
            token = self.tokens.unsubscribe(first.account_id, str(address))
            unsubscribe = (f"{site}/#/unsubscribe/{token}", f"{site}/api/unsubscribe/{token}")
        host = urlsplit(self.settings.public_url or "").hostname or "spieltisch.invalid"
        message = compose(
            self.settings.mail_from, str(address), items, code, unsubscribe, first.key, host
        )
        try:
            await send_mail(self.smtp, message, partial(self._sent, rows))
        except (OSError, smtplib.SMTPException) as failed:
            return f"retry: {type(failed).__name__}: {failed}"[:300]
        return None

    async def _push(self, row: OutboxRow, contact: ContactRow | None) -> str | None:
        """One Web Push message to the browser the row names (its title, text and the
        table's link, encrypted for that browser alone)."""
        if self.pusher is None:
            return "no VAPID key configured"
        if not _wants(contact, row):
            return "unsubscribed"
        async with reading(self.database) as session:
            device = await session.get(PushRow, row.payload.get("subscription"))
        if device is None or device.account_id != row.account_id:
            return "no such push subscription (any more)"
        code = (contact.language if contact else None) or "en"
        item = worded(row.kind, row.payload, code, self.settings.site())
        body = " ".join(item.lines)
        data = json.dumps(
            {"id": row.key, "title": item.subject, "body": body, "url": item.link},
            ensure_ascii=False,
        )
        to = Subscription(device.endpoint, device.p256dh, device.auth)
        try:
            status = await self.pusher.post(to, data, topic(row.key), urgency(row.kind))
        except OSError as failed:
            return f"retry: {type(failed).__name__}: {failed}"[:300]
        if status in (404, 410):  # the browser unsubscribed: forget it
            async with transaction(self.database) as session:
                await forget(session, device.id)
            return f"push subscription gone (status {status})"
        return None if 200 <= status < 300 else f"retry: status {status}"

    async def _webhook(self, row: OutboxRow, contact: ContactRow | None) -> str | None:
        if row.channel != "webhook":
            return f"no delivery on the channel {row.channel}"
        if contact is None or not contact.webhook_url or not contact.webhook_secret:
            return "no webhook"
        if not _wants(contact, row):
            return UNWANTED
        table = row.payload.get("table")
        link = {"url": f"{self.settings.site()}/#/table/{table}"} if table else {}
        body = json.dumps(
            {"id": row.key, "kind": row.kind, "at": row.created_at.isoformat(), **row.payload}
            | link,
            ensure_ascii=False,
            sort_keys=True,
        ).encode()
        try:
            status = await post(
                contact.webhook_url, contact.webhook_secret, body, row.key, row.attempts
            )
        except (OSError, ValueError) as failed:
            return f"retry: {type(failed).__name__}: {failed}"[:300]
        return None if 200 <= status < 300 else f"retry: status {status}"


def _wants(contact: ContactRow | None, row: OutboxRow) -> bool:
    """Whether the account still wants this kind on this channel (it may have changed
    its choice, or unsubscribed, since the notification was written; Web Push is the
    browser channel)."""
    from spieltisch.server.services.contacts import chosen

    channel = "browser" if row.channel == "push" else row.channel
    return channel in chosen(contact).get(row.kind, [])
