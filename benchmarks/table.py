"""The path of one move in the server: CPU per move and per log entry, side by side with
an earlier commit.

The live table's runtime plays `--tables` tables at once in one process, as the server's
event loop does, without HTTP, WebSocket or deflate (`benchmarks/messages.py` measures
those): every seat is a person's connection driven by this script (a random legal move
when it is their turn) in the table's language (en, de or fr), plus one spectator per
table in English, on an SQLite file (group commit). What is measured is the process's
CPU time (`time.process_time`, robust on a busy machine) from the first move to the last,
divided by the moves submitted and by the log entries written (moves plus the chance
outcomes after them). Each version runs in its own process, `--runs` times, alternating;
the medians are printed.

Computer seats are measured apart (`choose_move` as a worker runs it, CPU per move along
whole games): the earlier code replays the history from the start for every move.

    uv run python benchmarks/table.py --before b2ebb0d --tables 40 --moves 40 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GAMES: list[tuple[str, int]] = [("madn", 4), ("mahe", 3), ("david_goliath", 3), ("mabula", 2)]
LANGUAGES = ["en", "de", "fr"]
"""A table's players speak its language (each game is played in each); its spectator English."""


def _layout() -> dict[str, Any]:
    """The server's pieces in either layout (before and after issue 30's rooms)."""
    try:
        from spieltisch.server.infra.settings import Settings
        from spieltisch.server.infra.workers import WorkerPool, choose_move
        from spieltisch.server.schemas.rest import SeatIn, TableIn
        from spieltisch.server.table.room import Connection
        from spieltisch.server.table.runtime import Runtime

        def connect(account: int | None, seat: int | None, lang: str) -> Any:
            return Connection(account, seat, lang)

        try:
            from spieltisch.server.services import new_tables, seating

            lobby: Any = SimpleNamespace(  # split by issue 41: a table made, its seats
                create_table=new_tables.create_table, join=seating.join, start=seating.start
            )
        except ImportError:  # before issue 41's split
            from spieltisch.server.services import lobby

    except ImportError:
        from spieltisch.server.ai import (  # type: ignore[import-not-found, no-redef]
            WorkerPool,
            choose_move,
        )
        from spieltisch.server.live import (  # type: ignore[import-not-found, no-redef]
            Connection,
            Runtime,
        )
        from spieltisch.server.settings import (  # type: ignore[import-not-found, no-redef]
            Settings,
        )

        from spieltisch.server import lobby  # type: ignore[attr-defined, no-redef]
        from spieltisch.server.schemas import (  # type: ignore[attr-defined, no-redef]
            SeatIn,
            TableIn,
        )

        def connect(account: int | None, seat: int | None, lang: str) -> Any:
            return Connection(None, account, seat, lang)  # type: ignore[arg-type]

    return {
        "Settings": Settings,
        "WorkerPool": WorkerPool,
        "choose_move": choose_move,
        "SeatIn": SeatIn,
        "TableIn": TableIn,
        "lobby": lobby,
        "Runtime": Runtime,
        "connect": connect,
    }


def _migrated() -> str:
    """A fresh SQLite file with the schema (migrated outside the event loop)."""
    from spieltisch.store import upgrade

    url = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/table.sqlite3"
    upgrade(url)
    return url


async def _play(url: str, tables: int, moves: int, seed: int) -> dict[str, float]:
    from spieltisch.store import Database
    from spieltisch.store.models import Account

    parts = _layout()
    lobby = parts["lobby"]
    database = Database(url)
    rng = random.Random(seed)
    specs: list[tuple[str, int]] = [GAMES[index % len(GAMES)] for index in range(tables)]
    table_ids: list[str] = []
    seated: list[list[int]] = []
    async with database.session() as session:
        for game, players in specs:
            people = [Account(name=f"P{index}") for index in range(players)]
            session.add_all(people)
            await session.commit()
            seats = [parts["SeatIn"](kind="me")] + [parts["SeatIn"](kind="open")] * (players - 1)
            spec = parts["TableIn"](game=game, seats=seats, options={"players": players})
            created = await lobby.create_table(session, people[0].id, spec)
            for person in people[1:]:
                await lobby.join(session, created.id, person.id, None)
            await lobby.start(session, created.id, people[0].id)
            table_ids.append(created.id)
            seated.append([person.id for person in people])
    settings = parts["Settings"](
        database_url=url, ai_processes=False, ai_pace=0.0, rate_limits=None
    )
    runtime = parts["Runtime"](database, parts["WorkerPool"](1, processes=False), settings)
    rooms = [await runtime.room(table_id) for table_id in table_ids]
    connections: list[list[Any]] = []
    for number, (room, accounts) in enumerate(zip(rooms, seated, strict=True)):
        here = []
        spoken = LANGUAGES[(number // len(GAMES)) % len(LANGUAGES)]
        for account in [*accounts, None]:
            lang = spoken if account is not None else "en"
            connection = parts["connect"](account, runtime.seat_for(room, account, None), lang)
            runtime.enter(room, connection)
            here.append(connection)
        connections.append(here)
    sent = [0]

    def drain(here: list[Any]) -> None:
        for connection in here:
            while not connection.queue.empty():
                text = connection.queue.get_nowait()
                sent[0] += len(text or "")

    for here in connections:
        drain(here)
    start_seq = [room.seq for room in rooms]
    submitted = [0]

    async def table(room: Any, here: list[Any], table_rng: random.Random) -> None:
        for _move in range(moves):
            state = room.state
            if room.table.status != "running" or state.current_player < 0:
                return
            await runtime.submit(
                room, state.current_player, room.seq, table_rng.choice(state.legal_moves())
            )
            submitted[0] += 1
            drain(here)
            await asyncio.sleep(0)

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(
        *(
            table(room, here, random.Random(rng.random()))
            for room, here in zip(rooms, connections, strict=True)
        )
    )
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    entries = sum(room.seq - seq for room, seq in zip(rooms, start_seq, strict=True))
    await runtime.close()
    await database.close()
    return {
        "cpu_s": cpu,
        "wall_s": wall,
        "moves": submitted[0],
        "entries": entries,
        "bytes": sent[0],
    }


def _computer(games: int, seed: int, budget: str) -> dict[str, float]:
    """CPU of `choose_move` per computer move along whole games (a worker's share)."""
    import inspect

    import spieltisch

    parts = _layout()
    choose = parts["choose_move"]
    keyed = "table_id" in inspect.signature(choose).parameters
    rng = random.Random(seed)
    cpu, count = 0.0, 0
    for index in range(games):
        name, players = GAMES[index % 3]  # the games with computer seats at three
        state = spieltisch.load(name, players=players).new_state()
        history: list[str] = []
        while not state.is_terminal():
            if state.current_player < 0:
                outcome = state.sample_chance(rng)
                history.append(outcome)
                continue
            start = time.process_time()
            if keyed:
                move = choose(name, {"players": players}, history, "easy", budget, f"t{index}")
            else:
                move = choose(name, {"players": players}, history, "easy", budget)
            cpu += time.process_time() - start
            count += 1
            state.apply(move)
            history.append(move)
    return {"cpu_s": cpu, "moves": count}


def _run_version(tree: Path, args: argparse.Namespace, mode: str, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    command = [
        sys.executable,
        __file__,
        f"--{mode}",
        "--tables",
        str(args.tables),
        "--moves",
        str(args.moves),
        "--games",
        str(args.games),
        "--budget",
        args.budget,
        "--seed",
        str(seed),
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr[-3000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="b2ebb0d", help="commit or folder to compare with")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--moves", type=int, default=40, help="moves per table")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=3, help="whole games for computer seats")
    parser.add_argument("--budget", default="40", help="computer seats budget (iterations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--computer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        print(json.dumps(asyncio.run(_play(_migrated(), args.tables, args.moves, args.seed))))
        return
    if args.computer:
        print(json.dumps(_computer(args.games, args.seed, args.budget)))
        return

    from benchmarks.checkout import HERE, earlier_tree

    given = Path(args.before)
    earlier = nullcontext(given) if given.is_dir() else earlier_tree(args.before)
    with earlier as before:
        trees = {"before": before, "now": HERE}
        play: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        computer: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for run in range(args.runs):
            for name, tree in trees.items():
                play[name].append(_run_version(tree, args, "play", args.seed + run))
                computer[name].append(_run_version(tree, args, "computer", args.seed + run))
    print(
        f"load {os.getloadavg()[0]:.1f}; {args.tables} tables x {args.moves} moves, "
        f"{args.runs} runs each, medians"
    )
    print(
        f"{'':8} {'ms CPU/move':>12} {'ms CPU/entry':>13} {'moves':>6} {'entries':>8} "
        f"{'KB sent/move':>13} {'ms CPU/computer move':>21}"
    )
    for name in trees:
        per_move = statistics.median(r["cpu_s"] * 1000 / r["moves"] for r in play[name])
        per_entry = statistics.median(r["cpu_s"] * 1000 / r["entries"] for r in play[name])
        size = statistics.median(r["bytes"] / 1024 / r["moves"] for r in play[name])
        ai = statistics.median(r["cpu_s"] * 1000 / r["moves"] for r in computer[name])
        moves = int(statistics.median(r["moves"] for r in play[name]))
        entries = int(statistics.median(r["entries"] for r in play[name]))
        print(
            f"{name:8} {per_move:12.2f} {per_entry:13.2f} {moves:6d} {entries:8d} "
            f"{size:13.1f} {ai:21.2f}"
        )


if __name__ == "__main__":
    main()
