"""Does the review agree with the hint? Expert games reviewed at the expert's budget.

    uv run python benchmarks/review_agreement.py [--games 4] [--budget 1000] [--only mabula]

For each game, expert-against-expert games (the expert plays the hint's move every
time) are played with the given budget and reviewed, every seat, at that same budget.
Prints the verdicts, the share of decisions marked at most an inaccuracy (the goal of
issue 34: at least 95%), and for a game of two the largest error of the two players'
chances summing to one. The one-minute load average is printed (the machine may be
shared); figures go to benchmarks/results/review_agreement.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time

from spieltisch.agents import Budget
from spieltisch.review.agreement import agreement

GAMES = (("mahe", 4), ("madn", 4), ("david_goliath", 4), ("mabula", 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per game")
    parser.add_argument("--budget", default="1000", help="the experts' and the review's budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default=",".join(name for name, _ in GAMES))
    args = parser.parse_args()
    budget = Budget.parse(args.budget)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    print(f"commit {commit}, budget {args.budget}, seed {args.seed}, {args.games} games each")
    print(
        "| game | players | games | decisions | fine | inaccuracy | mistake | blunder "
        "| at most inaccuracy | sum error (2 players) | seconds | load |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, players in GAMES:
        if name not in args.only.split(","):
            continue
        start = time.perf_counter()
        result, _ = agreement(name, players, args.games, budget, args.seed, args.workers)
        seconds = time.perf_counter() - start
        v = result.verdicts
        error = "" if result.worst_sum_error is None else f"{result.worst_sum_error:.1e}"
        print(
            f"| {name} | {players} | {args.games} | {result.decisions} | {v['fine']} "
            f"| {v['inaccuracy']} | {v['mistake']} | {v['blunder']} | {result.agreeing:.1%} "
            f"| {error} | {seconds:.0f} | {os.getloadavg()[0]:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
