"""What SQLite's group commit costs the server per batch of appends: the batch written by
an async session (aiosqlite hands each statement, the pool's ping, the commit and the
reset to its thread one by one: as until December 2026) beside the same statements in
one hand-over to the database's writing thread (`Database.write_in_thread`, now), in one
run, interleaved round by round.

CPU time of this process per batch (`time.process_time`: every thread, the event loop's
and the database's; fsync's waiting is not CPU) and wall time per batch, for batches of
1 and of 4 appends (a move and its die roll each), on an SQLite file as the server keeps
it (WAL, synchronous=FULL).

    uv run --extra web python benchmarks/group_commit.py --batches 400 --rounds 5
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spieltisch.store import Database, upgrade
from spieltisch.store.append import Append, write_all, write_all_now
from spieltisch.store.group import GroupCommit
from spieltisch.store.models import GameTable, Seat

AT = datetime(2026, 12, 7, 17, 0, tzinfo=UTC)
TABLES = 8


async def _tables(database: Database) -> None:
    async with database.session() as session:
        for number in range(TABLES):
            session.add(GameTable(id=f"t{number}", game="madn", options={}, status="running"))
            session.add_all(Seat(table_id=f"t{number}", seat=s, kind="ai") for s in range(4))
        await session.commit()


async def _round(
    database: Database, now: bool, batches: int, size: int, seq: list[int]
) -> tuple[float, float]:
    """CPU and wall seconds per batch of `size` appends (each to its own table)."""
    group = GroupCommit(database, write_all, write_all_now if now else None)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(batches):
        appends = []
        for table in range(size):
            seq[table] += 2
            entries = [(seq[table] - 1, "m12", table % 4), (seq[table], "r6", None)]
            appends.append(Append(f"t{table}", entries, AT, {}))
        await asyncio.gather(*(group.write(append) for append in appends))
    return (time.process_time() - cpu) / batches, (time.perf_counter() - wall) / batches


async def _main(url: str, batches: int, rounds: int) -> None:
    database = Database(url)
    await _tables(database)
    seq = [0] * TABLES
    figures: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for _round_number in range(rounds):
        for size in (1, 4):
            for name, now in (("session", False), ("thread", True)):
                measured = await _round(database, now, batches, size, seq)
                figures.setdefault((name, size), []).append(measured)
    await database.close()
    print(f"{'path':<9}{'appends/batch':>14}{'CPU µs/batch':>14}{'wall µs/batch':>15}")
    for (name, size), runs in figures.items():
        cpu = statistics.median(run[0] for run in runs) * 1e6
        wall = statistics.median(run[1] for run in runs) * 1e6
        print(f"{name:<9}{size:>14}{cpu:>14.0f}{wall:>15.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--batches", type=int, default=400, help="batches per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each path, interleaved")
    args = parser.parse_args()
    url = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/group.sqlite3"
    upgrade(url)
    asyncio.run(_main(url, args.batches, args.rounds))


if __name__ == "__main__":
    main()
