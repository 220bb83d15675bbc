"""Instructions per random playout (valgrind's callgrind), this checkout against an
earlier commit, side by side in one run.

    uv run python benchmarks/instructions.py c5f02b4 [--games 50] [--all]

Wall-clock rates on this shared machine swing by ±20% with the load; instruction counts
do not. Each version plays the same seeded random playouts through the public protocol
under callgrind, in one process per version; callgrind dumps its counts at a marker
call before and after the playouts, so the interpreter's start is not counted. By
default Mensch ärgere Dich nicht in its three rule sets (tournament, referee,
OpenSpiel); `--all` adds the other games. Needs `valgrind` on PATH. Not a timed test:
it prints figures.

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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

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
import json, os, random, sys
import spieltisch
settings, games = json.loads(sys.argv[1]), int(sys.argv[2])

def play(game, rng, count):
    for _ in range(count):
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))

for name, options in settings:
    game = spieltisch.load(name, **options)
    play(game, random.Random(6), 1)  # warm-up: lazy tables, imports
    os.getppid()  # callgrind dumps its counts here: the playouts start
    play(game, random.Random(7), games)
    os.getppid()  # and here: they end
"""

TOTALS = re.compile(r"^(?:totals|summary):\s*(\d+)", re.MULTILINE)


def per_playout(
    tree: Path, settings: list[tuple[str, dict[str, object]]], games: int
) -> list[float]:
    """Instructions per playout of each setting, measured in one process under callgrind:
    a dump at each marker (`os.getppid`) splits the counts, so the interpreter's start,
    the imports and the warm-up games fall outside the playouts' part."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=getppid",
                f"--callgrind-out-file={folder}/out",
                sys.executable,
                "-c",
                PROBE,
                json.dumps(settings),
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
        counts = []
        for dump in sorted(Path(folder).glob("out.*"), key=lambda p: int(p.suffix[1:])):
            found = TOTALS.search(dump.read_text())
            counts.append(int(found.group(1)) if found else 0)
    # Dumps: before the first marker, then alternately a setting's playouts and what
    # lies between two settings (the next warm-up).
    playouts = counts[1::2][: len(settings)]
    if len(playouts) != len(settings):
        raise RuntimeError(f"callgrind wrote {len(counts)} dumps for {len(settings)} settings")
    return [count / games for count in playouts]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("commit", help="the earlier commit to compare with")
    parser.add_argument("--games", type=int, default=50, help="playouts per measurement")
    parser.add_argument("--all", action="store_true", help="the other games too")
    args = parser.parse_args()
    settings = {**SETTINGS, **(OTHERS if args.all else {})}
    with earlier_tree(args.commit) as before:
        for tree in (before, HERE):  # compile first: no run pays for writing .pyc files
            subprocess.run(
                [sys.executable, "-m", "compileall", "-q", str(tree / "src")], check=True
            )
        chosen = list(settings.values())
        olds = per_playout(before, chosen, args.games)
        news = per_playout(HERE, chosen, args.games)
        rows = list(zip(settings, olds, news, strict=True))
    print(f"instructions per random playout (callgrind), {args.games} seeded games each")
    print(f"{'engine':18} {args.commit[:10]:>14} {'this':>14} {'change':>8}")
    for label, old, new in rows:
        print(f"{label:18} {old:14,.0f} {new:14,.0f} {(new / old - 1) * 100:+7.1f}%")


if __name__ == "__main__":
    main()
