"""How long the command line takes to start, before and after, side by side in one run.

    uv run --extra fast python benchmarks/startup.py [--before b2ebb0d] [--runs 5]

Each command runs as a whole process (`python -c` running the `spieltisch` script's
`main`), once with this checkout's `src` and once with the code of `--before` (a git
worktree of that commit, made under the system's temporary folder if missing), with the
same Python and libraries. Printed per command: the median wall time and the median CPU
time (user + system) of the process, and `python -X importtime`'s figure for
`import spieltisch`. Every command is run once before it is timed, so its kernel is
compiled and cached and Python's bytecode written: the figures are those of a second run,
as a person sees them. CPU time means something on a loaded machine, wall time only on an
idle one: the load average is printed beside them. The default `--before` is the last
commit before the start-up work of issue 34.

The processes run without PYTHONDONTWRITEBYTECODE (which some containers set, and this
machine does), as on a person's machine. Where it is set and the installer wrote no
bytecode (uv does not unless asked: `uv sync --compile-bytecode`), every run compiles
the source of every module it imports: the last row shows that case for this checkout
(PYTHONDONTWRITEBYTECODE=1 with an empty PYTHONPYCACHEPREFIX, so no bytecode is found).
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
FAST = ["simulate", "madn", "--engine", "fast", "-n"]
COMMANDS = (
    ("--version", ["--version"]),
    ("--help", ["--help"]),
    ("simulate madn -n 1 --engine fast (the first game)", [*FAST, "1"]),
    ("simulate madn -n 1000 --engine fast", [*FAST, "1000"]),
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


def environment(source: Path, bytecode: bool = True) -> dict[str, str]:
    """The process's environment: this tree's code; bytecode read and written as usual,
    or (`bytecode=False`) none found, none written."""
    variables = {**os.environ, "PYTHONPATH": str(source / "src")}
    variables.pop("PYTHONDONTWRITEBYTECODE", None)
    if not bytecode:
        variables["PYTHONDONTWRITEBYTECODE"] = "1"
        variables["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="spieltisch-no-bytecode-")
    return variables


def timed(source: Path, args: list[str], bytecode: bool = True) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process running the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        env=environment(source, bytecode),
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
    lines = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import spieltisch"],
        env=environment(source),
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
    for tree in trees.values():  # the kernel compiled, the bytecode written: second runs
        for _title, command in COMMANDS:
            timed(tree, command)
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
    runs = [timed(ROOT, COMMANDS[-1][1], bytecode=False) for _ in range(args.runs)]
    print(
        f"| `{COMMANDS[-1][0]}`, now, no bytecode (PYTHONDONTWRITEBYTECODE=1, none installed) "
        f"| | {statistics.median(w for w, _ in runs):.2f} s "
        f"| | {statistics.median(c for _, c in runs):.2f} s | |",
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
