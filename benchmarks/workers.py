"""Speed-up of `simulate --workers N` over one process, for the Python engine and the
compiled kernel, in one run:

    uv run python benchmarks/workers.py [--game madn] [--python-games 2000]
        [--kernel-games 400000] [--workers 2]

Each run goes through what `spieltisch simulate` does (`sim.simulate` or
`sim.fast.simulate_fast` into a `Summary`) in a fresh process, so that the workers'
start, imports and kernel load count. Printed per run: wall time, CPU seconds of the
parent and of its workers, and the speed-up in wall time. Wall-time speed-ups mean
something only on an otherwise idle machine: the load average is printed beside them.

Where the time goes, in CPU seconds (which the other processes of a loaded machine do not
change much): the parent's before its first result (imports, loading the kernel before
the workers fork), each worker's own, and the megabytes of results sent back. From them,
"bound": the speed-up if the parent and each worker had a core of their own,
CPU alone / (parent's CPU before its first result + the busiest worker's CPU); for
threads of the process, the parent's CPU before the first chunk began. On an
idle machine the wall-time speed-up comes close to it; on a loaded one only the bound
says whether the work divides.

`--cluster local:2` runs the same with Dask: for the kernel, which lets go of the GIL, on
Dask's threaded scheduler (two threads of the process, no cluster); for the Python engine
on a Dask LocalCluster of processes started for the run.

Not a timed test: it prints figures to compare in one run on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any

RUN = """
import json, os, resource, sys, threading, time
import spieltisch
import spieltisch.sim.batch as batch
import spieltisch.sim.fast as fast
from spieltisch.sim.batch import Summary, simulate
from spieltisch.sim.fast import simulate_fast
name, engine, games, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cluster = sys.argv[5] or None
play_chunk = fast.run_chunk if engine == "fast" else batch._play_range

began = []

def measured(*arguments):
    # the chunk, and who played it with how much CPU so far (a worker's clock starts at
    # 0): a worker process's clock, or a worker thread's (a Dask local:N of the kernel);
    # a thread of this process notes the process's CPU when the first chunk began
    if threading.current_thread() is not threading.main_thread() and not began:
        began.append(time.process_time())
    result = play_chunk(*arguments)
    if threading.current_thread() is threading.main_thread():
        return result, os.getpid(), time.process_time()
    return result, f"{os.getpid()}/{threading.current_thread().name}", time.thread_time()

def size(result):
    if engine != "fast":
        return 0
    return sum(a.nbytes for a in (result.scores, result.ranks, result.lengths, result.stats))

fast.run_chunk = batch._play_range = measured
start = time.perf_counter()
summary = Summary(game_players := spieltisch.load(name).num_players)
game = spieltisch.load(name)
seats = ["random"] * game.num_players
cpu_of, sent, first = {}, 0, None
runs = (simulate_fast(game, seats, games, 1, workers, cluster=cluster) if engine == "fast"
        else batch.run_in_order(measured, [
            (game.name, game.options.to_json(), tuple(seats), 1, s, c, None, False)
            for s, c in batch.guided_chunks(games, workers, largest=250, smallest=2)
        ], workers, cluster))
def threads_cpu():
    # the CPU of this process's worker threads, which its own clock counts too
    return sum(c for p, c in cpu_of.items() if str(p).startswith(f"{os.getpid()}/"))

for result, pid, cpu in runs:
    cpu_of[pid] = max(cpu, cpu_of.get(pid, 0.0))
    if first is None:
        # threads: the parent's CPU before they began (its own is not told apart after)
        first = began[0] if began else time.process_time() - threads_cpu()
    sent += size(result)
    if engine == "fast":
        summary.add_chunk(result)
    else:
        for one in result:
            summary.add(one)
wall = time.perf_counter() - start
own = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
me = os.getpid()
print(json.dumps({"wall": wall, "parent": own.ru_utime + own.ru_stime - threads_cpu(),
                  "workers": kids.ru_utime + kids.ru_stime, "wins": summary.wins,
                  "first": first or 0.0, "each": sorted(c for p, c in cpu_of.items() if p != me),
                  "alone": cpu_of.get(me, 0.0), "mb": sent / 1e6,
                  "load": os.getloadavg()[0]}))
"""


def run(game: str, engine: str, games: int, workers: int, cluster: str = "") -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", RUN, game, engine, str(games), str(workers), cluster],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="madn")
    parser.add_argument("--python-games", type=int, default=2000)
    parser.add_argument("--kernel-games", type=int, default=400_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cluster", default="", help="also a Dask cluster, e.g. local:2")
    args = parser.parse_args()
    print(f"{args.game}, load average before: {os.getloadavg()[0]:.1f}")
    print(
        "| engine | games | run | wall s | load | parent CPU s (before 1st result) "
        "| each worker CPU s | results MB | speed-up (wall) | bound |"
    )
    print("| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for engine, games in (("python", args.python_games), ("fast", args.kernel_games)):
        if games <= 0:
            continue
        alone = run(args.game, engine, games, 1)
        runs = [(f"{args.workers} workers", run(args.game, engine, games, args.workers))]
        if args.cluster:
            runs.append(
                (f"--cluster {args.cluster}", run(args.game, engine, games, 1, args.cluster))
            )
        for _title, figures in runs:
            if figures["wins"] != alone["wins"]:
                raise SystemExit("the runs differ: workers changed the result")
        cpu_alone = alone["parent"]
        for title, figures in [("1 process", alone), *runs]:
            each = figures["each"]
            busiest = max(each, default=0.0)
            bound = cpu_alone / (figures["first"] + busiest) if each else 1.0
            workers = " + ".join(f"{cpu:.2f}" for cpu in each) or "–"
            print(
                f"| {engine} | {games:,} | {title} | {figures['wall']:.2f} | {figures['load']:.1f} "
                f"| {figures['parent']:.2f} ({figures['first']:.2f}) | {workers} "
                f"| {figures['mb']:.0f} | {alone['wall'] / figures['wall']:.2f}× | {bound:.2f}× |",
                flush=True,
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
