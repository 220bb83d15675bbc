"""Where PostgreSQL's LISTEN/NOTIFY stops the moves of several server processes from
growing (issue 48): every committing transaction that notified takes one global lock,
which published reports found to limit busy databases.

For 1, 2, 4 and 8 writers — each a process appending moves with the server's own
statement (`store/append.py`: entries, clocks and `pg_notify` in one autocommitted
statement) as fast as it can, on its own table — and as many listeners (each server
process LISTENs and reads every notification), the appends per second with the notify
and, interleaved, without it (the same statement, its channel NULL). PostgreSQL runs
with `fsync = on` (the test clusters turn it off), so each commit waits for its WAL flush
as on a real server. Short runs: a few seconds each. Besides the rates (which a busy
machine drags down), PostgreSQL's CPU per append: what the writers' and the listeners'
backends spent (/proc, Linux), divided by the appends, with and without NOTIFY.

    uv run --extra web python benchmarks/notify_ceiling.py --seconds 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import sys
import time
from datetime import UTC, datetime
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any, NamedTuple

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.servers import PostgresCluster, new_postgres_database

from spieltisch.store import upgrade
from spieltisch.store.append import APPEND, Append

CHANNEL = "spieltisch"
TICKS = os.sysconf("SC_CLK_TCK")


class Figures(NamedTuple):
    per_second: float
    heard: int
    server_us: float
    """PostgreSQL's CPU per append: the writers' and the listeners' backends."""
    client_us: float
    """The writers' own CPU per append (psycopg, building the statement)."""


STATEMENT = re.sub(r"(?<!:):([a-z_]+)", r"%(\1)s", APPEND.text)


def _writer(
    dsn: str, table: str, notify: bool, start: EventType, stop: EventType, out: Any
) -> None:
    """Append moves to `table` until `stop`; put how many, and the CPU seconds of this
    process and of its PostgreSQL backend meanwhile."""
    with psycopg.connect(dsn, autocommit=True) as connection:
        backend = _backend(connection)
        done = 0
        start.wait()
        began = (time.process_time(), _cpu(backend))
        while not stop.is_set():
            done += 1
            notice = (
                (CHANNEL, f"abcd1234 moved {table} {done} / 0:e2e4 @1764900000000")
                if notify
                else None
            )
            append = Append(
                table, [(done, "e2e4", 0)], datetime.now(UTC), {0: 60000}, notice=notice
            )
            connection.execute(STATEMENT, append.parameters(), prepare=True)
        out.put((done, time.process_time() - began[0], _cpu(backend) - began[1]))


def _backend(connection: psycopg.Connection[Any]) -> int:
    row = connection.execute("SELECT pg_backend_pid()").fetchone()
    assert row is not None
    return int(row[0])


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) of process `pid` so far (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _listener(dsn: str, ready: EventType, start: EventType, stop: EventType, out: Any) -> None:
    """LISTEN as a server process does, and count what arrives until `stop`; put that
    and the CPU seconds of its PostgreSQL backend meanwhile."""
    with psycopg.connect(dsn, autocommit=True) as connection:
        backend = _backend(connection)
        connection.execute(f"LISTEN {CHANNEL}")
        ready.set()
        start.wait()
        began = _cpu(backend)
        heard = 0
        while not stop.is_set():
            for _notice in connection.notifies(timeout=0.2):
                heard += 1
        for _notice in connection.notifies(timeout=0.5):  # what was still under way
            heard += 1
        out.put((heard, _cpu(backend) - began))


def _tables(dsn: str, names: list[str]) -> None:
    with psycopg.connect(dsn, autocommit=True) as connection:
        for name in names:
            connection.execute(
                "INSERT INTO game_tables (id, game, options, status, created_at, public) "
                "VALUES (%s, 'mabula', '{}', 'running', now(), true)",
                (name,),
            )
            connection.execute(
                "INSERT INTO seats (table_id, seat, kind, time_left_ms) "
                "VALUES (%s, 0, 'ai', 60000)",
                (name,),
            )


def _run(dsn: str, writers: int, notify: bool, seconds: float, run: int) -> Figures:
    """Appends per second of `writers` writers (and as many listeners), how many
    notifications the listeners heard in all, and CPU microseconds per append: of the
    writers' and listeners' PostgreSQL backends, and of the writers themselves."""
    context = multiprocessing.get_context("spawn")
    names = [f"w{run}_{index}" for index in range(writers)]
    _tables(dsn, names)
    start, stop = context.Event(), context.Event()
    counts, heard = context.Queue(), context.Queue()
    readies = [context.Event() for _ in range(writers)]
    listeners = [
        context.Process(target=_listener, args=(dsn, ready, start, stop, heard))
        for ready in readies
    ]
    workers = [
        context.Process(target=_writer, args=(dsn, name, notify, start, stop, counts))
        for name in names
    ]
    for process in [*listeners, *workers]:
        process.start()
    for ready in readies:
        ready.wait(60)
    time.sleep(1.0)  # the writers connected
    began = time.perf_counter()
    start.set()
    time.sleep(seconds)
    stop.set()
    elapsed = time.perf_counter() - began
    written = [counts.get(timeout=60) for _ in workers]
    listened = [heard.get(timeout=60) for _ in listeners]
    for process in [*listeners, *workers]:
        process.join(30)
    total = sum(done for done, _own, _backend in written)
    server = sum(b for _d, _o, b in written) + sum(b for _h, b in listened)
    client = sum(own for _d, own, _b in written)
    return Figures(
        total / elapsed,
        sum(h for h, _b in listened),
        1e6 * server / max(total, 1),
        1e6 * client / max(total, 1),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measured time of each run")
    parser.add_argument("--writers", type=int, action="append", help="writers; repeat")
    args = parser.parse_args()
    counts = args.writers or [1, 2, 4, 8]
    cluster = PostgresCluster()
    cluster.start()
    try:
        url = new_postgres_database(cluster.url)
        upgrade(url)
        dsn = url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(dsn, autocommit=True) as connection:
            connection.execute("ALTER SYSTEM SET fsync = on")
            connection.execute("SELECT pg_reload_conf()")
        print(f"{args.seconds:g} s a run; appends per second (all writers), listeners = writers;")
        print("PostgreSQL's CPU per append (writers' and listeners' backends), microseconds")
        print(
            f"{'writers':>8}{'with NOTIFY':>14}{'without':>10}{'ratio':>8}{'heard':>10}"
            f"{'expected':>10}{'cpu with':>10}{'without':>9}"
        )
        run = 0
        for writers in counts:
            figures = {}
            for notify in (True, False):
                run += 1
                figures[notify] = _run(dsn, writers, notify, args.seconds, run)
            on, off = figures[True], figures[False]
            expected = round(on.per_second * args.seconds) * writers
            print(
                f"{writers:>8}{on.per_second:>14.0f}{off.per_second:>10.0f}"
                f"{on.per_second / off.per_second:>8.2f}{on.heard:>10}{'~' + str(expected):>10}"
                f"{on.server_us:>10.0f}{off.server_us:>9.0f}",
                flush=True,
            )
    finally:
        cluster.remove()


if __name__ == "__main__":
    main()
