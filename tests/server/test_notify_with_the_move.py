"""A move's notifications are stored in the move's own transaction (issue 43): "your
turn" for a person away is in the outbox once the move is, whatever happens after the
commit. The process stops right after the move (nothing after the commit runs: no
subscriber, no sender), a new process sends the email, once; a move that is not stored
stores no notification. On both backends (PostgreSQL writes them in the move's one
statement)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from spieltisch.store import Database
from spieltisch.store.append import Append
from spieltisch.store.notify import EVERY_CHANNEL, Notice, OutboxRow
from tests.server.in_process import an_app, run, until
from tests.server.mailbox import mailbox
from tests.server.test_notify_tables import SITE, with_address


async def outbox(url: str) -> list[OutboxRow]:
    database = Database(url)
    try:
        async with database.session() as session:
            rows = await session.execute(select(OutboxRow).order_by(OutboxRow.id))
            return list(rows.scalars())
    finally:
        await database.close()


def test_a_turn_stored_with_its_move_is_sent_once_after_a_stop(migrated_url: str) -> None:
    async def scenario() -> None:
        with mailbox() as (box, smtp):
            settings = {"smtp": smtp, "public_url": SITE, "outbox_poll_seconds": 0.1}
            async with an_app(migrated_url, **settings) as (client, svc):
                ana, ana_headers = await with_address(client, "Ana", "ana@example.org", box)
                bob, _bob_headers = await with_address(client, "Bob", "bob@example.org", box)
                seats = [{"kind": "me"}, {"kind": "reserved", "account": bob}]
                made = await client.post(
                    "/api/tables", json={"game": "mabula", "seats": seats}, headers=ana_headers
                )
                table = made.json()["id"]
                await until(lambda: len(box.to("bob@example.org")) == 2, what="the invitation")
                await client.post(f"/api/tables/{table}/join", json={}, headers=_bob_headers)
                started = await client.post(f"/api/tables/{table}/start", headers=ana_headers)
                assert started.status_code == 200, started.text
                runtime = svc.runtime
                room = await runtime.room(table)
                await until(lambda: room.to_move() is not None)
                # From here nothing after a commit runs: the publisher's subscribers
                # (what wrote notifications after the commit) and the sender are gone,
                # as in a process killed right after the move's commit.
                runtime.publisher.subscribers.clear()
                assert svc.sender is not None

                async def dead() -> int:
                    return 0

                svc.sender.send_due = dead  # type: ignore[method-assign]
                first = room.to_move()
                assert first is not None
                await runtime.submit(room, first, room.seq, room.state.legal_moves()[0])
                moved_seq = room.seq
            waiting = "bob@example.org" if first == 0 else "ana@example.org"
            account = bob if first == 0 else ana
            before = len(box.to(waiting))
            key = f"turn:{table}:{moved_seq}:{account}"
            stored = [row for row in await outbox(migrated_url) if row.key.startswith(key)]
            assert [(row.key, row.channel, row.sent_at) for row in stored] == [
                (key, EVERY_CHANNEL, None)
            ]
            # A new process sends it: once, and nothing else of it later.
            async with an_app(migrated_url, **settings) as (_client, svc):
                await until(lambda: len(box.to(waiting)) > before, what="your turn")
                assert svc.sender is not None
                while await svc.sender.send_due():
                    pass
            turns = [m for m in box.to(waiting) if m["Subject"] == "Your turn at Mabula"]
            assert len(turns) == 1
            rows = {r.key: r for r in await outbox(migrated_url) if r.key.startswith(key)}
            assert sorted(rows) == [key, f"{key}:email"]
            assert all(row.sent_at is not None for row in rows.values()), rows

            # A move that is not stored (its seq was taken) stores no notification.
            database = Database(migrated_url)
            try:
                told = Notice("turn:never", account, "turn", EVERY_CHANNEL, {"table": table})
                again = Append(
                    table_id=table,
                    entries=[(moved_seq, "stop", first)],
                    at=datetime.now(UTC),
                    time_left={},
                    told=[told],
                )
                with pytest.raises(IntegrityError):
                    if database.sqlite:
                        from spieltisch.store.append import write_all

                        async with database.session() as session:
                            await write_all(session, [again])
                            await session.commit()
                    else:
                        from spieltisch.store.append import append_at_once

                        await append_at_once(database, again)
            finally:
                await database.close()
            assert "turn:never" not in {row.key for row in await outbox(migrated_url)}

    run(scenario)
