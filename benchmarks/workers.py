"""Speed-up of `simulate --workers N` over one process, for the Python engine and the
compiled kernel, in one run:

    uv run python benchmarks/workers.py [--game madn] [--python-games 2000]
        [--kernel-games 400000] [--workers 2]

Each run goes through what `spieltisch simulate` does (`sim.simulate` or
`sim.fast.simulate_fast` into a `Summary`) in a fresh process, so that the workers'
start, imports and kernel load count. Printed per run: wall time, CPU seconds of the
parent and of its workers, and the speed-up in wall time. Wall-time speed-ups mean
something only on an otherwise idle machine: the load average is printed beside them.

Not a timed test: it prints figures to compare in one run on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

RUN = """
import json, resource, sys, time
import spieltisch
from spieltisch.sim.batch import Summary, simulate
from spieltisch.sim.fast import simulate_fast
name, engine, games, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = spieltisch.load(name)
seats = ["random"] * game.num_players
start = time.perf_counter()
summary = Summary(game.num_players)
if engine == "fast":
    for chunk in simulate_fast(game, seats, games, 1, workers):
        summary.add_chunk(chunk)
else:
    for result in simulate(game, seats, games, 1, workers, None, records=False):
        summary.add(result)
wall = time.perf_counter() - start
own = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "parent": own.ru_utime + own.ru_stime,
                  "workers": kids.ru_utime + kids.ru_stime, "wins": summary.wins}))
"""


def run(game: str, engine: str, games: int, workers: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", RUN, game, engine, str(games), str(workers)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="madn")
    parser.add_argument("--python-games", type=int, default=2000)
    parser.add_argument("--kernel-games", type=int, default=400_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.game}, load average before: {os.getloadavg()[0]:.1f}")
    print(
        f"{'engine':7} {'games':>8} {'workers':>7} {'wall s':>8} {'parent CPU s':>12} "
        f"{'workers CPU s':>13} {'speed-up':>8}"
    )
    for engine, games in (("python", args.python_games), ("fast", args.kernel_games)):
        if games <= 0:
            continue
        alone = run(args.game, engine, games, 1)
        shared = run(args.game, engine, games, args.workers)
        if shared["wins"] != alone["wins"]:
            raise SystemExit("the runs differ: workers changed the result")
        for workers, figures in ((1, alone), (args.workers, shared)):
            speed_up = alone["wall"] / figures["wall"]
            print(
                f"{engine:7} {games:8} {workers:7} {figures['wall']:8.2f} "
                f"{figures['parent']:12.2f} {figures['workers']:13.2f} {speed_up:7.2f}×"
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
