"""An unrelated table's round trip while the server is attacked, before and after the
fixes of issue 35, side by side in one run.

For each version (the source of `--before REF`, taken with `git archive`, and this
tree) a server is started on a fresh SQLite file; a person watches a table of their
own and sends `ping` every 20 ms, timing each `pong` (the event loop's delay as a
player feels it), first with nothing else going on, then during the attack:

- `signin`: `--clients` clients post `/api/session/signin` for a known username with
  a wrong password, as fast as answers come (argon2 on the loop stalled everything);
- `replay`: `--clients` clients fetch positions of an uploaded long record (a whole
  random game of Mensch ärgere Dich nicht, about a thousand entries), each at a random
  position in its second half;
- `computers`: `--clients` guests each start two Mabula tables of two `expert` computers
  (1 s a move, in one worker process); the person at the unrelated table plays against
  an `easy` computer instead of pinging, and the round trip is from their move to the
  computer's answer (the worker pool's queue, not the event loop, is what an attack on
  computer seats fills).

The machine is shared: `/proc/loadavg` is printed beside each figure.

    uv run python benchmarks/under_attack.py --attack signin --before b2ebb0d
    uv run python benchmarks/under_attack.py --attack computers --before fe09bae --clients 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.client import Client
from tests.server.servers import ServerProcess

import spieltisch
from spieltisch.core import CHANCE

ROOT = Path(__file__).resolve().parents[1]
Attack = Callable[[str, asyncio.Event], Awaitable[int]]


def _load() -> str:
    """The machine's one-minute load (the machine is shared)."""
    found = Path("/proc/loadavg")
    return found.read_text().split(" ", 1)[0] if found.exists() else "?"


@contextmanager
def _source(ref: str | None) -> Iterator[Path | None]:
    """The `src` folder of `ref` in a temporary folder (None: this tree's)."""
    if ref is None:
        yield None
        return
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "src.tar"
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "-o", str(archive), ref, "src"], check=True
        )
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder) / "src"


class Watcher:
    """A person at a table of their own who pings every 20 ms and times each pong; the
    delays go to whichever list `phase` names."""

    def __init__(self) -> None:
        self.delays: dict[str, list[float]] = {"quiet": [], "attacked": []}
        self.phase = "quiet"
        self.stop = asyncio.Event()

    async def run(self, base: str, ready: asyncio.Event) -> None:
        async with Client(base) as watcher:
            await watcher.guest("Watcher")
            table = await watcher.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            socket = await watcher.socket(table["id"])
            await socket.state()
            ready.set()
            while not self.stop.is_set():
                phase, sent = self.phase, time.perf_counter()
                await socket.send({"type": "ping"})
                await socket.next_of("pong", timeout=120)
                self.delays[phase].append(time.perf_counter() - sent)
                await asyncio.sleep(0.02)
            await socket.close()


def _answered(seq: int, message: dict[str, Any]) -> bool:
    """A state after `seq` where the person is to move again (or the game is over)."""
    return message["seq"] > seq and (
        bool(message["legal_moves"]) or message["status"] == "finished"
    )


class Opponent(Watcher):
    """A person playing Mabula against an `easy` computer, timing from each of their
    moves to the computer's answer (their next turn)."""

    async def run(self, base: str, ready: asyncio.Event) -> None:
        rng = random.Random(3)
        async with Client(base) as person:
            await person.guest("Person")
            while not self.stop.is_set():
                seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
                table = await person.create("mabula", seats)
                await person.post(f"/api/tables/{table['id']}/start")
                socket = await person.socket(table["id"])
                state = await socket.state(lambda m: bool(m["legal_moves"]))
                while not self.stop.is_set() and state["status"] != "finished":
                    # Timed from the second answer on: the first waits for the worker
                    # process to start.
                    phase = self.phase if ready.is_set() else "warming"
                    sent, seq = time.perf_counter(), state["seq"]
                    move = rng.choice(state["legal_moves"])["move"]
                    await socket.send({"type": "move", "seq": seq, "move": move})
                    state = await socket.state(partial(_answered, seq))
                    self.delays.setdefault(phase, []).append(time.perf_counter() - sent)
                    ready.set()
                    await asyncio.sleep(0.02)
                await socket.close()
                await asyncio.sleep(3.0)  # new tables are rate-limited (20 a minute)


async def _computers_attack(base: str, clients: int) -> Attack:
    async def attack(_base: str, stop: asyncio.Event) -> int:
        async with Client(base) as flooder:
            await flooder.guest("Flooder")
            expert = {"kind": "ai", "level": "expert"}
            for _ in range(2):
                table = await flooder.create("mabula", [expert, expert])
                await flooder.post(f"/api/tables/{table['id']}/start")
            await stop.wait()
            return 2

    return attack


async def _signin_attack(base: str, clients: int) -> Attack:
    async with Client(base) as owner:
        await owner.guest("Owner")
        username = f"owner{random.randrange(10**9)}"
        await owner.post("/api/session/claim", {"username": username, "password": "x" * 12})

    async def attack(_base: str, stop: asyncio.Event) -> int:
        async with Client(base) as flooder:
            sent = 0
            while not stop.is_set():
                await flooder.http.post(
                    "/api/session/signin", json={"username": username, "password": "wrong"}
                )
                sent += 1
            return sent

    return attack


def long_record(turns: int, seed: int = 7) -> dict[str, Any]:
    """A Mensch ärgere Dich nicht record of four random players, whole or cut at `turns`
    entries (a random game has about a thousand)."""
    game = spieltisch.load("madn", players=4)
    rng = random.Random(seed)
    state = game.new_state()
    while len(state.history()) < turns and not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return dict(state.to_record([f"P{i}" for i in range(4)]))


async def _replay_attack(base: str, clients: int) -> Attack:
    record = long_record(4000)
    async with Client(base) as uploader:
        uploaded = await uploader.post("/api/records", record, 201)
    total = int(uploaded["moves"])

    async def attack(_base: str, stop: asyncio.Event) -> int:
        rng = random.Random()
        async with Client(base) as reader:
            sent = 0
            while not stop.is_set():
                n = rng.randrange(total // 2, total + 1)
                await reader.http.get(f"{uploaded['url']}/positions/{n}")
                sent += 1
            return sent

    return attack


ATTACKS = {"signin": _signin_attack, "replay": _replay_attack, "computers": _computers_attack}
WATCHERS: dict[str, type[Watcher]] = {"computers": Opponent}
"""Who measures an attack, when not a `Watcher`'s ping."""
SERVED_AS_IS = {"computers"}
"""Attacks whose server runs computer seats as `serve` does: each level at its own
budget, in a worker process (the tests' servers think 20 iterations, in threads)."""


async def _measure(base: str, attack_name: str, clients: int, seconds: float) -> dict[str, Any]:
    attack = await ATTACKS[attack_name](base, clients)
    watcher, ready = WATCHERS.get(attack_name, Watcher)(), asyncio.Event()
    watching = asyncio.ensure_future(watcher.run(base, ready))
    await ready.wait()
    await asyncio.sleep(seconds)
    quiet_load = _load()
    watcher.phase = "attacked"
    stop = asyncio.Event()
    floods = [asyncio.ensure_future(attack(base, stop)) for _ in range(clients)]
    await asyncio.sleep(seconds)
    stop.set()
    watcher.stop.set()
    requests = sum(await asyncio.gather(*floods))
    await watching
    return {
        "quiet": watcher.delays["quiet"],
        "quiet_load": quiet_load,
        "attacked": watcher.delays["attacked"],
        "attacked_load": _load(),
        "requests": requests,
    }


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attack", choices=sorted(ATTACKS), default="signin")
    parser.add_argument("--before", default="b2ebb0d", help="git ref of the code before")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rows = []
    for label, ref in ((f"before ({args.before})", args.before), ("after (this tree)", None)):
        with _source(ref) as src, tempfile.TemporaryDirectory() as folder:
            if src is not None:
                os.environ["PYTHONPATH"] = str(src)
            server = ServerProcess(
                f"sqlite+aiosqlite:///{folder}/bench.sqlite3",
                Path(folder),
                ai_threads=args.attack not in SERVED_AS_IS,
                ai_budget=None if args.attack in SERVED_AS_IS else "20",
            )
            try:
                server.start()
            finally:
                os.environ.pop("PYTHONPATH", None)
            try:
                figures = asyncio.run(_measure(server.url, args.attack, args.clients, args.seconds))
            finally:
                server.stop()
        rows.append((label, figures))
    print(
        f"attack: {args.attack}, {args.clients} clients, {args.seconds:g} s; "
        "round trip of an unrelated table's ping (ms; computers: a move to the answer)"
    )
    print(
        f"{'version':<24} {'quiet median':>12} {'load':>5} {'attacked median':>16} "
        f"{'p95':>8} {'max':>8} {'load':>5} {'attack requests':>16}"
    )
    for label, f in rows:
        print(
            f"{label:<24} {_ms(f['quiet'], 0.5):>12} {f['quiet_load']:>5} "
            f"{_ms(f['attacked'], 0.5):>16} {_ms(f['attacked'], 0.95):>8} "
            f"{_ms(f['attacked'], 1.0):>8} {f['attacked_load']:>5} {f['requests']:>16}"
        )


if __name__ == "__main__":
    main()
