"""Issue 48: the notification outbox in the metrics. `serve --workers 2` on PostgreSQL
sends through a real SMTP server (aiosmtpd): the sent counter of both workers added up is
what the mail server received, a recipient answered "451" is counted as retried (and
then waits as scheduled), one whose every attempt failed as gave_up, notifications
nobody can receive as undeliverable, and the outbox's pending notifications are what
the database holds."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import httpx

from spieltisch.store import Database
from spieltisch.store.models import now
from spieltisch.store.notify import Notice, OutboxRow, add_notices
from tests.server.mailbox import mailbox
from tests.server.servers import ServerProcess, new_postgres_database
from tests.server.test_metrics import Scrape, scrape, value
from tests.server.test_notify_once import verified
from tests.waiting import until_value

TURNS = 5


def turn(table: str, account: int, channel: str = "email") -> Notice:
    payload = {"table": table, "title": "Mahé"}
    return Notice(f"turn:{table}:1:{account}:{channel}", account, "turn", channel, payload)


def test_the_outbox_is_counted_across_two_workers(postgres: str, tmp_path: Path) -> None:
    url = new_postgres_database(postgres)
    with mailbox() as (box, smtp):
        served = ServerProcess(url, tmp_path, "--workers", "2", "--smtp", smtp)
        served.start()
        try:

            async def scenario() -> None:
                bob, _ = await verified(served.url, "Bob", "bob@example.org", box)
                carl, _ = await verified(served.url, "Carl", "carl@example.org", box)
                async with httpx.AsyncClient(base_url=served.url, timeout=60) as asker:
                    guest = await asker.post("/api/session/guest", json={"name": "Dan"})
                    dan = guest.json()["id"]  # no address: nothing can reach Dan
                box.refused.add("carl@example.org")
                box.answering.clear()  # the mail server stalls: the outbox fills
                database = Database(url)
                try:
                    async with database.session() as session:
                        notices = [turn(f"t{n}", bob) for n in range(TURNS)]
                        notices += [turn("c", carl), turn("d", dan), turn("w", bob, "webhook")]
                        await add_notices(session, notices)
                        # One whose earlier attempts all failed: this is its last.
                        session.add(
                            OutboxRow(
                                key=f"turn:last:1:{carl}:email",
                                account_id=carl,
                                kind="turn",
                                channel="email",
                                payload={"table": "last", "title": "Mahé"},
                                due_at=now() - timedelta(seconds=1),
                                attempts=5,
                            )
                        )
                        await session.commit()
                finally:
                    await database.close()
                async with httpx.AsyncClient(base_url=served.url, timeout=60) as watcher:
                    # The webhook is settled at once; the emails (Dan's after Bob's) wait.
                    stalled = await until_value(
                        lambda: scrape(watcher),
                        lambda got: (
                            value(got, "spieltisch_notifications_pending", state="due") == TURNS + 3
                        ),
                        what="the emails pending while the mail server stalls",
                    )
                    assert (
                        value(stalled, "spieltisch_notifications_sent_total", channel="email") == 2
                    )
                    box.answering.set()

                    def settled(got: Scrape) -> bool:
                        return value(got, "spieltisch_notifications_pending", state="due") == 0

                    final = await until_value(lambda: scrape(watcher), settled, what="all settled")
                emailed = box.count()
                assert emailed == 2 + TURNS  # two verifications, Bob's turns
                assert (
                    value(final, "spieltisch_notifications_sent_total", channel="email") == emailed
                )
                assert value(final, "spieltisch_notifications_retried_total", channel="email") == 1
                assert value(final, "spieltisch_notifications_pending", state="scheduled") == 1
                failed = "spieltisch_notifications_failed_total"
                assert value(final, failed, channel="email", reason="gave_up") == 1
                assert value(final, failed, channel="email", reason="undeliverable") == 1
                assert value(final, failed, channel="webhook", reason="undeliverable") == 1
                assert value(final, "spieltisch_notifications_sent_total", channel="webhook") == 0

            asyncio.run(scenario())
        finally:
            served.stop()
    served.assert_no_exception()
