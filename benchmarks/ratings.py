"""The ratings projection: what entering, correcting and taking out one game costs in a
book of many, side by side with an earlier commit's projection in one process.

The earlier `tournament/projection.py` is read from git (`--before`) and loaded next to
the current one; both rate the same games. Figures are CPU time (`time.process_time`,
robust on a busy machine), medians over `--repeats` changes, plus the games each change
rated and the memory the projection holds (tracemalloc).

    uv run python benchmarks/ratings.py --before 1c8c2ed --games 2000
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import math
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spieltisch.tournament import projection as now_module
from spieltisch.tournament.ratings import RatedGame

HERE = Path(__file__).resolve().parents[1]
START = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
GAMES = ["madn", "mabula", "mahe", "david_goliath"]
PROJECTION = "src/spieltisch/tournament/projection.py"


def _earlier(commit: str) -> ModuleType:
    """The projection module as it was at `commit`."""
    source = subprocess.run(
        ["git", "-C", str(HERE), "show", f"{commit}:{PROJECTION}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    spec = importlib.util.spec_from_loader("projection_before", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"{commit}:{PROJECTION}", "exec"), module.__dict__)
    return module


def _games(count: int, players: int, seed: int) -> list[RatedGame]:
    """A club's evenings: tables of two to four, a shared place now and then."""
    draw = random.Random(seed)
    people = [f"account:{n}" for n in range(1, players + 1)]
    games = []
    for n in range(count):
        size = draw.choice([2, 3, 4, 4])
        places = list(range(1, size + 1))
        draw.shuffle(places)
        if draw.random() < 0.1:
            places = [min(place, size - 1) for place in places]
        at = START + dt.timedelta(minutes=30 * n)
        seated = tuple(draw.sample(people, size))
        games.append(RatedGame(draw.choice(GAMES), f"table:{n}", at, seated, tuple(places)))
    return games


def _ignore(_game: RatedGame, _error: Exception) -> None:
    pass


def _cpu(projection: Any, games: list[RatedGame], removed: tuple[str, ...] = ()) -> float:
    """The CPU milliseconds of one update of the projection."""
    start = time.process_time()
    projection.update(games, removed)
    return (time.process_time() - start) * 1000


def _flipped(game: RatedGame) -> RatedGame:
    """The same game with its result read backwards: a correction."""
    return RatedGame(game.game, game.key, game.at, game.players, game.places[::-1])


def _measure(make: Callable[[], Any], games: list[RatedGame], repeats: int) -> dict[str, Any]:
    tracemalloc.start()
    projection = make()
    for game in games:
        projection.update([game])
    held = tracemalloc.get_traced_memory()[0] / 1024
    tracemalloc.stop()  # it slows every allocation: the times are taken without it
    projection = make()
    built = math.fsum(_cpu(projection, [game]) for game in games)
    figures: dict[str, Any] = {"build": built / len(games), "KB": held}
    cases = {
        "last": [games[-1 - n % 3] for n in range(repeats)],
        "middle": [games[len(games) // 2 + n] for n in range(repeats)],
    }
    for name, picked in cases.items():
        times = []
        for game in picked:
            times.append(_cpu(projection, [_flipped(game)]))
            projection.update([game])  # as it was
        figures[name] = statistics.median(times)
    late = []
    for n in range(repeats):
        early = games[len(games) - 5]
        game = RatedGame(early.game, f"late:{n}", early.at, early.players, early.places)
        late.append(_cpu(projection, [game]))
        projection.update([], removed=[game.key])
    figures["late"] = statistics.median(late)
    if hasattr(projection, "rated"):  # the count of games a correction of the last rates
        rated = projection.rated
        projection.update([_flipped(games[-1])])
        figures["rated"] = projection.rated - rated
    else:
        figures["rated"] = len(games)  # the earlier projection rated every game again
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="1c8c2ed", help="commit to compare with")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--every", default="8,128", help="other checkpoint spans to show beside the default"
    )
    args = parser.parse_args()
    games = _games(args.games, args.players, args.seed)
    before = _earlier(args.before)
    versions: dict[str, Callable[[], Any]] = {
        f"before {args.before}": partial(before.RatingProjection, _ignore),
        f"now (K={now_module.CHECKPOINT_EVERY})": partial(now_module.RatingProjection, _ignore),
    }
    for every in map(int, args.every.split(",") if args.every else []):
        versions[f"now K={every}"] = partial(now_module.RatingProjection, _ignore, every=every)
    print(
        f"load {os.getloadavg()[0]:.1f}; {args.games} games of {args.players} players; "
        f"ms CPU, medians of {args.repeats}"
    )
    print(
        f"{'':16} {'enter/game':>10} {'fix last':>9} {'fix middle':>11} {'late game':>10} "
        f"{'rated by fix last':>18} {'KB held':>8}"
    )
    for name, make in versions.items():
        row = _measure(make, games, args.repeats)
        print(
            f"{name:16} {row['build']:10.3f} {row['last']:9.2f} {row['middle']:11.2f} "
            f"{row['late']:10.2f} {row['rated']:18d} {row['KB']:8.0f}"
        )


if __name__ == "__main__":
    main()
