"""The server's memory as tables pile up that nobody watches: before (running tables
stay in memory until they end) and after issue 35 (they leave after `idle_seconds`
without a move), side by side in one run.

In-process (the runtime on an SQLite file, as `tests/server/test_memory.py`): tables of
two people, Mabula with a one-hour move clock, are started and loaded as the start route
does; nobody connects. At each checkpoint the tables in memory, the Python heap held
(tracemalloc, after a collection) and the process's resident size are printed. Before,
the heap grows with every table; after, it grows and then stays level.

    uv run python benchmarks/table_memory.py --tables 1000
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spieltisch.server.infra.cluster import SingleProcess
from spieltisch.server.infra.settings import Settings
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.schemas.rest import ClockIn, SeatIn, TableIn
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account

CHECKPOINTS = (50, 100, 250, 500, 750, 1000)


def _resident_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


async def _pile_up(
    url: str, tables: int, idle: float | None
) -> list[tuple[int, int, float, float]]:
    database = Database(url)
    settings = Settings(database_url=url, ai_processes=False, idle_seconds=idle)
    pool = WorkerPool(1, processes=False)
    runtime = Runtime(database, pool, settings, SingleProcess())
    rows = []
    try:
        async with database.session() as session:
            ana, bob = Account(name="Ana"), Account(name="Bob")
            session.add_all([ana, bob])
            await session.commit()
        seats = [SeatIn(kind="me"), SeatIn(kind="reserved", account=bob.id)]
        spec = TableIn(game="mabula", seats=seats, clock=ClockIn(mode="move", seconds=3600))
        for made in range(1, tables + 1):
            async with database.session() as session:
                table = await create_table(session, ana.id, spec, start=True, seated=True)
            await runtime.room(table.id)
            if made in CHECKPOINTS or made == tables:
                await asyncio.sleep(2 * (idle or 0))  # the idle ones leave
                gc.collect()
                heap = tracemalloc.get_traced_memory()[0] / 1e6
                rows.append((made, len(runtime.rooms), heap, _resident_mb()))
    finally:
        await runtime.close()
        pool.close()
        await database.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=0.5, help="idle_seconds after")
    args = parser.parse_args()
    results = {}
    tracemalloc.start()
    for label, idle in (("before (stay)", None), (f"after ({args.idle:g} s idle)", args.idle)):
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite+aiosqlite:///{folder}/memory.sqlite3"
            upgrade(url)
            gc.collect()
            base = tracemalloc.get_traced_memory()[0] / 1e6
            rows = asyncio.run(_pile_up(url, args.tables, idle))
            results[label] = [(n, rooms, heap - base, rss) for n, rooms, heap, rss in rows]
    print(f"load {Path('/proc/loadavg').read_text().split()[0]}")
    print(f"{'tables':>7} | " + " | ".join(f"{label:^36}" for label in results))
    print(
        f"{'':>7} | "
        + " | ".join(
            f"{'in memory':>9} {'heap MB':>8} {'KB/table':>8} {'RSS MB':>7}" for _ in results
        )
    )
    for index, n in enumerate(r[0] for r in next(iter(results.values()))):
        cells = []
        for rows in results.values():
            _n, rooms, heap, rss = rows[index]
            cells.append(f"{rooms:>9} {heap:>8.1f} {1000 * heap / n:>8.1f} {rss:>7.0f}")
        print(f"{n:>7} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
