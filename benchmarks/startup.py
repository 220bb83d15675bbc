"""How long the command line takes to start, before and after, side by side in one run.

    uv run --extra fast python benchmarks/startup.py [--before b2ebb0d] [--runs 5] [--installed]

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

`--installed` (issue 46) measures the commands as the README installs and runs them, on a
machine that sets PYTHONDONTWRITEBYTECODE: each tree copied to a folder of its own, its
environment made by `uv sync` (no bytecode) and by `uv sync --compile-bytecode` (the
README's advice for such machines), each command run as `uv run spieltisch ...`.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
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
    ("games", ["games"]),
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


def installed(commit: str | None, compile_bytecode: bool) -> Path:
    """A copy of `commit`'s files (None: this checkout's, as they are) with the
    environment `uv sync` makes, with or without `--compile-bytecode`."""
    folder = Path(tempfile.mkdtemp(prefix="spieltisch-installed-"))
    if commit:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    else:
        listed = subprocess.run(
            [
                "git",
                "-C",
                str(ROOT),
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ],
            check=True,
            capture_output=True,
        ).stdout.decode()
        for name in filter(None, listed.split("\0")):
            if (ROOT / name).is_file():
                (folder / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, folder / name)
    flags = ["--compile-bytecode"] if compile_bytecode else ["--no-compile-bytecode"]
    subprocess.run(["uv", "sync", "-q", *flags], cwd=folder, env=no_bytecode(), check=True)
    return folder


def no_bytecode() -> dict[str, str]:
    """A machine that sets PYTHONDONTWRITEBYTECODE, outside any other environment."""
    variables = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    for name in ("VIRTUAL_ENV", "UV_PROJECT_ENVIRONMENT", "PYTHONPATH"):
        variables.pop(name, None)
    return variables


def timed_uv_run(folder: Path, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of `uv run spieltisch ARGS` in that copy (uv's own included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        ["uv", "run", "spieltisch", *args],
        cwd=folder,
        env=no_bytecode(),
        check=True,
        capture_output=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compare_installed(before: str, runs: int) -> None:
    """--version, --help and games as the README installs them, before and now."""
    print("| installed by | command | CPU before | CPU now | wall before | wall now |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for compile_bytecode in (False, True):
        how = "`uv sync --compile-bytecode`" if compile_bytecode else "`uv sync`"
        folders = {
            "before": installed(before, compile_bytecode),
            "now": installed(None, compile_bytecode),
        }
        for folder in folders.values():
            timed_uv_run(folder, ["--version"])  # uv builds the project once
        for title, command in COMMANDS[:3]:
            figures = {}
            for name, folder in folders.items():
                measured = [timed_uv_run(folder, command) for _ in range(runs)]
                figures[name] = (
                    statistics.median(c for _, c in measured),
                    statistics.median(w for w, _ in measured),
                )
            (cpu_b, wall_b), (cpu_n, wall_n) = figures["before"], figures["now"]
            print(
                f"| {how} | `uv run spieltisch {title}` | {cpu_b:.2f} s | **{cpu_n:.2f} s** "
                f"| {wall_b:.2f} s | {wall_n:.2f} s |",
                flush=True,
            )
        for folder in folders.values():
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", default="b2ebb0d", help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--installed", action="store_true", help="only the README's install, no bytecode written"
    )
    args = parser.parse_args()
    if args.installed:
        print(f"before {args.before}; median of {args.runs} runs; load {os.getloadavg()[0]:.1f}")
        compare_installed(args.before, args.runs)
        print(f"load after {os.getloadavg()[0]:.1f}")
        return
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
