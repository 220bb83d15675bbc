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
    uv run --extra web python benchmarks/load.py --backend postgresql --deflate both
    uv run --extra web python benchmarks/load.py --before b2ebb0d --runs 3 --tables 200

`--before COMMIT` serves every run from that commit too (a worktree beside this one),
alternating with this version run by run, so both meet the same machine load.

On a shared machine, measure while nobody else measures or runs the test suite (the
project holds the landing lock: `flock /tmp/spieltisch-land.lock uv run ...`); never with
a negative nice value.

A table whose set-up fails is counted and reported (and tried again), never waited for;
set-up has a deadline (`--setup-seconds`) and each run an overall one (`--run-seconds`).
The server, its computer-seat workers and PostgreSQL run at the benchmark's own
priority, which the output states, and with the server's rate limits off (a load test
on loopback is not a flood). `--deflate off` starts the server with `--no-ws-deflate`
(no per-message compression); `both` measures every run with and without it.

The connections ask for boards without their static layers (`layers=1`, each layer sent
once per connection), as the web page does since issue 41, so a run costs what the page
costs; `--whole-boards` connects as before (a bot, the terminal: every board whole). A
server from before that ignores the query and sends whole boards.

Every message of every connection at David & Goliath and Mahé tables is kept and, after
the measured window, scanned against the table's move log for another seat's hidden
information (`tests/server/leaks.py`); the count of messages scanned and of leaks found
is printed (`--no-scan` to skip).

CPU is the server processes' (and PostgreSQL's) CPU time during the measured window, as a
share of one core; per log entry and per move it is the servers' with their computer
seats' workers (`ms/entry`, `ms/move`) and the event loops' alone (`loop ms/entry`).
Memory is the servers' resident memory with the tables open minus without. The load
generator runs on the same machine, and its own CPU is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import json
import os
import random
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.client import Client, Socket
from tests.server.leaks import scan_messages
from tests.server.logs import move_log
from tests.server.servers import ServerProcess, new_postgres_database, postgres_cluster

import spieltisch
from benchmarks.checkout import earlier_tree
from benchmarks.profiles import record, summarise
from spieltisch.server.infra import collector

AI = {"kind": "ai", "level": "easy"}
TABLES: list[tuple[str, list[dict[str, Any]]]] = [
    ("mabula", [{"kind": "me"}, {"kind": "open"}]),
    ("madn", [{"kind": "me"}, {"kind": "open"}, AI, AI]),
    ("mahe", [{"kind": "me"}, {"kind": "open"}, AI]),
    ("david_goliath", [{"kind": "me"}, {"kind": "open"}, AI]),
]
"""Two people at every table; the other seats are computers."""
HIDDEN = {"mahe", "david_goliath"}
"""The games whose messages the hidden-information scan reads."""
BACKENDS = {"sqlite": 1, "postgresql": 1, "postgresql-2": 2}
SETUP_TRIES = 3
"""A table slot whose set-up failed this often in a row gives up (and is reported)."""


@dataclass
class Played:
    """One table's messages, per connection, kept for the hidden-information scan."""

    table: str
    game: str
    options: dict[str, Any]
    texts: list[list[str]]


@dataclass
class Figures:
    """What one run measured."""

    latencies: list[float] = field(default_factory=list)
    entries: int = 0
    """Log entries seen by spectators in the window (moves of people and computers, and
    the chance outcomes after them)."""
    logged_moves: int = 0
    """The moves of people and computers among them."""
    unseen: int = 0
    """Moves sent whose position not every connection had when the run stopped."""
    measuring: bool = False
    started: int = 0
    """Table slots whose first table started."""
    gave_up: int = 0
    """Table slots that failed to set up a table SETUP_TRIES times in a row."""
    setup_failures: Counter[str] = field(default_factory=Counter)
    socket_errors: Counter[str] = field(default_factory=Counter)
    finished: int = 0
    played: list[Played] = field(default_factory=list)


@dataclass
class Pending:
    sent: float
    seen: set[int] = field(default_factory=set)


class Table:
    """One table's connections and the moves sent at it not yet seen by all of them."""

    def __init__(self, figures: Figures, played: Played | None) -> None:
        self.figures = figures
        self.sockets: list[Socket] = []
        self.pending: dict[int, Pending] = {}
        self.played = played

    def seen(self, index: int, seq: int) -> None:
        for sent_at in [s for s in self.pending if s < seq]:
            pending = self.pending[sent_at]
            pending.seen.add(index)
            if len(pending.seen) == len(self.sockets):
                del self.pending[sent_at]
                if self.figures.measuring:
                    self.figures.latencies.append(time.perf_counter() - pending.sent)


SENDING: set[asyncio.Task[None]] = set()


async def _connection(table: Table, index: int, think: float, rng: random.Random) -> None:
    socket = table.sockets[index]
    moved: set[int] = set()
    last = 0
    while True:
        text = await socket.connection.recv()
        if table.played is not None:
            table.played.texts[index].append(str(text))
        message = json.loads(text)
        if message["type"] != "state":
            continue
        seq = message["seq"]
        table.seen(index, seq)
        if message["seat"] is None and table.figures.measuring and last:
            table.figures.entries += max(0, seq - last)
            table.figures.logged_moves += sum(
                1
                for entry in message["last_moves"]
                if entry["seq"] > last and entry["seat"] is not None
            )
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


async def _send(table: Table, socket: Socket, seq: int, move: str, thinking: float) -> None:
    await asyncio.sleep(thinking)
    table.pending[seq] = Pending(time.perf_counter())
    try:
        await socket.send({"type": "move", "seq": seq, "move": move})
    except Exception:
        table.pending.pop(seq, None)


async def _set_up(
    people: list[Client], watcher: Client, kind: int, figures: Figures, scan: bool, layers: bool
) -> Table:
    """A new table of `TABLES[kind]`: created, joined, three connections, started."""
    game, seats = TABLES[kind]
    created = await people[0].create(game, seats)
    table_id = created["id"]
    played = Played(table_id, game, created["options"], [[], [], []]) if scan else None
    table = Table(figures, played if game in HIDDEN else None)
    try:
        await people[1].post(f"/api/tables/{table_id}/join", {})
        for client in (*people, watcher):
            if layers:
                table.sockets.append(await client.socket(table_id, layers=1))
            else:
                table.sockets.append(await client.socket(table_id))
        await people[0].post(f"/api/tables/{table_id}/start")
    except BaseException:
        await _close(table)
        raise
    return table


async def _close(table: Table) -> None:
    for socket in table.sockets:
        with suppress(Exception):
            async with asyncio.timeout(5):
                await socket.close()


async def _play_tables(
    people: list[Client],
    watcher: Client,
    kind: int,
    figures: Figures,
    think: float,
    stop: asyncio.Event,
    ready: asyncio.Semaphore,
    rng: random.Random,
    scan: bool,
    layers: bool,
) -> None:
    """Keep one table of `TABLES[kind]` going until `stop`: a new one when one finishes.
    A failed set-up is counted and tried again; after SETUP_TRIES failures in a row the
    slot gives up."""
    first, failures = True, 0
    while not stop.is_set():
        try:
            async with ready:
                async with asyncio.timeout(60):
                    table = await _set_up(people, watcher, kind, figures, scan, layers)
        except Exception as exc:  # counted and reported, never waited on
            figures.setup_failures[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
            failures += 1
            if failures >= SETUP_TRIES:
                if first:
                    figures.gave_up += 1
                return
            await asyncio.sleep(1.0)
            continue
        failures = 0
        if first:
            first = False
            figures.started += 1
        readers = [
            asyncio.create_task(_connection(table, index, think, rng))
            for index in range(len(table.sockets))
        ]
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait([stopping, *readers], return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task is not stopping and task.exception() is not None:
                error = task.exception()
                figures.socket_errors[f"{type(error).__name__}: {str(error)[:80]}"] += 1
        if stop.is_set():
            figures.unseen += len(table.pending)
        else:
            figures.finished += 1
        for task in [stopping, *readers]:
            task.cancel()
        if table.played is not None:
            figures.played.append(table.played)
        await _close(table)


def _tree(pid: int) -> list[psutil.Process]:
    with suppress(psutil.NoSuchProcess):
        parent = psutil.Process(pid)
        return [parent, *parent.children(recursive=True)]
    return []


def _postgres(port: int | None) -> list[psutil.Process]:
    if port is None:
        return []
    found = []
    for process in psutil.process_iter(["name", "cmdline"]):
        command = process.info["cmdline"] or []
        at = command.index("-p") + 1 if "-p" in command else len(command)
        if at < len(command) and command[at] == str(port) and "postgres" in command[0]:
            found.extend(_tree(process.pid))
    return found


def _event_loops(root: int, tree: list[psutil.Process]) -> list[psutil.Process]:
    """The server processes that run an event loop: the server itself, or with
    `--workers` its worker processes; not the computer seats' workers below them."""
    children = [process for process in tree if process.pid != root and _parent(process) == root]
    below = {child.pid for child in children}
    if not any(_parent(process) in below for process in tree):
        children = []  # one process: its children are the computer seats' workers
    return [process for process in tree if process.pid == root or process in children]


def _parent(process: psutil.Process) -> int | None:
    with suppress(psutil.NoSuchProcess):
        return process.ppid()
    return None


def _cpu(processes: list[psutil.Process]) -> dict[int, float]:
    """CPU seconds so far of each process, by pid."""
    seconds = {}
    for process in processes:
        with suppress(psutil.NoSuchProcess):
            times = process.cpu_times()
            seconds[process.pid] = times.user + times.system
    return seconds


def _cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings (processes started in between count whole)."""
    return sum(now - before.get(pid, 0.0) for pid, now in after.items())


def _rss(processes: list[psutil.Process]) -> int:
    total = 0
    for process in processes:
        with suppress(psutil.NoSuchProcess):
            total += process.memory_info().rss
    return total


def _nice(processes: list[psutil.Process]) -> str:
    values = set()
    for process in processes:
        with suppress(psutil.NoSuchProcess):
            values.add(process.nice())
    return "/".join(str(value) for value in sorted(values)) or "-"


async def _watch_server(server: ServerProcess, stop: asyncio.Event) -> str:
    """Returns why the run must end early: the server process exited."""
    assert server.process is not None
    while not stop.is_set():
        if server.process.poll() is not None:
            return f"the server exited with {server.process.returncode}"
        await asyncio.sleep(0.5)
    return ""


async def _run(
    server: ServerProcess,
    db_port: int | None,
    tables: int,
    args: argparse.Namespace,
) -> tuple[dict[str, Any], Figures]:
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
            _play_tables(
                people,
                watcher,
                index % len(TABLES),
                figures,
                args.think,
                stop,
                ready,
                rng,
                not args.no_scan,
                not args.whole_boards,
            )
        )
        for index in range(tables)
    ]
    watchdog = asyncio.create_task(_watch_server(server, stop))
    problem = ""
    set_up_from = time.perf_counter()
    deadline = set_up_from + args.setup_seconds
    while figures.started + figures.gave_up < tables and time.perf_counter() < deadline:
        if watchdog.done():
            break
        await asyncio.sleep(0.25)
    setup_time = time.perf_counter() - set_up_from
    started_in_time = figures.started
    if figures.started < tables:
        problem = f"only {figures.started} of {tables} tables started in {setup_time:.0f} s"
    if not watchdog.done():
        await asyncio.sleep(max(3.0, args.think * 2))  # every table under way
    servers = _tree(server.process.pid)
    database = _postgres(db_port)
    cpu_server_at, cpu_db_at = _cpu(servers), _cpu(database)
    cpu_client, load_before = time.process_time(), os.getloadavg()[0]
    niceness = {
        "client": _nice([psutil.Process()]),
        "server": _nice(servers),
        "db": _nice(database),
    }
    # The generator's own full collections stopped it for 140-175 ms at 200 tables, and
    # its pauses counted as latency: settled as the server's are (server/collector.py).
    collector.settle()
    spy = None
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
        spy = record(server.process.pid, args.seconds, _profile_path(args, tables))
    started = time.perf_counter()
    figures.measuring = True
    with suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(watchdog), args.seconds)
    figures.measuring = False
    elapsed = time.perf_counter() - started
    servers_now = _tree(server.process.pid)
    cpu_server = _cpu_since(cpu_server_at, _cpu(servers_now))
    loops = _event_loops(server.process.pid, servers_now)
    cpu_loops = _cpu_since(cpu_server_at, _cpu(loops))
    cpu_db = _cpu_since(cpu_db_at, _cpu(_postgres(db_port)))
    cpu_client = time.process_time() - cpu_client
    load_after = os.getloadavg()[0]
    memory = _rss(servers_now) - servers_idle
    gc.unfreeze()
    if spy is not None:
        await asyncio.to_thread(spy.wait, 60)
    stop.set()
    if watchdog.done() and watchdog.result():
        problem = (problem + "; " if problem else "") + watchdog.result()
    _, stuck = await asyncio.wait(workers, timeout=30)
    for task in stuck:
        task.cancel()
    for client in (*people, watcher):
        await client.http.aclose()
    latencies = sorted(figures.latencies) or [float("nan")]
    cuts = (
        statistics.quantiles(latencies, n=100, method="inclusive")
        if len(latencies) > 1
        else latencies * 99
    )
    return {
        "tables": tables,
        "started": started_in_time,
        "started_by_end": figures.started,
        "setup_s": setup_time,
        "moves": len(figures.latencies),
        "entries_per_s": figures.entries / elapsed,
        "moves_per_s": len(figures.latencies) / elapsed,
        "p50": statistics.median(latencies) * 1000,
        "p99": cuts[98] * 1000,
        "max": latencies[-1] * 1000,
        "unseen": figures.unseen,
        "finished": figures.finished,
        "server_cpu": cpu_server / elapsed,
        "ms_per_entry": cpu_server * 1000 / max(figures.entries, 1),
        "ms_per_move": cpu_server * 1000 / max(figures.logged_moves, 1),
        "loop_ms_per_entry": cpu_loops * 1000 / max(figures.entries, 1),
        "db_cpu": cpu_db / elapsed,
        "client_cpu": cpu_client / elapsed,
        "cpu_per_table": (cpu_server + cpu_db) / elapsed / tables,
        "memory_per_table": memory / tables,
        "server_mb": _rss(servers_now) / 2**20,
        "load": (load_before, load_after),
        "nice": niceness,
        "setup_failures": dict(figures.setup_failures),
        "socket_errors": dict(figures.socket_errors),
        "problem": problem,
    }, figures


def _profile_path(args: argparse.Namespace, tables: int) -> Path:
    assert args.profile is not None
    raw = "" if args.current_deflate else "-raw"
    return Path(args.profile) / f"{args.current_backend}{raw}-{tables}.txt"


def _scan_one(
    game: str, options: dict[str, Any], history: list[str], texts: list[list[str]]
) -> tuple[int, list[str]]:
    """Scan one table's connections (in a worker process)."""
    loaded = spieltisch.load(game, **options)
    checked, problems = 0, []
    for messages in texts:  # one connection's, so one seat's
        parsed = [json.loads(text) for text in messages]
        seat = next((m["seat"] for m in parsed if m["type"] == "state"), None)
        counted, found = scan_messages(loaded, history, seat, parsed)
        checked += counted
        problems += found
    return checked, problems


async def _scan(url: str, played: list[Played]) -> tuple[int, int, list[str]]:
    """(tables scanned, state messages checked, leaks) after the run."""
    checked, leaks = 0, []
    with ProcessPoolExecutor(2) as pool:
        loop = asyncio.get_running_loop()
        jobs = []
        for table in played:
            history = [row.entry for row in await move_log(url, table.table)]
            jobs.append(
                loop.run_in_executor(
                    pool, _scan_one, table.game, table.options, history, table.texts
                )
            )
        for counted, found in await asyncio.gather(*jobs):
            checked += counted
            leaks += found
    return len(played), checked, leaks


@contextmanager
def _server(
    backend: str, folder: Path, pg: str | None, deflate: bool, source: Path | None = None
) -> Iterator[tuple[ServerProcess, int | None, str]]:
    workers = BACKENDS[backend]
    if backend == "sqlite":
        url, port = f"sqlite+aiosqlite:///{folder}/load-{time.time_ns()}.sqlite3", None
    else:
        assert pg is not None
        url, port = new_postgres_database(pg), int(pg.rsplit(":", 1)[1])
    extra = ["--ai-pace", "0.8", "--ai-budget", "40"]
    if importlib.util.find_spec("spieltisch.server.infra.limits") is not None:
        extra.append("--no-rate-limits")
    if workers > 1:
        extra += ["--workers", str(workers)]
    if not deflate:
        extra.append("--no-ws-deflate")
    server = ServerProcess(url, folder, *extra, ai_threads=False, source=source)
    server.start()
    try:
        yield server, port, url
    finally:
        server.stop()


def _one_run(
    backend: str, tables: int, folder: Path, pg: str | None, args: argparse.Namespace
) -> dict[str, Any]:
    source = args.current_source
    with _server(backend, folder, pg, args.current_deflate, source) as (server, port, url):

        async def measure() -> dict[str, Any]:
            async with asyncio.timeout(args.run_seconds):
                figures, played = await _run(server, port, tables, args)
            if not args.no_scan:
                async with asyncio.timeout(args.run_seconds):
                    scanned = await _scan(url, played.played)
                figures["scanned_tables"], figures["scanned"], leaks = scanned
                figures["leaks"] = len(leaks)
                figures["leak_examples"] = leaks[:5]
            return figures

        try:
            figures = asyncio.run(measure())
        except TimeoutError:
            figures = {"tables": tables, "problem": f"no result in {args.run_seconds:.0f} s"}
        except Exception as exc:
            traceback.print_exc()
            figures = {"tables": tables, "problem": f"{type(exc).__name__}: {exc}"}
        if args.profile and _profile_path(args, tables).exists():
            print(f"profile of {backend} at {tables} tables ({_profile_path(args, tables)}):")
            print(summarise(_profile_path(args, tables)), flush=True)
        figures["rate_limits"] = "off" if "--no-rate-limits" in server.extra else "none built"
        figures["deflate"] = args.current_deflate
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, action="append", help="tables at once; repeat")
    parser.add_argument(
        "--backend", choices=sorted(BACKENDS), action="append", help="repeat; default all"
    )
    parser.add_argument("--seconds", type=float, default=30, help="measured window per run")
    parser.add_argument("--think", type=float, default=3.0, help="a person's mean think time")
    parser.add_argument(
        "--setup-seconds", type=float, default=180, help="how long set-up may take at most"
    )
    parser.add_argument(
        "--run-seconds", type=float, default=600, help="one run's time limit (and the scan's)"
    )
    parser.add_argument("--no-scan", action="store_true", help="skip the leak scan")
    parser.add_argument(
        "--whole-boards",
        action="store_true",
        help="connect without layers=1: every board whole in every state message",
    )
    parser.add_argument(
        "--deflate",
        choices=["on", "off", "both"],
        default="on",
        help="per-message compression of the WebSockets (both: each run twice)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--profile", type=Path, help="sample the servers with py-spy in the window; a folder"
    )
    parser.add_argument("--before", help="also serve each run from this commit, alternating")
    parser.add_argument("--runs", type=int, default=1, help="runs of each setting (and version)")
    args = parser.parse_args()
    sizes = args.tables or [50, 200]
    backends = args.backend or list(BACKENDS)
    rows: list[tuple[str, dict[str, Any]]] = []
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        pg = stack.enter_context(postgres_cluster())
        versions: dict[str, Path | None] = {"now": None}
        if args.before:
            tree = stack.enter_context(earlier_tree(args.before))
            versions = {"before": tree / "src", "now": None}
        for backend in backends:
            args.current_backend = backend
            for tables in sizes:
                for deflate in {"on": [True], "off": [False], "both": [True, False]}[args.deflate]:
                    args.current_deflate = deflate
                    for _run in range(args.runs):
                        for version, source in versions.items():
                            args.current_source = source
                            figures = _one_run(backend, tables, Path(folder), pg, args)
                            name = backend if deflate else f"{backend}/raw"
                            if args.before:
                                name += f" {version}"
                            rows.append((name, figures))
                            _print([(name, figures)], header=len(rows) == 1)
                            if args.json:
                                args.json.write_text(json.dumps(rows, indent=1))
    print()
    _print(rows, header=True)


def _print(rows: list[tuple[str, dict[str, Any]]], header: bool) -> None:
    if header:
        print(
            f"{'backend':<17}{'tables':>7}{'moves':>7}{'moves/s':>8}{'entries/s':>10}"
            f"{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}{'unseen':>7}{'srv cpu':>8}{'db cpu':>7}"
            f"{'cli cpu':>8}{'cpu/table':>10}{'KB/table':>9}{'load':>11}"
            f"{'ms/entry':>9}{'ms/move':>8}{'loop ms/entry':>14}"
        )
    for backend, f in rows:
        if "p50" in f:
            print(
                f"{backend:<17}{f['tables']:>7}{f['moves']:>7}{f['moves_per_s']:>8.1f}"
                f"{f['entries_per_s']:>10.1f}{f['p50']:>8.1f}{f['p99']:>8.1f}{f['max']:>8.1f}"
                f"{f['unseen']:>7}{f['server_cpu']:>8.2f}{f['db_cpu']:>7.2f}"
                f"{f['client_cpu']:>8.2f}{f['cpu_per_table'] * 100:>9.2f}%"
                f"{f['memory_per_table'] / 1024:>9.0f}"
                f"{f['load'][0]:>6.1f}/{f['load'][1]:<4.1f}"
                f"{f['ms_per_entry']:>9.2f}{f['ms_per_move']:>8.2f}"
                f"{f['loop_ms_per_entry']:>14.2f}",
                flush=True,
            )
            print(
                f"    started {f['started']}/{f['tables']} in {f['setup_s']:.0f} s "
                f"({f['started_by_end']} by the end), "
                f"{f['finished']} games finished, servers {f['server_mb']:.0f} MB, "
                f"nice client/server/db "
                f"{f['nice']['client']}/{f['nice']['server']}/{f['nice']['db']}, "
                f"rate limits {f['rate_limits']}; leak scan: "
                + (
                    f"{f['scanned']} state messages of {f['scanned_tables']} tables, "
                    f"{f['leaks']} leaks {f.get('leak_examples') or ''}"
                    if "scanned" in f
                    else "off"
                ),
                flush=True,
            )
        else:
            print(f"{backend:<17}{f['tables']:>7}  no figures", flush=True)
        for key in ("setup_failures", "socket_errors"):
            if f.get(key):
                print(f"    {key.replace('_', ' ')}: {f[key]}", flush=True)
        if f.get("problem"):
            print(f"    problem: {f['problem']}", flush=True)


if __name__ == "__main__":
    main()
