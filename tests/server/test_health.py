"""Issue 48: the probes a host asks (`/healthz`, `/readyz`) and draining on SIGTERM: a
stopping process says it is not ready, takes no new tables or connections, hands its
tables to the other processes at once (PostgreSQL) and exits cleanly."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import httpx
import pytest
from alembic.script import ScriptDirectory
from websockets.exceptions import ConnectionClosed

from spieltisch.store import upgrade
from spieltisch.store.database import alembic_config
from spieltisch.store.revision import head_revisions
from tests.server.client import Client
from tests.server.in_process import an_app, guest, run
from tests.server.server_thread import ServerThread
from tests.server.servers import ServerProcess, drop_postgres_database, new_postgres_database
from tests.waiting import until, wait_until

COMPUTERS = [{"kind": "me"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]


async def started_table(client: httpx.AsyncClient, headers: dict[str, str]) -> str:
    """A running Mahé table of one person and two computer seats."""
    made = await client.post(
        "/api/tables", json={"game": "mahe", "seats": COMPUTERS}, headers=headers
    )
    assert made.status_code == 201, made.text
    table: str = made.json()["id"]
    started = await client.post(f"/api/tables/{table}/start", headers=headers)
    assert started.status_code == 200, started.text
    return table


def test_healthz_and_readyz_on_a_current_database(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app(migrated_url) as (client, _services):
            live = await client.get("/healthz")
            assert (live.status_code, live.json()) == (200, {"status": "ok"})
            ready = await client.get("/readyz")
            assert ready.status_code == 200, ready.text
            assert ready.json() == {
                "ready": True,
                "database": "ok",
                "migrations": "current",
                "draining": False,
            }
            assert (await client.head("/readyz")).status_code == 200

    run(scenario)


def test_readyz_names_a_database_behind_the_package(tmp_path: Path) -> None:
    """A database at the migration before the newest (an upgrade not run yet)."""
    script = ScriptDirectory.from_config(alembic_config("sqlite+aiosqlite:///:memory:"))
    (head,) = head_revisions()
    before = script.get_revision(head).down_revision
    assert isinstance(before, str)
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.sqlite3'}"
    upgrade(url, before)

    async def scenario() -> None:
        async with an_app(url) as (client, _services):
            assert (await client.get("/healthz")).status_code == 200
            ready = await client.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["ready"] is False
            assert ready.json()["database"] == "ok"
            assert ready.json()["migrations"] == f"at {before}, this server needs {head}"

    run(scenario)


def test_readyz_says_the_database_is_unreachable(postgres: str, migrated_postgres: str) -> None:
    url = new_postgres_database(postgres, migrated_postgres)

    async def scenario() -> None:
        async with an_app(url) as (client, services):
            assert (await client.get("/readyz")).status_code == 200
            await services.database.engine.dispose()
            drop_postgres_database(url)
            ready = await client.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["database"] == "unreachable"
            assert (await client.get("/healthz")).status_code == 200  # it lives

    run(scenario)


def test_draining_refuses_new_tables_and_says_not_ready(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app(migrated_url, ai_budget="20") as (client, services):
            _me, headers = await guest(client, "Ana")
            table = await started_table(client, headers)
            await services.draining.drain()
            ready = await client.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["draining"] is True
            refused = await client.post(
                "/api/tables", json={"game": "mahe", "seats": COMPUTERS}, headers=headers
            )
            assert refused.status_code == 503, refused.text
            assert refused.json()["code"] == "draining"
            assert refused.headers["Retry-After"] == "1"
            assert "restarting" in refused.json()["detail"]
            # What is there is still read, and nothing plays the table here any more.
            assert (await client.get(f"/api/tables/{table}")).status_code == 200
            room = services.runtime.rooms[table]
            assert room.tasks == {}
            assert services.runtime.scheduler.closing

    run(scenario)


def test_a_draining_process_closes_new_table_connections_with_1012(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            server.services.draining.active = True
            socket = await ana.socket(table["id"])
            with pytest.raises(ConnectionClosed) as closed:
                await socket.receive(timeout=10.0)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1012
            assert "restarting" in closed.value.rcvd.reason

    run(scenario)


def test_draining_hands_the_tables_to_another_process_at_once(
    postgres: str, migrated_postgres: str
) -> None:
    """Two processes on one database that never sweep: A holds a table with computer
    seats; once A drained, B plays it, told by A, not found by a sweep."""
    url = new_postgres_database(postgres, migrated_postgres)
    never = {"sweep_seconds": 3600.0, "ai_budget": "20"}

    async def scenario() -> None:
        async with an_app(url, **never) as (a, held), an_app(url, **never) as (_b, taker):
            _me, headers = await guest(a, "Ana")
            table = await started_table(a, headers)
            assert held.runtime.cluster.owns(table)
            assert not taker.runtime.cluster.owns(table)
            await held.draining.drain()
            assert not held.runtime.cluster.owns(table)
            await until(lambda: table in taker.runtime.rooms, 5, "B to take the table")
            assert taker.runtime.cluster.owns(table)
            # A cannot take it back (or any other) while it stops.
            assert not await held.runtime.cluster.claim(table)

    try:
        run(scenario)
    finally:
        drop_postgres_database(url)


def test_sigterm_drains_then_exits_cleanly(url: str, tmp_path: Path) -> None:
    """`serve` (SQLite) with computer seats thinking in worker processes, stopped by
    SIGTERM as systemd stops it: it drains, shuts down and leaks nothing."""
    served = ServerProcess(url, tmp_path, ai_threads=False)
    served.start()
    try:

        async def scenario() -> None:
            async with httpx.AsyncClient(base_url=served.url) as client:
                _me, headers = await guest(client, "Ana")
                await started_table(client, headers)

        asyncio.run(scenario())
        assert served.process is not None
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(60)
        log = served.log()
        assert "draining: no new tables here" in log, log[-3000:]
        assert "drained: 1 tables stopped here" in log, log[-3000:]
        assert "Application shutdown complete" in log, log[-3000:]
        assert "leaked" not in log and "Traceback" not in log, log[-3000:]
    finally:
        served.stop()


def test_a_second_sigterm_is_not_needed_and_not_harmful(url: str, tmp_path: Path) -> None:
    """Two SIGTERMs in a row (a supervisor that insists) stop the process all the same."""
    served = ServerProcess(url, tmp_path)
    served.start()
    try:
        assert served.process is not None
        served.process.send_signal(signal.SIGTERM)
        served.process.send_signal(signal.SIGTERM)
        wait_until(lambda: served.process is not None and served.process.poll() is not None, 60)
        assert "Traceback" not in served.log(), served.log()[-3000:]
    finally:
        served.stop()
