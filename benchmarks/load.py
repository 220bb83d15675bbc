"""Many tables at once through the web server: how long until every connection of a table
has a move, how many moves a second, CPU and memory per table; SQLite beside PostgreSQL
with one and with two server processes.

Tables of all four games are played by scripted people (each thinks `--think` seconds on
average, half to one and a half times that) beside computer seats (`easy`, paced as the
server paces them), and one spectator per table. For every move a person sends, the
latency is the time from sending it to the last of the table's connections having the
position after it. A finished table is replaced by a new one, so the count stays.

    uv run --extra web python benchmarks/load.py --tables 50 --tables 200 --seconds 60
    uv run --extra web python benchmarks/load.py --backend postgresql-2 --tables 1000

CPU is the server processes' (and PostgreSQL's) CPU time during the measured window, as a
share of one core; memory is the servers' resident memory with the tables open minus
without. The load generator runs on the same machine, and its own CPU is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.client import Client, Socket
from tests.server.servers import ServerProcess, new_postgres_database, postgres_cluster

AI = {"kind": "ai", "level": "easy"}
TABLES: list[tuple[str, list[dict[str, Any]]]] = [
    ("mabula", [{"kind": "me"}, {"kind": "open"}]),
    ("madn", [{"kind": "me"}, {"kind": "open"}, AI, AI]),
    ("mahe", [{"kind": "me"}, {"kind": "open"}, AI]),
    ("david_goliath", [{"kind": "me"}, {"kind": "open"}, AI]),
]
"""Two people at every table; the other seats are computers."""
BACKENDS = {"sqlite": 1, "postgresql": 1, "postgresql-2": 2}


@dataclass
class Figures:
    """What one run measured."""

    latencies: list[float] = field(default_factory=list)
    entries: int = 0
    """Log entries seen by spectators in the window (moves of people and computers)."""
    lost: int = 0
    """Moves sent in the window whose position not every connection had by the end."""
    measuring: bool = False
    started: int = 0
    """Tables started at least once (the window opens when all are)."""


@dataclass
class Pending:
    sent: float
    seen: set[int] = field(default_factory=set)


class Table:
    """One table's connections and the moves sent at it not yet seen by all of them."""

    def __init__(self, figures: Figures) -> None:
        self.figures = figures
        self.sockets: list[Socket] = []
        self.pending: dict[int, Pending] = {}

    def seen(self, index: int, seq: int) -> None:
        for sent_at in [s for s in self.pending if s < seq]:
            pending = self.pending[sent_at]
            pending.seen.add(index)
            if len(pending.seen) == len(self.sockets):
                del self.pending[sent_at]
                if self.figures.measuring:
                    self.figures.latencies.append(time.perf_counter() - pending.sent)


async def _connection(
    table: Table, index: int, think: float, rng: random.Random, stop: asyncio.Event
) -> None:
    socket = table.sockets[index]
    moved: set[int] = set()
    last = 0
    while not stop.is_set():
        text = await socket.connection.recv()
        message = json.loads(text)
        if message["type"] != "state":
            continue
        seq = message["seq"]
        table.seen(index, seq)
        if message["seat"] is None and table.figures.measuring:
            table.figures.entries += max(0, seq - last) if last else 0
        last = seq
        if message["status"] == "finished":
            return
        if message["legal_moves"] and seq not in moved:
            moved.add(seq)
            move = rng.choice(message["legal_moves"])["move"]
            thinking = think * rng.uniform(0.5, 1.5)
            task = asyncio.create_task(_send(table, socket, seq, move, thinking))
            SENDING.add(task)
            task.add_done_callback(SENDING.discard)


SENDING: set[asyncio.Task[None]] = set()


async def _send(table: Table, socket: Socket, seq: int, move: str, thinking: float) -> None:
    await asyncio.sleep(thinking)
    table.pending[seq] = Pending(time.perf_counter())
    try:
        await socket.send({"type": "move", "seq": seq, "move": move})
    except Exception:
        table.pending.pop(seq, None)


async def _play_tables(
    people: list[Client],
    watcher: Client,
    kind: int,
    figures: Figures,
    think: float,
    stop: asyncio.Event,
    ready: asyncio.Semaphore,
    rng: random.Random,
) -> None:
    """Keep one table of `TABLES[kind]` going until `stop`: a new one when one finishes."""
    game, seats = TABLES[kind]
    first = True
    while not stop.is_set():
        async with ready:
            created = await people[0].create(game, seats)
            table_id = created["id"]
            await people[1].post(f"/api/tables/{table_id}/join", {})
            table = Table(figures)
            for client in (*people, watcher):
                table.sockets.append(await client.socket(table_id))
            await people[0].post(f"/api/tables/{table_id}/start")
        if first:
            first = False
            figures.started += 1
        readers = [
            asyncio.create_task(_connection(table, index, think, rng, stop))
            for index in range(len(table.sockets))
        ]
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait([stopping, *readers], return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            figures.lost += len(table.pending)
        for task in [stopping, *readers]:
            task.cancel()
        for socket in table.sockets:
            await socket.close()


def _tree(pid: int) -> list[psutil.Process]:
    parent = psutil.Process(pid)
    return [parent, *parent.children(recursive=True)]


def _postgres(port: int) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["name", "cmdline"]):
        command = process.info["cmdline"] or []
        if "-p" in command and command[command.index("-p") + 1] == str(port):
            found.extend(_tree(process.pid))
    return found


def _cpu(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        with suppress(psutil.NoSuchProcess):
            times = process.cpu_times()
            total += times.user + times.system
    return total


def _rss(processes: list[psutil.Process]) -> int:
    total = 0
    for process in processes:
        with suppress(psutil.NoSuchProcess):
            total += process.memory_info().rss
    return total


async def _run(
    server: ServerProcess, db_port: int | None, tables: int, seconds: float, think: float
) -> dict[str, Any]:
    assert server.process is not None
    figures = Figures()
    stop = asyncio.Event()
    rng = random.Random(tables)
    people = [Client(server.url), Client(server.url)]
    watcher = Client(server.url)
    for client, name in zip(people, ("Ana", "Bob"), strict=True):
        await client.guest(name)
    servers_idle = _rss(_tree(server.process.pid))
    ready = asyncio.Semaphore(16)
    workers = [
        asyncio.create_task(
            _play_tables(people, watcher, index % len(TABLES), figures, think, stop, ready, rng)
        )
        for index in range(tables)
    ]
    while figures.started < tables:
        await asyncio.sleep(0.5)
    await asyncio.sleep(max(3.0, think * 2))  # every table under way
    servers = _tree(server.process.pid)
    database = _postgres(db_port) if db_port else []
    cpu_server, cpu_db = _cpu(servers), _cpu(database)
    cpu_client, load_before = time.process_time(), os.getloadavg()[0]
    started = time.perf_counter()
    figures.measuring = True
    await asyncio.sleep(seconds)
    figures.measuring = False
    elapsed = time.perf_counter() - started
    cpu_server, cpu_db = _cpu(servers) - cpu_server, _cpu(database) - cpu_db
    cpu_client = time.process_time() - cpu_client
    memory = _rss(_tree(server.process.pid)) - servers_idle
    stop.set()
    await asyncio.gather(*workers, return_exceptions=True)
    for client in (*people, watcher):
        await client.http.aclose()
    latencies = sorted(figures.latencies) or [float("nan")]
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    return {
        "tables": tables,
        "moves": len(figures.latencies),
        "entries_per_s": figures.entries / elapsed,
        "moves_per_s": len(figures.latencies) / elapsed,
        "p50": statistics.median(latencies) * 1000,
        "p99": cuts[98] * 1000,
        "max": latencies[-1] * 1000,
        "unseen": figures.lost,
        "server_cpu": cpu_server / elapsed,
        "db_cpu": cpu_db / elapsed,
        "client_cpu": cpu_client / elapsed,
        "cpu_per_table": (cpu_server + cpu_db) / elapsed / tables,
        "memory_per_table": memory / tables,
        "load": (load_before, os.getloadavg()[0]),
    }


@contextmanager
def _server(
    backend: str, folder: Path, pg: str | None
) -> Iterator[tuple[ServerProcess, int | None]]:
    workers = BACKENDS[backend]
    if backend == "sqlite":
        url, port = f"sqlite+aiosqlite:///{folder}/load-{time.time_ns()}.sqlite3", None
    else:
        assert pg is not None
        url, port = new_postgres_database(pg), int(pg.rsplit(":", 1)[1])
    extra = ["--ai-pace", "0.8", "--ai-budget", "40"]
    if workers > 1:
        extra += ["--workers", str(workers)]
    server = ServerProcess(url, folder, *extra, ai_threads=False)
    server.start()
    try:
        yield server, port
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, action="append", help="tables at once; repeat")
    parser.add_argument(
        "--backend", choices=sorted(BACKENDS), action="append", help="repeat; default all"
    )
    parser.add_argument("--seconds", type=float, default=30, help="measured window per run")
    parser.add_argument("--think", type=float, default=3.0, help="a person's mean think time")
    args = parser.parse_args()
    sizes = args.tables or [50, 200]
    backends = args.backend or list(BACKENDS)
    rows: list[tuple[str, dict[str, Any]]] = []
    with tempfile.TemporaryDirectory() as folder, postgres_cluster() as pg:
        for backend in backends:
            for tables in sizes:
                with _server(backend, Path(folder), pg) as (server, port):
                    figures = asyncio.run(_run(server, port, tables, args.seconds, args.think))
                rows.append((backend, figures))
                _print([(backend, figures)], header=len(rows) == 1)
    print()
    _print(rows, header=True)


def _print(rows: list[tuple[str, dict[str, Any]]], header: bool) -> None:
    if header:
        print(
            f"{'backend':<13}{'tables':>7}{'moves':>7}{'moves/s':>8}{'entries/s':>10}"
            f"{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}{'unseen':>7}{'srv cpu':>8}{'db cpu':>7}"
            f"{'cli cpu':>8}{'cpu/table':>10}{'KB/table':>9}{'load':>11}"
        )
    for backend, f in rows:
        print(
            f"{backend:<13}{f['tables']:>7}{f['moves']:>7}{f['moves_per_s']:>8.1f}"
            f"{f['entries_per_s']:>10.1f}{f['p50']:>8.1f}{f['p99']:>8.1f}{f['max']:>8.1f}"
            f"{f['unseen']:>7}{f['server_cpu']:>8.2f}{f['db_cpu']:>7.2f}{f['client_cpu']:>8.2f}"
            f"{f['cpu_per_table'] * 100:>9.2f}%{f['memory_per_table'] / 1024:>9.0f}"
            f"{f['load'][0]:>6.1f}/{f['load'][1]:<4.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
