"""What a move at a live real-time table costs the database: its own append and nothing
else. The notifications subscriber opened a transaction for every move at every live
table to drop reminders (13 % of the busy samples at 200 tables, issue 41), which only a
turn-based table, or a table told a deadline, can have; a move at a turn-based table
still drops them (`test_reminders.py`).

In-process, the app as `serve` wires it, counting statements on the engine
(`tests/server/statements.py`) from the move until its background work is done."""

from __future__ import annotations

import asyncio

from spieltisch.server.table.room import Connection
from tests.server.in_process import an_app, guest, run, until
from tests.server.statements import statements


def test_a_move_at_a_live_real_time_table_runs_only_its_append(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, svc):
            ana, ana_headers = await guest(client, "Ana")
            bob, bob_headers = await guest(client, "Bob")
            client.cookies.clear()  # each acts by its own headers
            seats = [{"kind": "me"}, {"kind": "open"}]
            made = await client.post(
                "/api/tables", json={"game": "mabula", "seats": seats}, headers=ana_headers
            )
            table = made.json()["id"]
            await client.post(f"/api/tables/{table}/join", json={}, headers=bob_headers)
            started = await client.post(f"/api/tables/{table}/start", headers=ana_headers)
            assert started.status_code == 200, started.text
            runtime = svc.runtime
            room = await runtime.room(table)
            for account in (ana, bob):  # both at the table: nobody is away
                seat = runtime.seat_for(room, account, None)
                runtime.enter(room, Connection(account, seat, "en"))
            await until(lambda: room.to_move() is not None)

            async def settled() -> None:
                while runtime.background.tasks:
                    await asyncio.gather(*runtime.background.tasks, return_exceptions=True)

            # The sender's own rounds (the start's "your turn" for Ana, away then) are
            # not the move's: it stops sending here.
            assert svc.sender is not None

            async def dead() -> int:
                return 0

            svc.sender.send_due = dead  # type: ignore[method-assign]
            await settled()
            for _ in range(3):
                seat = room.to_move()
                assert seat is not None
                with statements(svc.database) as seen:
                    await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
                    await settled()
                touched = [s for s in seen if "notification" in s.lower()]
                assert touched == [], touched
                begun = [s for s in seen if s.lstrip().upper().startswith(("SELECT", "BEGIN"))]
                assert begun == [], seen
                assert seen, "the move was stored"
                await until(lambda: room.to_move() is not None)

    run(scenario)
