"""How long the command line takes to start, before and after, side by side in one run.

    uv run --extra fast python benchmarks/startup.py [--before b2ebb0d] [--runs 5]

Each command runs as a whole process (`python -c` running the `spieltisch` script's
`main`), once with this checkout's `src` and once with the code of `--before` (a git
worktree of that commit, made under the system's temporary folder if missing), with the
same Python and libraries. Printed per command: the median wall time and the median CPU
time (user + system) of the process, and `python -X importtime`'s figure for
`import spieltisch`. The kernel command is run once before it is timed, so its kernel is
compiled and cached: the figures are those of a second run. CPU time means something on
a loaded machine, wall time only on an idle one: the load average is printed beside them.
The default `--before` is the last commit before the start-up work of issue 34.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = "import sys; from spieltisch.cli.app import main; sys.argv[0] = 'spieltisch'; main()"
COMMANDS = (
    ("--version", ["--version"]),
    ("--help", ["--help"]),
    ("simulate madn -n 1000 --engine fast", ["simulate", "madn", "-n", "1000", "--engine", "fast"]),
)


def checkout(commit: str) -> Path:
    """A worktree of `commit` (made once, then reused)."""
    folder = Path(tempfile.gettempdir()) / f"spieltisch-before-{commit}"
    if not folder.is_dir():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
            check=True,
            capture_output=True,
        )
    return folder


def timed(source: Path, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process running the command."""
    environment = {**os.environ, "PYTHONPATH": str(source / "src")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        env=environment,
        check=True,
        capture_output=True,
        cwd=tempfile.gettempdir(),
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def import_time(source: Path) -> float:
    """`python -X importtime -c 'import spieltisch'`: the package's cumulative seconds."""
    environment = {**os.environ, "PYTHONPATH": str(source / "src")}
    lines = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import spieltisch"],
        env=environment,
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    ).stderr.splitlines()
    mine = [line for line in lines if line.rstrip().endswith("| spieltisch")]
    return int(mine[-1].split("|")[1]) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", default="b2ebb0d", help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    trees = {"before": checkout(args.before), "now": ROOT}
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(
        f"before {args.before}, now {commit}; median of {args.runs} runs; load before "
        f"{os.getloadavg()[0]:.1f}"
    )
    for tree in trees.values():  # compile and cache the kernel: the runs are second runs
        timed(tree, COMMANDS[-1][1])
    print("| command | wall before | wall now | CPU before | CPU now | CPU before/now |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for title, command in COMMANDS:
        figures = {}
        for name, tree in trees.items():
            runs = [timed(tree, command) for _ in range(args.runs)]
            figures[name] = (
                statistics.median(w for w, _ in runs),
                statistics.median(c for _, c in runs),
            )
        (wall_before, cpu_before), (wall_now, cpu_now) = figures["before"], figures["now"]
        print(
            f"| `{title}` | {wall_before:.2f} s | {wall_now:.2f} s | {cpu_before:.2f} s "
            f"| {cpu_now:.2f} s | {cpu_before / cpu_now:.1f}× |",
            flush=True,
        )
    imports = {
        name: statistics.median(import_time(tree) for _ in range(args.runs))
        for name, tree in trees.items()
    }
    print(
        f"| `python -X importtime -c 'import spieltisch'` | {imports['before']:.3f} s "
        f"| {imports['now']:.3f} s | | | {imports['before'] / imports['now']:.1f}× |"
    )
    print(f"load after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
