"""Engine speed of this checkout against an earlier commit, side by side in one run.

    uv run python benchmarks/versions.py 4cd3885 [--rounds 5] [--seconds 1]
    uv run --extra fast python benchmarks/versions.py 4cd3885 --kernels

Checks the commit out into a temporary worktree and measures random playouts through
the public protocol (`benchmarks/playouts.py` of each version) in alternating short
subprocesses, so both versions see the same machine load; prints the best rate of each
version per game (the least disturbed measurement) and their ratio. A shared machine
makes single runs noisy: alternate, and read the best, not the mean. `--kernels`
measures each version's compiled kernels instead (`kernel_rate`, games per CPU second;
the first round compiles the earlier version's kernels, not counted).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

from benchmarks.checkout import HERE, earlier_tree

PLAYERS = {"mahe": 4, "madn": 4, "david_goliath": 4, "mabula": 2}

PROBE = """
import json, sys
from benchmarks.playouts import kernel_rate, measure, ours
seconds = float(sys.argv[1])
kernels = sys.argv[3] == "kernels"
rates = {}
for name, players in json.loads(sys.argv[2]).items():
    if kernels:
        rate = kernel_rate(name, players, seconds, 0)
    else:
        rate = measure(name, ours(name, players, 0), seconds)
    rates[name] = rate.games_per_second
print(json.dumps(rates))
"""


def measure_tree(tree: Path, seconds: float, kernels: bool = False) -> dict[str, float]:
    """Games per second per game, measured by the tree's own benchmark on its own engine
    (or on its own kernels)."""
    what = "kernels" if kernels else "engines"
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(seconds), json.dumps(PLAYERS), what],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
        env={"PYTHONPATH": f"{tree / 'src'}:{tree}", "PATH": "/usr/bin:/bin"},
    )
    rates: dict[str, float] = json.loads(result.stdout.splitlines()[-1])
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "commit",
        help="the earlier commit to compare with, or a folder with its src and benchmarks"
        " (git archive COMMIT src benchmarks | tar -x -C FOLDER)",
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="per game and round")
    parser.add_argument("--kernels", action="store_true", help="the compiled kernels")
    args = parser.parse_args()
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    given = Path(args.commit)
    earlier = nullcontext(given) if given.is_dir() else earlier_tree(args.commit)
    with earlier as before:
        for _ in range(args.rounds):
            for label, tree in (("before", before), ("after", HERE)):
                for name, rate in measure_tree(tree, args.seconds, args.kernels).items():
                    best[label][name] = max(rate, best[label].get(name, 0.0))
    what = "kernels, games per CPU second" if args.kernels else "games/s"
    print(f"random playouts, {what}, best of {args.rounds} alternating rounds")
    print(f"{'game':16} {'before':>12} {'this':>12} {'ratio':>8}  (before: {args.commit})")
    for name in PLAYERS:
        old, new = best["before"][name], best["after"][name]
        print(f"{name:16} {old:12.1f} {new:12.1f} {new / old:8.2f}")


if __name__ == "__main__":
    main()
