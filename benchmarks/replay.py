"""`spieltisch replay --all`: every position of long records, replayed from the start for
each position (how replay worked before) side by side with stepping forward (how it works
now), and the whole command with its boards.

    uv run python benchmarks/replay.py [--games 20]

Not a timed test: it prints figures to compare in one run on one machine.
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console

import spieltisch
from spieltisch.cli import app as cli_app
from spieltisch.core import State
from spieltisch.sim.play import play_randomly

CASES: list[tuple[str, dict[str, Any]]] = [
    ("madn", {"players": 4}),
    ("madn", {"players": 4, "duties": "penalized"}),
    ("david_goliath", {"players": 6}),
    ("david_goliath", {"players": 6, "deals": 24}),
    ("mahe", {"players": 7}),
]


def longest_game(game: str, options: dict[str, Any], tries: int) -> State:
    """The longest of `tries` random games: a long record, as people keep them."""
    longest: State | None = None
    for seed in range(tries):
        state = spieltisch.load(game, **options).new_state()
        rng = random.Random(seed)
        play_randomly(state, rng)
        if longest is None or len(state.history()) > len(longest.history()):
            longest = state
    assert longest is not None
    return longest


def from_the_start(final: State) -> int:
    """Every position rebuilt from the start, as replay did before: quadratic."""
    history = final.history()
    for position in range(len(history) + 1):
        final.game.replay(history[:position])
    return len(history) + 1


def stepping(final: State) -> int:
    """Every position by one step from the one before: linear."""
    state = final.game.new_state()
    for move in final.history():
        state.apply(move)
    return len(final.history()) + 1


def command(final: State) -> float:
    """Seconds of the whole `spieltisch replay --all`, boards included, output discarded."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_text(json.dumps(final.to_record()), encoding="utf-8")
        saved = cli_app.console
        cli_app.console = Console(file=io.StringIO(), width=100)
        try:
            start = time.perf_counter()
            cli_app.replay(path, step=False, lang="en")
            return time.perf_counter() - start
        finally:
            cli_app.console = saved


def timed(function: Any, final: State) -> float:
    start = time.perf_counter()
    function(final)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games to pick from")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    header = f"{'record':40} {'entries':>8} {'from start':>11} {'stepping':>9} {'command':>8}"
    print(header)
    print("-" * len(header))
    for game, options in CASES:
        final = longest_game(game, options, args.games)
        label = game + " " + ",".join(f"{k}={v}" for k, v in options.items())
        before = timed(from_the_start, final)
        after = timed(stepping, final)
        whole = command(final)
        print(f"{label:40} {len(final.history()):8d} {before:10.2f}s {after:8.3f}s {whole:7.2f}s")


if __name__ == "__main__":
    main()
