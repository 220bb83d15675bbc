"""Instructions per random playout (valgrind's callgrind), this checkout against an
earlier commit, side by side in one run.

    uv run python benchmarks/instructions.py c5f02b4 [--games 50] [--all]

Wall-clock rates on this shared machine swing by ±20% with the load; instruction counts
do not. Each version plays the same seeded random playouts through the public protocol
under callgrind, once with `--games` playouts and once with none; the difference,
divided by the number of games, is what one playout costs. By default Mensch ärgere
Dich nicht in its three rule sets (tournament, referee, OpenSpiel); `--all` adds the
other games. Needs `valgrind` on PATH. Not a timed test: it prints figures.

The probe is its own short loop, not `benchmarks/playouts.py`, because it must run
unchanged against an old commit whose benchmark may differ.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.checkout import HERE, earlier_tree

SETTINGS: dict[str, tuple[str, dict[str, object]]] = {
    "madn tournament": ("madn", {"players": 4}),
    "madn referee": ("madn", {"players": 4, "duties": "penalized"}),
    "madn openspiel": ("madn", {"players": 4, "rules": "openspiel"}),
}
OTHERS: dict[str, tuple[str, dict[str, object]]] = {
    "mahe": ("mahe", {"players": 4}),
    "david_goliath": ("david_goliath", {"players": 4}),
    "mabula": ("mabula", {"players": 2}),
}

PROBE = """
import json, random, sys
import spieltisch
name, options, games = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
game = spieltisch.load(name, **options)
rng = random.Random(7)
for _ in range(1 + games):  # one warm-up game in both runs: lazy tables, imports
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
"""

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(tree: Path, name: str, options: dict[str, object], games: int) -> int:
    """Instructions of one probe run under callgrind, the interpreter's start included."""
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out",
                sys.executable,
                "-c",
                PROBE,
                name,
                json.dumps(options),
                str(games),
            ],
            capture_output=True,
            text=True,
            check=True,
            cwd=tree,
            env={
                "PYTHONPATH": f"{tree / 'src'}",
                "PYTHONHASHSEED": "0",
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            },
        )
    found = COLLECTED.search(result.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from callgrind:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def per_playout(tree: Path, name: str, options: dict[str, object], games: int) -> float:
    return (instructions(tree, name, options, games) - instructions(tree, name, options, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("commit", help="the earlier commit to compare with")
    parser.add_argument("--games", type=int, default=50, help="playouts per measurement")
    parser.add_argument("--all", action="store_true", help="the other games too")
    args = parser.parse_args()
    settings = {**SETTINGS, **(OTHERS if args.all else {})}
    rows: list[tuple[str, float, float]] = []
    with earlier_tree(args.commit) as before:
        for tree in (before, HERE):  # compile first: no run pays for writing .pyc files
            subprocess.run(
                [sys.executable, "-m", "compileall", "-q", str(tree / "src")], check=True
            )
        for label, (name, options) in settings.items():
            old = per_playout(before, name, options, args.games)
            new = per_playout(HERE, name, options, args.games)
            rows.append((label, old, new))
    print(f"instructions per random playout (callgrind), {args.games} seeded games each")
    print(f"{'engine':18} {args.commit[:10]:>14} {'this':>14} {'change':>8}")
    for label, old, new in rows:
        print(f"{label:18} {old:14,.0f} {new:14,.0f} {(new / old - 1) * 100:+7.1f}%")


if __name__ == "__main__":
    main()
