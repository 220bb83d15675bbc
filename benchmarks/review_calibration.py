"""Is the review's win chance honest? Its estimates against the outcomes of simulated games.

    uv run python benchmarks/review_calibration.py [--plot docs/review-calibration.png]

For each game, games are played by the given levels with fixed seeds; at a few decisions
of each game (chosen at random, forced moves left out) the review's estimate for the
player to move (the win chance of its best move, as `spieltisch review` computes it with
its defaults) is set against what that player actually won (its share of the win). The
estimates are grouped in tenths: in a calibrated estimate the players given 30% win
about 30% of the time. Prints a table per game and the Brier score next to that of the
base rate (1/players), and draws the reliability plot with matplotlib (extra `plots`).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.core.ranking import win_shares
from spieltisch.review.decision import rate_decision
from spieltisch.sim.play import game_seed, play_game


@dataclass(frozen=True)
class Plan:
    game: str
    players: int
    games: int
    agents: str
    samples: int


PLANS = (
    Plan("mahe", 4, 150, "expert", 6),
    Plan("madn", 4, 100, "expert", 6),
    Plan("mabula", 2, 60, "hard", 6),
    Plan("david_goliath", 4, 24, "medium", 8),
)


def pairs_of_game(plan: Plan, index: int, seed: int) -> list[tuple[float, float]]:
    """(estimate, outcome) at `plan.samples` random decisions of one simulated game."""
    own = game_seed(seed, index)
    game = spieltisch.load(plan.game, players=plan.players)
    agents = [make(plan.agents, game, seed=own + seat) for seat in range(plan.players)]
    final = play_game(game, agents, random.Random(own))
    shares = win_shares(final.ranking())
    state = game.new_state()
    decisions = []
    for position, move in enumerate(final.history()):
        if state.current_player >= 0 and len(state.legal_actions()) > 1:
            decisions.append((position, state.clone(), move))
        state.apply(move)
    rng = random.Random(own)
    chosen = rng.sample(decisions, min(plan.samples, len(decisions)))
    pairs = []
    for position, before, move in chosen:
        rated = rate_decision(before, move, "expert", Budget(), game_seed(own, position))
        pairs.append((rated.best_chance, shares[before.current_player]))
    return pairs


@dataclass(frozen=True)
class Bin:
    low: float
    count: int
    predicted: float
    observed: float


def reliability(pairs: Sequence[tuple[float, float]], bins: int = 10) -> list[Bin]:
    grouped: list[list[tuple[float, float]]] = [[] for _ in range(bins)]
    for estimate, outcome in pairs:
        grouped[min(bins - 1, int(estimate * bins))].append((estimate, outcome))
    return [
        Bin(
            index / bins,
            len(group),
            sum(e for e, _ in group) / len(group),
            sum(o for _, o in group) / len(group),
        )
        for index, group in enumerate(grouped)
        if group
    ]


def brier(pairs: Sequence[tuple[float, float]]) -> float:
    return sum((e - o) ** 2 for e, o in pairs) / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    parser.add_argument("--games", default=",".join(plan.game for plan in PLANS))
    parser.add_argument("--plot", default=None, help="write the reliability plot (PNG/SVG)")
    args = parser.parse_args()
    plans = [plan for plan in PLANS if plan.game in args.games.split(",")]
    results: dict[str, list[tuple[float, float]]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for plan in plans:
            count = max(1, round(plan.games * args.scale))
            jobs = [pool.submit(pairs_of_game, plan, i, args.seed) for i in range(count)]
            pairs = [pair for job in jobs for pair in job.result()]
            results[plan.game] = pairs
            base = [(1.0 / plan.players, outcome) for _, outcome in pairs]
            print(
                f"\n{plan.game}: {count} games by {plan.agents}, {len(pairs)} estimates; "
                f"Brier {brier(pairs):.3f} (base rate {brier(base):.3f})"
            )
            print("| estimate | positions | mean estimate | won |")
            print("| --- | ---: | ---: | ---: |")
            for group in reliability(pairs):
                print(
                    f"| {group.low:.0%}–{group.low + 0.1:.0%} | {group.count} "
                    f"| {group.predicted:.1%} | {group.observed:.1%} |",
                    flush=True,
                )
    if args.plot:
        plot(results, plans, args.plot)


def plot(results: dict[str, list[tuple[float, float]]], plans: Sequence[Plan], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(plans), figsize=(3.2 * len(plans), 3.4), sharey=True)
    for axis, plan in zip(list(axes) if len(plans) > 1 else [axes], plans, strict=True):
        groups = reliability(results[plan.game])
        axis.plot([0, 1], [0, 1], color="#999", linewidth=1, linestyle="--")
        axis.plot(
            [g.predicted for g in groups], [g.observed for g in groups], marker="o", color="#1f77b4"
        )
        for group in groups:
            axis.annotate(
                str(group.count), (group.predicted, group.observed), fontsize=7, xytext=(3, -9),
                textcoords="offset points",
            )  # fmt: skip
        axis.set_title(f"{plan.game} ({len(results[plan.game])})", fontsize=10)
        axis.set_xlabel("estimated win chance")
        axis.set_xlim(0, 1)
        axis.set_ylim(0, 1)
    axes_list = list(axes) if len(plans) > 1 else [axes]
    axes_list[0].set_ylabel("share of the win")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    print(f"\nplot written to {path}")


if __name__ == "__main__":
    main()
