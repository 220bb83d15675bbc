"""What is a seat worth? Each seat's (colour's) win share, mean place and mean tournament
points at every table size, all seats played by the same agent, chance from a seeded
generator, with 95% intervals (Wilson for shares, normal for means).

    nice -n 10 uv run python benchmarks/fairness.py                     # the docs' table
    nice -n 10 uv run python benchmarks/fairness.py --games 2000 --agents random
    nice -n 10 uv run python benchmarks/fairness.py --game mahe --sizes 3,4,5 --markdown

With equal players any difference between seats is the seat's own worth: seat 0 (red in
Mensch ärgere Dich nicht) starts. Tournament points use the default points per place of
`spieltisch.tournament` (a table's points spread evenly from the first's to the last's),
so the "points" column is what a seat is worth in the standings per game.
docs/tournaments.md has the figures and what the colour rotation makes of them.

Not a timed test: it prints figures (docs/tournaments.md).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from collections.abc import Sequence
from typing import Any

import spieltisch
from spieltisch.core.ranking import win_shares
from spieltisch.sim.batch import simulate
from spieltisch.sim.stats import mean_interval, wilson_interval
from spieltisch.tournament.points import DEFAULT_POINTS, place_points


def seat_names(game: spieltisch.Game[Any], size: int) -> list[str]:
    """The colour of each seat where the game has colours, else the seat number."""
    colour_name = getattr(game, "colour_name", None)
    if colour_name is None:
        return [f"seat {seat}" for seat in range(size)]
    return [str(colour_name(seat)) for seat in range(size)]


def measure(game_name: str, size: int, agent: str, games: int, seed: int) -> list[str]:
    """One block of Markdown rows: every seat of one table size with one agent."""
    game = spieltisch.load(game_name, players=size)
    points_table = DEFAULT_POINTS
    wins = [0.0] * size
    places: list[list[float]] = [[] for _ in range(size)]
    points: list[list[float]] = [[] for _ in range(size)]
    started = time.perf_counter()
    for result in simulate(game, [agent] * size, games, seed):
        table_points = place_points(result.ranking, points_table)
        for seat, share in enumerate(win_shares(result.ranking)):
            wins[seat] += share
            places[seat].append(float(result.ranking[seat]))
            points[seat].append(table_points[seat])
    elapsed = time.perf_counter() - started
    names = seat_names(game, size)
    rows = []
    for seat in range(size):
        low, high = wilson_interval(wins[seat], games)
        place = mean_interval(places[seat])
        point = mean_interval(points[seat])
        rows.append(
            f"| {size} | {agent} | {names[seat]} | {wins[seat] / games:.1%} "
            f"({low:.1%}–{high:.1%}) | {place.mean:.3f} ± {place.high - place.mean:.3f} "
            f"| {point.mean:.3f} ± {point.high - point.mean:.3f} | {games} |"
        )
    print(f"<!-- {size} players, {agent}: {games} games in {elapsed:.0f} s -->", flush=True)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="madn")
    parser.add_argument("--sizes", default="2,3,4", help="table sizes, comma-separated")
    parser.add_argument("--agents", default="random,medium,hard", help="agents, comma-separated")
    parser.add_argument("--games", type=int, default=20000, help="games per size and agent")
    parser.add_argument(
        "--slow-games", type=int, default=4000, help="games for the slower agents (hard)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--markdown", action="store_true", help="only the Markdown table")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    agents = [name.strip() for name in args.agents.split(",")]
    header = [
        "| players | agent | seat | win share (95% CI) | mean place | mean points | games |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: |",
    ]
    if not args.markdown:
        print(
            f"{args.game}, {datetime.date.today()}, Python {platform.python_version()}, "
            f"{platform.machine()}; points per place {list(DEFAULT_POINTS)}"
        )
    print("\n".join(header), flush=True)
    for size in sizes:
        for agent in agents:
            games = args.slow_games if agent in ("hard", "expert") else args.games
            print("\n".join(measure(args.game, size, agent, games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
