"""What appending one move costs the server's event loop on PostgreSQL: the move log's
append as a transaction of separate statements (as before 2026-11-26: the pool's ping,
BEGIN, the INSERT through the ORM, `pg_notify`, COMMIT) beside the one autocommitted
statement on a pooled connection (the pool's ping and the statement, as until
2026-11-28), the same statement as `store/append.py` runs it now (connections kept for
it, no ping), and on one dedicated psycopg connection without SQLAlchemy (not built:
what it would save), in one run, interleaved.

CPU time of this process per append (`time.process_time`: the client side of every round
trip, SQLAlchemy and psycopg), wall time per append, and PostgreSQL's statements per
append (counted with `log_statement = all` in the cluster's log).

    uv run --extra web python benchmarks/append.py --appends 2000
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.servers import PostgresCluster, new_postgres_database

from spieltisch.store import Database, upgrade
from spieltisch.store.append import APPEND, Append, append_at_once
from spieltisch.store.models import GameTable, MoveEntry, Seat

CHANNEL = "spieltisch_bench"


async def _as_a_transaction(database: Database, append: Append) -> None:
    """The append as main wrote it before: ORM objects, the notify, a commit."""
    async with database.session() as session:
        for seq, entry, seat in append.entries:
            session.add(MoveEntry(table_id=append.table_id, seq=seq, entry=entry, seat=seat))
        assert append.notice is not None
        channel, payload = append.notice
        await session.execute(
            text("SELECT pg_notify(:channel, :payload)"), {"channel": channel, "payload": payload}
        )
        await session.commit()


async def _with_the_pools_ping(database: Database, append: Append) -> None:
    """The statement as main ran it until 2026-11-28: a connection of the pool (pinged
    when checked out), switched to autocommit."""
    async with database.engine.connect() as connection:
        autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
        await autocommit.execute(APPEND, append.parameters())


def _on_a_connection(
    connection: psycopg.AsyncConnection[Any],
) -> Callable[[Database, Append], Awaitable[None]]:
    """The append's statement on one open autocommit connection, prepared once."""
    statement = re.sub(r"(?<!:):([a-z_]+)", r"%(\1)s", APPEND.text)

    async def append(_database: Database, append: Append) -> None:
        await connection.execute(statement, append.parameters(), prepare=True)

    return append


async def _run(url: str, appends: int, log: Path) -> None:
    database = Database(url)
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    dedicated = await psycopg.AsyncConnection.connect(plain, autocommit=True)
    ways: dict[str, Callable[[Database, Append], Awaitable[None]]] = {
        "transaction": _as_a_transaction,
        "statement, pinged": _with_the_pools_ping,
        "statement (now)": append_at_once,
        "own connection": _on_a_connection(dedicated),
    }
    ids = {name: f"t{index}" for index, name in enumerate(ways)}
    cpu: dict[str, list[float]] = {name: [] for name in ways}
    wall: dict[str, list[float]] = {name: [] for name in ways}
    statements: dict[str, int] = {}
    try:
        async with database.session() as session:
            for name in ways:
                session.add(GameTable(id=ids[name], game="mabula", options={}, status="running"))
                session.add(Seat(table_id=ids[name], seat=0, kind="ai"))
            await session.commit()
        for index in range(1, appends + 1):
            for name, way in ways.items():
                append = Append(
                    ids[name],
                    [(index, "a1", 0)],
                    datetime.now(UTC),
                    {},
                    notice=(CHANNEL, f"me moved {ids[name]} {index}"),
                )
                if index == appends:  # the last one: count its statements
                    before = len(log.read_text(errors="replace").splitlines())
                    await _log_statements(url, True)
                cpu_at, wall_at = time.process_time(), time.perf_counter()
                await way(database, append)
                cpu[name].append(time.process_time() - cpu_at)
                wall[name].append(time.perf_counter() - wall_at)
                if index == appends:
                    await _log_statements(url, False)
                    lines = log.read_text(errors="replace").splitlines()[before:]
                    statements[name] = sum(_is_statement(line) for line in lines)
    finally:
        await dedicated.close()
        await database.close()
    print(f"{appends} appends each, interleaved; ms per append (median of CPU and of wall time)")
    print(f"{'way':<22}{'CPU ms':>8}{'wall ms':>9}{'statements':>12}")
    for name in ways:
        print(
            f"{name:<22}{statistics.median(cpu[name]) * 1000:>8.3f}"
            f"{statistics.median(wall[name]) * 1000:>9.3f}{statements.get(name, 0):>12}"
        )


def _is_statement(line: str) -> bool:
    """A statement PostgreSQL logged (the pool's ping is the empty statement `;`)."""
    switching = "log_statement" in line or "pg_reload_conf" in line  # this benchmark's own
    return ("statement: " in line or "execute " in line) and not switching


async def _log_statements(url: str, on: bool) -> None:
    """Switch statement logging on or off in every session, the pool's open ones too."""
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    async with await psycopg.AsyncConnection.connect(plain, autocommit=True) as connection:
        await connection.execute(f"ALTER SYSTEM SET log_statement = '{'all' if on else 'none'}'")
        await connection.execute("SELECT pg_reload_conf()")
    await asyncio.sleep(0.3)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--appends", type=int, default=2000, help="appends of each way")
    args = parser.parse_args()
    cluster = PostgresCluster()
    cluster.start()
    try:
        url = new_postgres_database(cluster.url)
        upgrade(url)
        asyncio.run(_run(url, args.appends, cluster.folder / "log"))
    finally:
        cluster.remove()


if __name__ == "__main__":
    main()
