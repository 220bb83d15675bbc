"""`kill -9` of the server at random moments while clients play, repeated: no committed
move or game is lost, none is applied twice, and the clients come back by themselves.

Two tables play at once (Mahé and David & Goliath, two people, a computer seat in worker
processes and a spectator each), every person and spectator a `ResilientSeat` that
reconnects with its last seq whenever its connection drops. The server is killed with
SIGKILL at a random moment (mid-move, mid-commit, mid-broadcast alike), started again on
the same database, and the clients find it by themselves. A finished table is checked
and replaced. At the end every table's log is checked against everything its clients
were told (`check_told_against_log`): every move told is in the log at its seq, no gap or
repeat, every acknowledged move there once, and the log replays to the position each
client saw last. The computer seats' worker processes of a killed server must die with
it (no orphans).

CI kills three times on SQLite and twice on PostgreSQL; the long form
(`pytest -m server_long tests/server/test_recovery.py`) kills `SPIELTISCH_KILLS` times
(default 100) on each.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

import spieltisch
from tests.server.client import Client, ResilientSeat
from tests.server.logs import check_told_against_log
from tests.server.servers import ServerProcess
from tests.waiting import until

AI = {"kind": "ai", "level": "easy"}
SLOTS: list[tuple[str, list[dict[str, Any]], dict[str, Any]]] = [
    ("mahe", [{"kind": "me"}, {"kind": "open"}, AI], {}),
    ("david_goliath", [{"kind": "me"}, {"kind": "open"}, AI], {"deals": 1}),
]


MOVE_WAIT = 60.0
"""How long a kill waits at most for a move after the last restart."""


@dataclass
class Played:
    table: str
    game: str
    options: dict[str, Any]
    seats: list[ResilientSeat]
    record: dict[str, Any] | None = None
    """The finished game's record as the server gives it."""


@dataclass
class Run:
    """What the killing run did, for the checks and the figures of the long form."""

    kills: int = 0
    played: list[Played] = field(default_factory=list)
    abandoned: int = 0
    """Tables whose set-up a kill interrupted (never started, or started unseen)."""
    restart_seconds: list[float] = field(default_factory=list)
    orphans: list[int] = field(default_factory=list)
    """Worker processes of killed servers still alive a minute after the last kill."""
    told_at_restart: int = 0
    entries_between_kills: list[int] = field(default_factory=list)
    """Log entries told between a restart and the next kill (0: no move in MOVE_WAIT)."""


async def _set_up(
    people: list[Client], game: str, seats: list[dict[str, Any]], options: dict[str, Any]
) -> dict[str, Any]:
    table = await people[0].create(game, seats, options=options)
    await people[1].post(f"/api/tables/{table['id']}/join", {})
    await people[0].post(f"/api/tables/{table['id']}/start")
    return table


async def _slot(
    server: ServerProcess,
    clients: list[Client],
    kind: int,
    run: Run,
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    """Keep a table of SLOTS[kind] in play until `stop`; a set-up that a kill breaks is
    abandoned and a new one made."""
    game, seats, options = SLOTS[kind]
    while not stop.is_set():
        try:
            table = await _set_up(clients[:2], game, seats, options)
        except (httpx.TransportError, AssertionError):
            run.abandoned += 1
            await asyncio.sleep(0.3)
            continue
        players = [
            ResilientSeat(client, table["id"], [server.url], random.Random(rng.random()), 0.02)
            for client in clients
        ]
        played = Played(table["id"], game, table["options"], players)
        run.played.append(played)
        final = await asyncio.gather(*(p.play(lambda m: stop.is_set()) for p in players))
        while final[0]["status"] == "finished" and played.record is None:
            try:
                response = await clients[0].http.get(f"/api/games/{table['id']}/record")
                played.record = response.raise_for_status().json()
            except httpx.HTTPError:
                await asyncio.sleep(0.3)


def _workers(server: ServerProcess) -> list[psutil.Process]:
    assert server.process is not None
    try:
        return psutil.Process(server.process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _told(run: Run) -> int:
    """Log entries the clients were told so far, over every table (first seat's count)."""
    return sum(len(played.seats[0].told) for played in run.played)


async def _kill_and_restart(
    server: ServerProcess, run: Run, rng: random.Random, orphaned: list[psutil.Process]
) -> None:
    """Kill once the tables moved on since the last restart, at a random moment within
    the next moves (a fixed pause hit a server still recovering, or clients still
    reconnecting, more often than a move: restarts take seconds on a busy machine)."""
    deadline = time.monotonic() + MOVE_WAIT
    while _told(run) <= run.told_at_restart and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    run.entries_between_kills.append(_told(run) - run.told_at_restart)
    await asyncio.sleep(rng.uniform(0.0, 0.5))
    orphaned += _workers(server)  # checked at the end: one still booting exits after
    server.kill()
    run.kills += 1
    started = time.monotonic()
    await asyncio.to_thread(server.start)
    run.restart_seconds.append(time.monotonic() - started)
    run.told_at_restart = _told(run)
    print(  # the long form's progress (shown with -s)
        f"kill {run.kills}: {run.entries_between_kills[-1]} entries since the last restart, "
        f"restart {run.restart_seconds[-1]:.1f} s",
        flush=True,
    )


async def _gone(workers: list[psutil.Process], run: Run, seconds: float = 60) -> None:
    """The killed servers' worker processes exit by themselves (a worker killed while it
    was still starting notices once it has started: seconds on a busy machine)."""
    deadline = time.monotonic() + seconds
    while any(_alive(worker) for worker in workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    run.orphans = [worker.pid for worker in workers if _alive(worker)]
    for worker in workers:  # leave nothing behind for the next test
        if _alive(worker):
            worker.kill()


async def _killing_run(server: ServerProcess, kills: int, seed: int) -> Run:
    run, rng, stop = Run(), random.Random(seed), asyncio.Event()
    clients = [Client(server.url) for _ in range(3)]
    for client, name in zip(clients, ("Ana", "Bob", "Cy"), strict=True):
        await client.guest(name)
    slots = [
        asyncio.create_task(_slot(server, clients, kind, run, stop, rng))
        for kind in range(len(SLOTS))
    ]
    orphaned: list[psutil.Process] = []
    while run.kills < kills:
        await _kill_and_restart(server, run, rng, orphaned)
    # Play on after the last restart: the clients must come back by themselves.
    recent = run.played[-len(SLOTS) :]
    lengths = {p.table: max(p.seats[0].told, default=0) for p in recent}

    def resumed() -> bool:
        return all(
            played.seats[0].last.get("status") != "running"
            or max(played.seats[0].told, default=0) > lengths[played.table]
            for played in recent
        )

    await until(resumed, 120, "every running table to resume after the last restart")
    stop.set()
    async with asyncio.timeout(120):
        await asyncio.gather(*slots)
    for client in clients:
        await client.http.aclose()
    await _gone(orphaned, run)
    return run


def _check(url: str, run: Run) -> int:
    """Every table against its clients; the number of moves checked."""
    moves = 0
    for played in run.played:
        log = asyncio.run(
            check_told_against_log(url, played.table, played.game, played.options, played.seats)
        )
        moves += len(log)
        game = spieltisch.load(played.game, **played.options)
        final = game.replay([row.entry for row in log])  # the whole log replays as it is
        if played.record is not None:
            assert played.record["history"] == [row.entry for row in log]
            assert spieltisch.load_record(played.record).ranking() == final.ranking()
    return moves


@pytest.mark.parametrize("long_form", [False, pytest.param(True, marks=pytest.mark.server_long)])
def test_kill_9_at_random_moments_loses_nothing(
    database_url: str, tmp_path: Path, long_form: bool
) -> None:
    sqlite = database_url.startswith("sqlite")
    kills = int(os.environ.get("SPIELTISCH_KILLS", "100")) if long_form else (3 if sqlite else 2)
    server = ServerProcess(database_url, tmp_path, ai_threads=False)  # the process pool
    server.start()
    started = time.monotonic()
    try:
        run = asyncio.run(_killing_run(server, kills, seed=kills))
    finally:
        server.stop()
    moves = _check(database_url, run)
    reconnects = sum(seat.reconnects for played in run.played for seat in played.seats)
    finished = sum(1 for p in run.played if p.seats[0].last.get("status") == "finished")
    print(
        f"\n{'sqlite' if sqlite else 'postgresql'}: {run.kills} kills in "
        f"{time.monotonic() - started:.0f} s, {len(run.played)} tables ({finished} finished, "
        f"{run.abandoned} set-ups broken by a kill), {moves} log entries checked, "
        f"{reconnects} reconnects, restart {min(run.restart_seconds):.1f}–"
        f"{max(run.restart_seconds):.1f} s, orphan workers {len(run.orphans)}, "
        f"kills after 0 entries (no move in {MOVE_WAIT:.0f} s) "
        f"{run.entries_between_kills.count(0)}"
    )
    assert run.kills == kills
    assert reconnects >= kills, "the clients did not come back by themselves"
    assert not run.orphans, f"worker processes outlived their server: {run.orphans}"
    assert moves > 0
