"""How long `spieltisch review` takes for a whole game of each game, side by side.

    uv run python benchmarks/review.py [--workers 2] [--players 4] [--agents hard]

Each game (four players; Mabula two) is played by the given level with a fixed seed,
then reviewed for every seat with the review's defaults (the expert's search with its
own iteration budget). Prints the decisions judged, how many needed a second look
(MCTS compares the move played with the best one), forced moves, the wall time and
the time per decision, and the one-minute load average before and after each review
(the machine is shared: a figure means little without its load). Not a timed test:
figures to compare in one run on one machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.review import review_game
from spieltisch.sim.play import play_game

GAMES = (("mahe", 4), ("madn", 4), ("david_goliath", 4), ("mabula", 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="hard", help="the level that plays the games")
    parser.add_argument("--budget", default=None, help="the review's budget (default: its own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(name for name, _ in GAMES))
    args = parser.parse_args()
    budget = Budget.parse(args.budget) if args.budget else None
    wanted = args.games.split(",")
    print(f"python {platform.python_version()} on {platform.machine()}, workers {args.workers}")
    print(
        "| game | players | steps | decisions | compared | forced | seconds | s/decision "
        "| load before | load after |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, players in GAMES:
        if name not in wanted:
            continue
        count = min(players, args.players) if name != "mabula" else 2
        game = spieltisch.load(name, players=count)
        agents = [make(args.agents, game, seed=args.seed + seat) for seat in range(count)]
        record = play_game(game, agents, random.Random(args.seed)).to_record()
        load_before = os.getloadavg()[0]
        start = time.perf_counter()
        review = review_game(record, budget=budget, seed=args.seed, workers=args.workers)
        seconds = time.perf_counter() - start
        decisions = review.decisions()
        compared = sum(1 for step in decisions if step.analysis and step.analysis.compared)
        forced = sum(1 for step in review.steps if step.kind == "forced")
        per = seconds / max(1, len(decisions))
        print(
            f"| {name} | {count} | {len(review.steps)} | {len(decisions)} | {compared} "
            f"| {forced} | {seconds:.1f} | {per:.3f} | {load_before:.1f} "
            f"| {os.getloadavg()[0]:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
