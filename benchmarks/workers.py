"""Speed-up of `simulate --workers N` over one process, for the Python engine and the
compiled kernel, in one run:

    uv run python benchmarks/workers.py [--game madn] [--python-games 2000]
        [--kernel-games 400000] [--workers 2] [--cluster local:2] [--ceiling]

Each run goes through what `spieltisch simulate` does (`sim.simulate` or
`sim.fast.simulate_fast` into a `Summary`) in a fresh process, so that the workers'
start, imports and kernel load count. Printed per run: wall time, CPU seconds of the
parent and of its workers, and the speed-up in wall time. Wall-time speed-ups mean
something only on an otherwise idle machine: the load average is printed beside them.

Where the time goes, in CPU seconds (which the other processes of a loaded machine do not
change much): this process's before its first chunk began (imports, loading the kernel
before the workers fork: the start, which workers do not divide), then what each player
spent after it: this process (since issue 46 it plays a share of the chunks itself, and
it merges the results) and each worker process or thread (the CPU of its chunks). From
them, "bound": the speed-up if each had a core of its own, CPU alone / (the start + the
busiest share). On an idle machine the wall-time speed-up comes close to it; on a loaded
one only the bound says whether the work divides. "steal s": what the hypervisor gave
to other machines during the run (/proc/stat). `--ceiling` first measures what any two
processes get on this machine (a pure-Python loop alone, then two at once).
`benchmarks/worker_phases.py` prints the timeline of one run (when each phase ended,
when each worker began and ended).

`--cluster local:2` runs the same with Dask: for the kernel, which lets go of the GIL, in
two threads of the process (this one and one on Dask's threaded scheduler, no cluster);
for the Python engine on a Dask LocalCluster of processes started for the run.

Not a timed test: it prints figures to compare in one run on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
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

PARENT = os.getpid()
began = []

def measured(*arguments):
    # the chunk, who played it (a process, or a thread of this one: `local:N` of the
    # kernels) and the CPU its thread spent on it; the first chunk to begin in this
    # process notes the process's CPU so far (its start, not divided among workers)
    if os.getpid() == PARENT and not began:
        began.append(time.process_time())
    started = time.thread_time()
    result = play_chunk(*arguments)
    spent = time.thread_time() - started
    if threading.current_thread() is threading.main_thread():
        return result, os.getpid(), spent
    return result, f"{os.getpid()}/{threading.current_thread().name}", spent

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

for result, who, cpu in runs:
    cpu_of[who] = cpu_of.get(who, 0.0) + cpu
    if first is None:
        # this process's CPU before the first chunk began here (or, when it plays none,
        # before its first result): the start that workers do not divide
        first = began[0] if began else time.process_time()
    sent += size(result)
    if engine == "fast":
        summary.add_chunk(result)
    else:
        for one in result:
            summary.add(one)
wall = time.perf_counter() - start
own = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
parent = own.ru_utime + own.ru_stime
threads = sum(c for p, c in cpu_of.items() if str(p).startswith(f"{PARENT}/"))
# after its start, this process plays its share (if it does) and merges the results
here = parent - (first or 0.0) - threads
print(json.dumps({"wall": wall, "parent": parent, "workers": kids.ru_utime + kids.ru_stime,
                  "wins": summary.wins, "first": first or 0.0, "here": here,
                  "played_here": cpu_of.get(PARENT, 0.0),
                  "each": sorted((c for p, c in cpu_of.items() if p != PARENT), reverse=True),
                  "mb": sent / 1e6, "load": os.getloadavg()[0]}))
"""


def bytecode() -> str:
    """Whether numba's compiled bytecode is there to load: without it (an environment
    installed without `--compile-bytecode` where PYTHONDONTWRITEBYTECODE is set) every
    run compiles numba's sources again, about 1.7 s of CPU before the first game that
    no worker divides (benchmarks/results/workers.md, 2026-12-07 06:25–07:05)."""
    import importlib.util

    spec = importlib.util.find_spec("numba")
    if spec is None or spec.cached is None:
        return "numba not installed"
    there = os.path.exists(spec.cached)
    return "numba's bytecode " + ("compiled" if there else "NOT compiled: each run compiles it")


def stolen() -> float:
    """Seconds the hypervisor has given this machine's virtual CPUs to others (the
    `steal` column of /proc/stat, all CPUs); 0 where there is none."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def run(game: str, engine: str, games: int, workers: int, cluster: str = "") -> dict[str, Any]:
    steal = stolen()
    out = subprocess.run(
        [sys.executable, "-c", RUN, game, engine, str(games), str(workers), cluster],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    result["steal"] = stolen() - steal
    return result


LOOP = "n = 0\nfor i in range(40_000_000): n += i & 7"
"""A pure-Python loop, for the machine's own ceiling (`--ceiling`)."""


def ceiling() -> None:
    """The speed-up any two CPU-bound processes get here: one loop alone, then two at
    once. On a machine whose two virtual CPUs share a physical core or a power budget,
    each of the two runs slower than one alone, and no program gets 2× there."""

    def loop() -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-c", LOOP])

    def timed(count: int) -> list[float]:
        started = time.perf_counter()
        loops = [loop() for _ in range(count)]
        ends = []
        for each in loops:
            each.wait()
            ends.append(time.perf_counter() - started)
        return ends

    alone = timed(1)[0]
    both = timed(2)
    print(
        f"ceiling: one Python loop alone {alone:.2f} s, two at once {both[0]:.2f} s and "
        f"{both[1]:.2f} s: two processes get at most {2 * alone / max(both):.2f}× here "
        f"(load {os.getloadavg()[0]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="madn")
    parser.add_argument("--python-games", type=int, default=2000)
    parser.add_argument("--kernel-games", type=int, default=400_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cluster", default="", help="also a Dask cluster, e.g. local:2")
    parser.add_argument(
        "--ceiling", action="store_true", help="first, what two processes get on this machine"
    )
    args = parser.parse_args()
    if args.ceiling:
        ceiling()
    print(f"{args.game}, load average before: {os.getloadavg()[0]:.1f}; {bytecode()}")
    print(
        "| engine | games | run | wall s | load | steal s | parent CPU s (before 1st chunk) "
        "| CPU s after the start: this process + each worker | speed-up (wall) | bound |"
    )
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
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
        for title, figures in [("1 process", alone), *runs]:
            each = figures["each"]
            busiest = max([figures["here"], *each])
            bound = alone["parent"] / (figures["first"] + busiest) if each else 1.0
            shares = " + ".join(f"{cpu:.2f}" for cpu in [figures["here"], *each])
            print(
                f"| {engine} | {games:,} | {title} | {figures['wall']:.2f} | {figures['load']:.1f} "
                f"| {figures['steal']:.2f} | {figures['parent']:.2f} ({figures['first']:.2f}) "
                f"| {shares} "
                f"| {alone['wall'] / figures['wall']:.2f}× | {bound:.2f}× |",
                flush=True,
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
