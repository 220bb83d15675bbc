"""Is the review's win chance honest? Its estimates against the outcomes of simulated games.

    uv run python benchmarks/review_calibration.py [--plot docs/review-calibration.png]

For each game, games are played by the given levels with fixed seeds; at a few decisions
of each game (chosen at random, forced moves left out) the review's estimate for the
player to move (the win chance of its best move, as `spieltisch review` computes it with
its defaults) is set against what that player actually won (its share of the win). The
estimates are grouped in tenths: in a calibrated estimate the players given 30% win
about 30% of the time. Prints a table per game and the Brier score next to that of the
base rate (1/players), and draws the reliability plot with matplotlib (extra `plots`).

The estimates are the search's own (uncalibrated). `--save` keeps them, `--load` reads
them back (several files, comma-separated), and `--fit FILE` fits the calibration
(`spieltisch.review.calibration`) on the even-numbered games, prints the odd-numbered,
held-out games before and after the correction, and writes the fit to FILE
(`src/spieltisch/review/calibration.json` is what reviews use):

    uv run python benchmarks/review_calibration.py --games madn --scale 2 --save madn.json
    uv run python benchmarks/review_calibration.py --load madn.json,mahe.json \
        --fit src/spieltisch/review/calibration.json --plot docs/review-calibration.png
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, dataclass
from pathlib import Path

import spieltisch
from spieltisch.agents import make
from spieltisch.agents.hints import hint_budget
from spieltisch.core.ranking import win_shares
from spieltisch.review.calibration import Calibration
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


def pairs_of_game(plan: Plan, index: int, seed: int) -> list[Pair]:
    """(estimate, outcome, exact) at `plan.samples` random decisions of one simulated game;
    the estimate is the search's own, before any calibration."""
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
        budget = hint_budget(game, "expert")  # what `spieltisch review` uses by default
        rated = rate_decision(before, move, "expert", budget, game_seed(own, position))
        pairs.append(Pair(index, rated.raw_best, shares[before.current_player], rated.exact))
    return pairs


@dataclass(frozen=True)
class Pair:
    """One estimate set against its outcome; `game` is the simulated game's number."""

    game: int
    estimate: float
    outcome: float
    exact: bool


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


def fit(pairs: Sequence[Pair], players: int) -> Calibration:
    """Slope and shift that minimise the log loss of the corrected estimates (exact
    values are left out: they are not corrected).

    In a game of two the map must keep the two players' chances summing to one, so it
    is fitted on every estimate and its mirror (1 - estimate, 1 - outcome) with no
    shift: a shift would lower both players' chances at once (issue 34)."""
    from scipy.optimize import minimize

    estimated = [p for p in pairs if not p.exact]
    if players == 2:
        estimated += [Pair(p.game, 1 - p.estimate, 1 - p.outcome, p.exact) for p in estimated]
    shifts = (0.0, 0.0) if players == 2 else (-3.0, 3.0)

    def loss(params: Sequence[float]) -> float:
        slope, shift = params
        total = 0.0
        for pair in estimated:
            q = Calibration(slope=slope, shift=shift)(pair.estimate, players)
            q = min(1 - 1e-9, max(1e-9, q))
            total -= pair.outcome * math.log(q) + (1 - pair.outcome) * math.log(1 - q)
        return total / len(estimated)

    found = minimize(loss, [1.0, 0.0], method="L-BFGS-B", bounds=[(0.05, 3.0), shifts])
    slope, shift = found.x
    return Calibration(slope=round(float(slope), 4), shift=round(float(shift), 4))


def corrected(pairs: Sequence[Pair], calibration: Calibration, players: int) -> list[Pair]:
    return [
        p if p.exact else Pair(p.game, calibration(p.estimate, players), p.outcome, p.exact)
        for p in pairs
    ]


def as_tuples(pairs: Sequence[Pair]) -> list[tuple[float, float]]:
    return [(p.estimate, p.outcome) for p in pairs]


def collect(plans: Sequence[Plan], scale: float, seed: int, workers: int) -> dict[str, list[Pair]]:
    results: dict[str, list[Pair]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for plan in plans:
            count = max(1, round(plan.games * scale))
            jobs = [pool.submit(pairs_of_game, plan, i, seed) for i in range(count)]
            results[plan.game] = [pair for job in jobs for pair in job.result()]
            print(f"{plan.game}: {count} games played and rated", flush=True)
    return results


def print_table(title: str, pairs: Sequence[Pair], players: int) -> None:
    base = [(1.0 / players, p.outcome) for p in pairs]
    print(
        f"\n{title}: {len(pairs)} estimates; Brier {brier(as_tuples(pairs)):.3f} "
        f"(base rate {brier(base):.3f})"
    )
    print("| estimate | positions | mean estimate | won |")
    print("| --- | ---: | ---: | ---: |")
    for group in reliability(as_tuples(pairs)):
        print(
            f"| {group.low:.0%}–{group.low + 0.1:.0%} | {group.count} "
            f"| {group.predicted:.1%} | {group.observed:.1%} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    parser.add_argument("--games", default=",".join(plan.game for plan in PLANS))
    parser.add_argument("--save", default=None, help="write the pairs (JSON) to reuse them")
    parser.add_argument("--load", default=None, help="read pairs written by --save (a,b,…)")
    parser.add_argument(
        "--fit", default=None, help="fit on the even games, check on the odd ones, write here"
    )
    parser.add_argument("--plot", default=None, help="write the reliability plot (PNG/SVG)")
    args = parser.parse_args()
    plans = [plan for plan in PLANS if plan.game in args.games.split(",")]
    if args.load:
        results: dict[str, list[Pair]] = {}
        for name in args.load.split(","):  # files of --save, e.g. one per game
            stored = json.loads(Path(name).read_text(encoding="utf-8"))
            results |= {game: [Pair(*row) for row in rows] for game, rows in stored.items()}
        plans = [plan for plan in plans if plan.game in results]
    else:
        results = collect(plans, args.scale, args.seed, args.workers)
    if args.save:
        rows = {game: [astuple(p) for p in pairs] for game, pairs in results.items()}
        Path(args.save).write_text(json.dumps(rows), encoding="utf-8")
    fits: dict[str, Calibration] = {}
    scores: dict[str, dict[str, float]] = {}
    for plan in plans:
        pairs = results[plan.game]
        games = len({p.game for p in pairs})
        if not args.fit:
            print_table(f"{plan.game}: {games} games by {plan.agents}", pairs, plan.players)
            continue
        train = [p for p in pairs if p.game % 2 == 0]
        held_out = [p for p in pairs if p.game % 2 == 1]
        calibration = fit(train, plan.players)
        print(
            f"\n{plan.game}: fitted on {len(train)} estimates of the even games: "
            f"slope {calibration.slope}, shift {calibration.shift}"
        )
        print_table(f"{plan.game}, held out (odd games), raw", held_out, plan.players)
        fixed = corrected(held_out, calibration, plan.players)
        print_table(f"{plan.game}, held out, corrected", fixed, plan.players)
        before, after = brier(as_tuples(held_out)), brier(as_tuples(fixed))
        if after < before:  # a fit that does not help the held-out games is not kept
            fits[plan.game] = calibration
            scores[plan.game] = {"raw": round(before, 4), "corrected": round(after, 4)}
        else:
            print(f"{plan.game}: not kept, the held-out Brier score got worse")
    if args.fit:
        kept = Path(args.fit)
        previous = json.loads(kept.read_text(encoding="utf-8")) if kept.is_file() else {}
        document = {
            "fitted_by": "benchmarks/review_calibration.py --fit",
            "levels": {
                "expert": previous.get("levels", {}).get("expert", {})
                | {
                    game: {
                        "map": calibration.model_dump(),
                        "estimates": sum(1 for p in results[game] if p.game % 2 == 0),
                        "players": next(p.players for p in plans if p.game == game),
                        "held_out_brier": scores[game],
                    }
                    for game, calibration in fits.items()
                }
            },
        }
        Path(args.fit).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"\ncalibration written to {args.fit}")
    if args.plot:
        plot(results, plans, fits, args.plot, fitting=bool(args.fit))


def plot(
    results: dict[str, list[Pair]],
    plans: Sequence[Plan],
    fits: dict[str, Calibration],
    path: str,
    fitting: bool,
) -> None:
    """One panel per game: the raw estimates and, where a fit is kept, the corrected
    ones, both on the held-out games when fitting (on all games otherwise)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(plans), figsize=(3.2 * len(plans), 3.6), sharey=True)
    axes_list = list(axes) if len(plans) > 1 else [axes]
    for axis, plan in zip(axes_list, plans, strict=True):
        pairs = results[plan.game]
        calibration = fits.get(plan.game)
        if fitting:
            pairs = [p for p in pairs if p.game % 2 == 1]
        lines = [("raw", "#1f77b4", pairs)]
        if calibration is not None:
            lines.append(("corrected", "#d62728", corrected(pairs, calibration, plan.players)))
        axis.plot([0, 1], [0, 1], color="#999", linewidth=1, linestyle="--")
        for label, colour, shown in lines:
            groups = reliability(as_tuples(shown))
            axis.plot(
                [g.predicted for g in groups],
                [g.observed for g in groups],
                marker="o",
                color=colour,
                label=label,
            )
            for group in groups:
                axis.annotate(
                    str(group.count), (group.predicted, group.observed), fontsize=6,
                    xytext=(3, -9), textcoords="offset points", color=colour,
                )  # fmt: skip
        axis.set_title(f"{plan.game} ({len(pairs)})", fontsize=10)
        axis.set_xlabel("estimated win chance")
        axis.set_xlim(0, 1)
        axis.set_ylim(0, 1)
    axes_list[0].set_ylabel("share of the win")
    axes_list[0].legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    print(f"\nplot written to {path}")


if __name__ == "__main__":
    main()
