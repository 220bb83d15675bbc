"""Do the AI levels stand in order when they play at one table? Plays mixed tables (every
seat a different level, seats drawn at random, as `tournament levels` rates them) and
prints, for each pair of levels, how often the stronger finished above the weaker (a
shared place counts half) with a 95% Wilson interval, beside the OpenSkill ratings of
the same games.

    nice -n 15 uv run python benchmarks/level_ladder.py mahe --games 20000 --workers 2
    nice -n 15 uv run python benchmarks/level_ladder.py david_goliath --games 400
    nice -n 15 uv run python benchmarks/level_ladder.py david_goliath --games 400 \\
        --levels random,easy,greedy,medium

A level name may carry its own budget in iterations: `ismcts:20`. A pair is in order when
the interval of "upper above lower" lies above 50%. Not a timed test: it prints figures
(docs/strength.md, "The levels at one table").

The games are those of `spieltisch tournament levels GAME --games N --seed S` (the same
seats and seeds), so with the reference levels the ratings printed are the ones that
command keeps; `--write` keeps them from this run (over several workers) instead of
playing the games again:

    nice -n 15 uv run python benchmarks/level_ladder.py david_goliath --games 300 \\
        --seed 2026 --write
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import resource
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from spieltisch.agents import Budget, make
from spieltisch.core import load
from spieltisch.core.ranking import win_shares
from spieltisch.sim.play import game_seed, play_game
from spieltisch.sim.stats import wilson_interval
from spieltisch.tournament.levels import level_game, seatings
from spieltisch.tournament.ratings import Rating, RatingBook, openskill
from spieltisch.tournament.reference import REFERENCE_LEVELS, entry, store, table_size

Result = tuple[tuple[str, ...], tuple[int, ...]]
"""The levels in seat order and their places."""


def _agent_spec(spec: str) -> tuple[str, Budget | None]:
    name, _, iterations = spec.partition(":")
    return name, Budget(iterations=int(iterations)) if iterations else None


def _play_range(
    game_name: str, players: int, seats_of: Sequence[list[str]], seed: int, start: int
) -> list[Result]:
    game = load(game_name, players=players)
    results: list[Result] = []
    for index, seats in enumerate(seats_of, start=start):
        own_seed = game_seed(seed, index)
        agents = []
        for seat, spec in enumerate(seats):
            name, budget = _agent_spec(spec)
            agents.append(make(name, game, seed=own_seed + seat, budget=budget))
        state = play_game(game, agents, random.Random(own_seed))
        results.append((tuple(seats), tuple(state.ranking())))
    return results


def run(
    game_name: str, levels: Sequence[str], games: int, seed: int, workers: int
) -> tuple[list[Result], int]:
    players = min(table_size(game_name), len(levels))
    seats = seatings(levels, players, games, seed)
    chunk = max(1, games // (workers * 8))
    ranges = [(start, seats[start : start + chunk]) for start in range(0, games, chunk)]
    if workers == 1:
        parts = [_play_range(game_name, players, part, seed, a) for a, part in ranges]
    else:
        with ProcessPoolExecutor(workers) as pool:
            futures = [
                pool.submit(_play_range, game_name, players, part, seed, a) for a, part in ranges
            ]
            parts = [future.result() for future in futures]
    return [result for part in parts for result in part], players


def rate(game_name: str, seed: int, results: list[Result]) -> RatingBook:
    """The ratings `spieltisch tournament levels` gives the same games."""
    book = RatingBook()
    for index, (seats, places) in enumerate(results):
        book.rate(level_game(game_name, seed, index, seats, places))
    return book


def shared_place_effect(game_name: str, levels: Sequence[str], results: list[Result]) -> None:
    """The same games rated as OpenSkill 6.2.0 rates shared places, beside the ratings
    above (the mean of the strict orders): how much the treatment of ties moves them."""
    ratings = {level: Rating() for level in levels}
    for seats, places in results:
        after = openskill([ratings[level] for level in seats], places)
        ratings.update(zip(seats, after, strict=True))
    shared = sum(1 for _seats, places in results if len(set(places)) < len(places))
    print()
    print(f"{game_name}: {shared} of {len(results)} games with a shared place")
    print("| level | mu, shared places as OpenSkill 6.2.0 rates them | sigma |")
    print("|---|---:|---:|")
    for level, rating in sorted(ratings.items(), key=lambda item: -item[1].mu):
        print(f"| {level} | {rating.mu:.1f} | {rating.sigma:.2f} |")


def report(game_name: str, levels: Sequence[str], results: list[Result], book: RatingBook) -> None:
    print("| level | mu | sigma | wins | 95% CI | mean place |")
    print("|---|---:|---:|---:|---|---:|")
    for row in book.leaderboard(game_name):
        name = row.player.removeprefix("level:")
        played = [(seats, places) for seats, places in results if name in seats]
        wins = sum(win_shares(places)[seats.index(name)] for seats, places in played)
        lo, hi = wilson_interval(wins, len(played))
        place = sum(places[seats.index(name)] for seats, places in played) / len(played)
        print(
            f"| {name} | {row.rating.mu:.1f} | {row.rating.sigma:.2f} "
            f"| {wins / len(played):.1%} | {lo:.1%}–{hi:.1%} | {place:.2f} |"
        )
    print()
    print("| upper vs lower | tables | upper above | 95% CI | in order |")
    print("|---|---:|---:|---|---|")
    for lower, upper in itertools.combinations(levels, 2):
        met = 0
        above = 0.0
        for seats, places in results:
            if upper in seats and lower in seats:
                met += 1
                up, low = places[seats.index(upper)], places[seats.index(lower)]
                above += 1.0 if up < low else 0.5 if up == low else 0.0
        lo, hi = wilson_interval(above, met)
        share = above / met if met else float("nan")
        verdict = "yes" if lo > 0.5 else "NO" if hi < 0.5 else "not sure"
        print(f"| {upper} vs {lower} | {met} | {share:.1%} | {lo:.1%}–{hi:.1%} | {verdict} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--levels", default=",".join(REFERENCE_LEVELS))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--write", action="store_true", help="keep the reference levels' ratings (the package data)"
    )
    args = parser.parse_args()
    levels = args.levels.split(",")
    if args.write and tuple(levels) != REFERENCE_LEVELS:
        parser.error(f"--write rates the reference levels {','.join(REFERENCE_LEVELS)} only")
    load = os.getloadavg()[0]
    started = time.perf_counter()
    results, players = run(args.game, levels, args.games, args.seed, args.workers)
    wall = time.perf_counter() - started
    cpu = sum(
        usage.ru_utime + usage.ru_stime
        for usage in map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    )
    print(
        f"{args.game}: {len(results)} games at tables of {players}, levels "
        f"{', '.join(levels)}, seed {args.seed}, {args.workers} worker(s), {wall:.0f} s, "
        f"{cpu:.0f} s of CPU, load average {load:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end"
    )
    book = rate(args.game, args.seed, results)
    report(args.game, levels, results, book)
    shared_place_effect(args.game, levels, results)
    if args.write:
        store(args.game, entry(args.game, book, len(results), players, args.seed))
        print(f"kept as the reference ratings of {args.game}")


if __name__ == "__main__":
    main()
