"""Each notification is sent exactly once: across a kill -9 of the server while it was
sending, and with two server processes on one PostgreSQL database sending from one
outbox. Real server processes, a real SMTP server (aiosmtpd) started by the test."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from spieltisch.store import Database
from spieltisch.store.notify import Notice, OutboxRow, add_notices
from tests.server.mailbox import Mailbox, link, mailbox
from tests.server.servers import ServerProcess, new_postgres_database
from tests.waiting import until


async def verified(base: str, name: str, address: str, box: Mailbox) -> tuple[int, dict[str, str]]:
    """A guest with a verified address, made through the server at `base`."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        answer = await client.post("/api/session/guest", json={"name": name})
        account = answer.json()["id"]
        headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        given = await client.put("/api/me/email", json={"email": address}, headers=headers)
        assert given.status_code == 200, given.text
        await until(lambda: bool(box.to(address)), what="the verification email")
        token = link(box.to(address)[0], "/#/email/").rsplit("/", 1)[1]
        assert (await client.post("/api/email/verify", json={"token": token})).status_code == 200
    return account, headers


async def outbox(url: str) -> list[OutboxRow]:
    database = Database(url)
    try:
        async with database.session() as session:
            return list((await session.execute(select(OutboxRow))).scalars())
    finally:
        await database.close()


def test_a_notification_held_by_a_server_killed_mid_send_is_sent_once_after_restart(
    postgres: str, tmp_path: Path
) -> None:
    url = new_postgres_database(postgres)
    with mailbox() as (box, smtp):
        server = ServerProcess(url, tmp_path, "--smtp", smtp, "--outbox-lease", "3")
        server.start()
        try:

            async def scenario() -> None:
                ana, ana_headers = await verified(server.url, "Ana", "ana@example.org", box)
                bob, _ = await verified(server.url, "Bob", "bob@example.org", box)
                box.answering.clear()  # the mail server stalls at the next recipient
                async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
                    seats = [{"kind": "me"}, {"kind": "reserved", "account": bob}]
                    made = await client.post(
                        "/api/tables", json={"game": "mabula", "seats": seats}, headers=ana_headers
                    )
                    assert made.status_code == 201, made.text
                await until(lambda: box.waiting >= 1, what="the sender mid-send")
                server.kill()  # SIGKILL while the invitation is being sent
                box.answering.set()
                rows = [r for r in await outbox(url) if r.kind == "invitation"]
                assert len(rows) == 1 and rows[0].sent_at is None and rows[0].claimed_by
                server.start()

                async def sent() -> bool:
                    return all(r.sent_at is not None for r in await outbox(url))

                await until(sent, what="the invitation sent after the restart", longest=0.2)
                invitations = [m for m in box.to("bob@example.org") if "invites" in m["Subject"]]
                assert len(invitations) == 1
                [row] = [r for r in await outbox(url) if r.kind == "invitation"]
                assert row.attempts == 2  # claimed by the killed process, then again
                assert ana

            asyncio.run(scenario())
        finally:
            server.stop()
    server.assert_no_exception()


@pytest.mark.parametrize("count", [120])
def test_two_processes_on_postgresql_send_each_notification_once(
    postgres: str, tmp_path: Path, count: int
) -> None:
    url = new_postgres_database(postgres)
    with mailbox() as (box, smtp):
        servers = [ServerProcess(url, tmp_path / name, "--smtp", smtp) for name in ("a", "b")]
        for server in servers:
            server.folder.mkdir(exist_ok=True)
            server.start()
        try:

            async def scenario() -> None:
                bob, _ = await verified(servers[0].url, "Bob", "bob@example.org", box)
                database = Database(url)
                try:
                    async with database.session() as session:
                        await add_notices(
                            session,
                            [
                                Notice(
                                    f"turn:t{n}:1:{bob}:email",
                                    bob,
                                    "turn",
                                    "email",
                                    {"table": f"t{n}", "title": "Mahé"},
                                )
                                for n in range(count)
                            ],
                        )
                        await session.commit()

                    async def all_sent() -> bool:
                        async with database.session() as session:
                            left = await session.execute(
                                select(func.count()).where(OutboxRow.sent_at.is_(None))
                            )
                            return left.scalar() == 0

                    await until(all_sent, what="every notification sent", longest=0.2)
                    rows = await outbox(url)
                finally:
                    await database.close()
                turns = [
                    m for m in box.to("bob@example.org") if m["Subject"] == "Your turn at Mahé"
                ]
                ids = Counter(m["Message-ID"] for m in turns)
                assert len(ids) == count and set(ids.values()) == {1}, ids.most_common(3)
                senders = Counter(str(r.claimed_by).split("-")[0] for r in rows if r.kind == "turn")
                print("notifications sent per process:", dict(senders))

            asyncio.run(scenario())
        finally:
            for server in servers:
                server.stop()
    for server in servers:
        server.assert_no_exception()
