"""As close to once as SMTP and HTTP allow (issue 43): each notification claimed on its
own as its delivery begins (a slow batch whose lease ran out leaves to another process
the rows it took, rather than sending them twice), an email marked sent once the mail
server took it (a kill -9 while the server holds QUIT sends nothing again, nor one while
the mark waits on a row lock: the acceptance is recorded first where no lock waits), and
a webhook cut off before its answer posted again with the same Idempotency-Key, the next
X-Spieltisch-Attempt and a valid signature. Real SMTP (aiosmtpd), real server processes
for the kills."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from spieltisch.server import Settings
from spieltisch.server.infra import mail
from spieltisch.server.infra.notify_tokens import LinkTokens
from spieltisch.server.infra.webhooks import (
    ATTEMPT_HEADER,
    KEY_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    verify,
)
from spieltisch.server.services import outbox
from spieltisch.server.services.outbox import BATCH, Sender
from spieltisch.store import Database
from spieltisch.store.models import Account, now
from spieltisch.store.notify import Notice, add_notices
from tests.server.hooks import Hook, receiver
from tests.server.in_process import run
from tests.server.mailbox import Mailbox, body, mailbox
from tests.server.servers import ServerProcess, new_postgres_database
from tests.server.test_notify_once import outbox as rows_of
from tests.server.test_notify_once import verified
from tests.waiting import until

LEASE = 120.0
SITE = "https://tisch.example"


def verify_email(account: int, n: int) -> Notice:
    payload = {"email": f"p{n}@example.org", "token": f"t{n}", "language": "en"}
    return Notice(f"verify:{account}:{n}", account, "verify", "email", payload)


def test_a_slow_batch_leaves_the_rows_another_process_took_to_it(
    migrated_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sender A claims a batch of 50; its first email takes longer than the whole lease
    (the clock moves on by it); sender B, another process, claims the batch's rows then
    and sends them. A goes on with its batch: before the fix it sent rows 2 to 50 a
    second time (one lease for the batch); now each row is claimed as it is begun."""

    async def scenario() -> None:
        database = Database(migrated_url)
        moment = [now()]
        try:
            async with database.session() as session:
                person = Account(name="Ana")
                session.add(person)
                await session.commit()
                await add_notices(session, [verify_email(person.id, n) for n in range(BATCH)])
                await session.commit()
            moment[0] = now() + timedelta(seconds=1)  # every one due
            with mailbox() as (box, smtp):
                settings = Settings(
                    database_url=migrated_url, smtp=smtp, outbox_lease_seconds=LEASE
                )

                def a_sender() -> Sender:
                    return Sender(database, settings, LinkTokens("key"), clock=lambda: moment[0])

                a, b = a_sender(), a_sender()
                real = mail.send_mail
                slow = [True]

                async def send_mail(*args: Any) -> None:
                    await real(*args)
                    if slow[0]:  # A's first email: slower than the lease
                        slow[0] = False
                        moment[0] += timedelta(seconds=LEASE + 1)
                        assert await b.send_due() == BATCH - 1  # the rows A had not sent
                        while await b.send_due():
                            pass

                monkeypatch.setattr(outbox, "send_mail", send_mail)
                assert await a.send_due() == BATCH
                ids = Counter(str(m["Message-ID"]) for m in box.received)
                assert len(ids) == BATCH and set(ids.values()) == {1}, ids.most_common(3)
                rows = [r for r in await rows_of(migrated_url) if r.kind == "verify"]
                assert all(r.sent_at is not None for r in rows)
                by = Counter(r.claimed_by for r in rows)
                assert by == {a.name: 1, b.name: BATCH - 1}
        finally:
            await database.close()

    run(scenario)


async def made_table(base: str, headers: dict[str, str], bob: int) -> str:
    """Ana invites Bob to a table (his invitation is a notification)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        seats = [{"kind": "me"}, {"kind": "reserved", "account": bob}]
        made = await client.post(
            "/api/tables", json={"game": "mabula", "seats": seats}, headers=headers
        )
        assert made.status_code == 201, made.text
        return str(made.json()["id"])


def invitations(messages: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in messages if "invites" in m["Subject"]]


@contextmanager
def a_server_that_mails(
    postgres: str, tmp_path: Path
) -> Iterator[tuple[str, ServerProcess, Mailbox]]:
    """A server process on a new PostgreSQL database (its url), its emails through a
    test mail server, a row's lease of 3 s (one a killed process took is soon taken
    again), its links to https://tisch.example."""
    url = new_postgres_database(postgres)
    with mailbox() as (box, smtp):
        server = ServerProcess(
            url, tmp_path, "--smtp", smtp, "--outbox-lease", "3", "--public-url", SITE
        )
        server.start()
        try:
            yield url, server, box
        finally:
            server.stop()


def test_killed_while_the_mail_server_holds_quit_the_email_is_not_sent_again(
    postgres: str, tmp_path: Path
) -> None:
    with a_server_that_mails(postgres, tmp_path) as (url, server, box):

        async def scenario() -> None:
            _ana, ana_headers = await verified(server.url, "Ana", "ana@example.org", box)
            bob, _ = await verified(server.url, "Bob", "bob@example.org", box)
            box.closing.clear()  # the mail server takes the email, then holds QUIT
            first = await made_table(server.url, ana_headers, bob)
            # The invitation taken and a QUIT held (not only the QUIT of the session that
            # sent Bob's confirmation, which may come after `closing` was cleared: train F).
            await until(
                lambda: box.quitting >= 1 and bool(invitations(box.to("bob@example.org"))),
                what="the invitation taken, QUIT held",
            )
            [taken] = invitations(box.to("bob@example.org"))
            assert taken["Message-ID"].endswith("@tisch.example>")

            async def marked() -> bool:
                rows = await rows_of(url)
                return any(r.kind == "invitation" and r.sent_at for r in rows)

            await until(marked, what="the invitation marked sent before QUIT's answer")
            server.kill()  # SIGKILL while the mail server still holds QUIT
            box.closing.set()
            server.start()
            # The restarted sender works: a second invitation arrives, the first not
            # again.
            second = await made_table(server.url, ana_headers, bob)
            await until(
                lambda: len(invitations(box.to("bob@example.org"))) >= 2,
                what="the second invitation",
            )
            [row] = [r for r in await rows_of(url) if r.key.startswith(f"invite:{first}:")]
            assert row.attempts == 1 and row.sending_until is None
            got = invitations(box.to("bob@example.org"))
            assert len(got) == 2 and any(second in body(m) for m in got)

        asyncio.run(scenario())


def test_killed_while_the_mark_waits_on_a_row_lock_the_email_is_still_sent_once(
    postgres: str, tmp_path: Path
) -> None:
    """The mail server takes the invitation while another transaction holds the outbox
    row's lock (as a move dropping a table's reminders does); the server's mark waits on
    it and the server is killed then. Before, the mark was the only record of the
    acceptance: the restarted server sent the email again (attempt 2, same Message-ID).
    Now the acceptance is recorded first in a table nobody locks, and the restarted
    server marks the row sent without sending it."""
    with a_server_that_mails(postgres, tmp_path) as (url, server, box):

        async def mark_waits(database: Database) -> bool:
            async with database.session() as session:
                waiting = await session.execute(
                    text(
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                        "'Lock' AND query LIKE 'UPDATE notification_outbox SET %' "
                        "AND query LIKE '%sent_at=%'"
                    )
                )
                return bool(waiting.scalar())

        async def scenario(database: Database) -> None:
            _ana, ana_headers = await verified(server.url, "Ana", "ana@example.org", box)
            bob, _ = await verified(server.url, "Bob", "bob@example.org", box)
            box.answering.clear()  # the delivery begun (claimed, counted), held at RCPT
            first = await made_table(server.url, ana_headers, bob)
            await until(lambda: box.waiting >= 1, what="the invitation's delivery begun")
            async with database.session() as locker:
                held = await locker.execute(
                    text(
                        "SELECT id FROM notification_outbox WHERE key LIKE :key "
                        "AND channel = 'email' FOR UPDATE"
                    ),
                    {"key": f"invite:{first}:%"},
                )
                assert len(held.all()) == 1
                box.answering.set()
                await until(
                    lambda: len(invitations(box.to("bob@example.org"))) >= 1,
                    what="the invitation taken by the mail server",
                )
                await until(lambda: mark_waits(database), what="the mark waiting on the row lock")
                server.kill()  # SIGKILL while the mark waits
                await locker.rollback()
            server.start()

            async def settled() -> bool:
                rows = await rows_of(url)
                return any(r.key.startswith(f"invite:{first}:") and r.sent_at for r in rows)

            await until(settled, what="the invitation marked sent", seconds=90)
            [row] = [r for r in await rows_of(url) if r.key.startswith(f"invite:{first}:")]
            assert row.attempts == 1 and row.sending_until is None
            got = invitations(box.to("bob@example.org"))
            assert len(got) == 1, [m["Message-ID"] for m in got]
            assert "not delivered again" in server.log()
            async with database.session() as session:
                left = await session.execute(text("SELECT count(*) FROM notification_delivered"))
                assert left.scalar() == 0  # the record went with the mark

        async def with_database() -> None:
            database = Database(url)
            try:
                await scenario(database)
            finally:
                await database.close()

        asyncio.run(with_database())


def test_killed_while_a_bot_holds_the_webhook_post_it_is_posted_again_with_the_same_key(
    postgres: str, tmp_path: Path
) -> None:
    url = new_postgres_database(postgres)
    with receiver() as (bot, hook_url):
        server = ServerProcess(url, tmp_path, "--outbox-lease", "3")
        server.start()
        try:

            async def scenario() -> None:
                async with (
                    httpx.AsyncClient(base_url=server.url, timeout=60) as ana,
                    httpx.AsyncClient(base_url=server.url, timeout=60) as bob,
                ):
                    await ana.post("/api/session/guest", json={"name": "Ana"})
                    me = await bob.post("/api/session/guest", json={"name": "Bob"})
                    hook = await bob.put("/api/me/webhook", json={"url": hook_url})
                    secret = hook.json()["secret"]
                    chosen = {"choices": {"invitation": ["webhook"]}}
                    assert (await bob.put("/api/me/notifications", json=chosen)).is_success
                    bot.answering.clear()  # the bot takes the POST and holds its answer
                    seats = [{"kind": "me"}, {"kind": "reserved", "account": me.json()["id"]}]
                    made = await ana.post("/api/tables", json={"game": "mabula", "seats": seats})
                    assert made.status_code == 201, made.text
                await until(lambda: len(bot.hooks()) >= 1, what="the POST held by the bot")
                server.kill()  # SIGKILL before the bot answered
                bot.answering.set()
                server.start()
                await until(lambda: len(bot.hooks()) >= 2, what="the POST again", seconds=90)
                first, again = bot.hooks()[:2]
                assert again.body == first.body  # the same notification
                assert header(first, KEY_HEADER) == header(again, KEY_HEADER)
                assert header(first, KEY_HEADER) == json.loads(first.body)["id"]
                assert (header(first, ATTEMPT_HEADER), header(again, ATTEMPT_HEADER)) == ("1", "2")
                for posted in (first, again):
                    assert verify(
                        secret,
                        header(posted, TIMESTAMP_HEADER),
                        posted.body,
                        header(posted, SIGNATURE_HEADER),
                        time.time(),
                    )

                async def settled() -> bool:
                    rows = await rows_of(url)
                    return any(r.channel == "webhook" and r.sent_at for r in rows)

                await until(settled, what="the webhook marked sent")
                async with httpx.AsyncClient(base_url=server.url, timeout=60) as scraper:
                    metrics = (await scraper.get("/metrics")).text
                assert 'spieltisch_notifications_redelivered_total{channel="webhook"} 1.0' in (
                    metrics
                )
                assert "delivered again, attempt 2" in server.log()

            asyncio.run(scenario())
        finally:
            server.stop()


def header(hook: Hook, name: str) -> str:
    return {key.lower(): value for key, value in hook.headers.items()}[name.lower()]
