"""The timeline of one parallel run, to see where `--workers N` or `--cluster local:N`
loses time (issue 46):

    uv run --extra fast python benchmarks/worker_phases.py [--game madn] [--games 400000]
        [--workers 2] [--cluster local:2]

Printed: when each phase of this process's start ended (numpy, spieltisch, numba, the
kernel's module, the kernel loaded from numba's cache), in wall seconds since the script
began and in this process's CPU seconds; then per worker (process or thread, this
process among them) when its first chunk began and its last ended, its chunks, games
and CPU (its thread's clock) and CPU per game; the CPU this process spent merging
results; the load average. What a worker spent before its first chunk is its start; the
gap between a worker's last chunk and the last result is the tail where it idled.
Not a timed test: read the CPU figures on a loaded machine, the wall ones on an idle one.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from typing import Any

T0 = time.time()
events: list[tuple[str, float, float]] = []


def mark(what: str) -> None:
    events.append((what, time.time() - T0, time.process_time()))


CHUNK: list[Any] = []
"""`sim.fast.run_chunk`, which `timed_chunk` replaces (a forked worker inherits it)."""


def timed_chunk(*arguments: Any) -> tuple[Any, tuple[Any, ...]]:
    began, cpu = time.time() - T0, time.thread_time()
    result = CHUNK[0](*arguments)
    name = threading.current_thread().name
    return result, (f"{os.getpid()}/{name}", began, time.time() - T0, time.thread_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="madn")
    parser.add_argument("--games", type=int, default=400_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cluster", default=None)
    args = parser.parse_args()
    import numpy  # noqa: F401

    mark("numpy imported")
    import spieltisch
    import spieltisch.sim.fast as fast
    from spieltisch.sim.batch import Summary

    mark("spieltisch imported")
    game = spieltisch.load(args.game)
    seats = ["random"] * game.num_players
    warm = fast.warm

    def timed_warm(game: Any) -> None:
        import numba  # noqa: F401

        mark("numba imported")
        fast.kernel_module(game)
        mark("the kernel's module imported")
        warm(game)
        mark("the kernel loaded from the cache (and one game)")

    CHUNK.append(fast.run_chunk)
    fast.warm, fast.run_chunk = timed_warm, timed_chunk  # type: ignore[assignment]
    summary = Summary(game.num_players)
    merging = 0.0
    received = []
    mark("the run begins")
    run: Any = fast.simulate_fast(game, seats, args.games, 1, args.workers, cluster=args.cluster)
    for result, info in run:
        received.append((time.time() - T0, len(result), *info))
        started = time.process_time()
        summary.add_chunk(result)
        merging += time.process_time() - started
    mark("the run ends")
    for what, wall, cpu in events:
        print(f"{wall:8.3f} s wall {cpu:7.3f} s CPU  {what}")
    players: dict[str, dict[str, float]] = {}
    for _got, games, who, began, ended, cpu in received:
        figures = players.setdefault(
            who, {"first": began, "last": ended, "cpu": 0.0, "chunks": 0, "games": 0}
        )
        figures["first"] = min(figures["first"], began)
        figures["last"] = max(figures["last"], ended)
        figures["cpu"] += cpu
        figures["chunks"] += 1
        figures["games"] += games
    for who, f in players.items():
        print(
            f"{who}: chunks from {f['first']:.3f} to {f['last']:.3f} s, {f['chunks']:.0f} chunks, "
            f"{f['games']:.0f} games, CPU {f['cpu']:.3f} s, "
            f"{f['cpu'] / f['games'] * 1e6:.1f} µs a game"
        )
    print(f"last result at {received[-1][0]:.3f} s; merging {merging:.3f} s CPU")
    print(f"wins {summary.wins}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
