"""Does the review agree with the hint? Expert games reviewed at the expert's own budget.

An expert plays the hint's move at every decision, so a review of expert-against-expert
games at the same budget should find little to blame: what it marks a mistake or a
blunder there is the review's own noise, not the player's. `agreement` plays such games
and counts the verdicts; `benchmarks/review_agreement.py` prints them for every game and
a test checks a small sample (issue 34).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.review.game import review_game
from spieltisch.review.graph import chances_by_step
from spieltisch.review.model import ReviewFile
from spieltisch.review.verdicts import VERDICTS, Verdict
from spieltisch.sim.play import game_seed, play_game

SERIOUS: frozenset[Verdict] = frozenset({"mistake", "blunder"})
"""Verdicts worse than an inaccuracy."""


@dataclass(frozen=True)
class Agreement:
    """The verdicts of expert games reviewed at the expert's budget."""

    game: str
    players: int
    games: int
    verdicts: dict[Verdict, int]
    worst_sum_error: float | None
    """Two players: the largest |sum of both chances - 1| over every step (None: more)."""

    @property
    def decisions(self) -> int:
        return sum(self.verdicts.values())

    @property
    def serious(self) -> int:
        """Decisions marked worse than an inaccuracy."""
        return sum(self.verdicts[verdict] for verdict in SERIOUS)

    @property
    def agreeing(self) -> float:
        """The share of decisions marked at most an inaccuracy."""
        return 1.0 - self.serious / max(1, self.decisions)


def expert_game(name: str, players: int, budget: Budget, seed: int) -> dict[str, object]:
    """A record of `name` played by experts with `budget`, every seat its own seed."""
    game = spieltisch.load(name, players=players)
    agents = [
        make("expert", game, seed=game_seed(seed, seat), budget=budget) for seat in range(players)
    ]
    return dict(play_game(game, agents, random.Random(seed)).to_record())


def agreement(
    name: str, players: int, games: int, budget: Budget, seed: int = 0, workers: int = 1
) -> tuple[Agreement, list[ReviewFile]]:
    """Play `games` expert games and review every seat of each at `budget`."""
    counts: Counter[Verdict] = Counter({verdict: 0 for verdict in VERDICTS})
    reviews = []
    worst: float | None = 0.0 if players == 2 else None
    for index in range(games):
        record = expert_game(name, players, budget, game_seed(seed, index))
        review = review_game(record, budget=budget, seed=index, workers=workers)
        reviews.append(review)
        counts.update(step.analysis.verdict for step in review.decisions() if step.analysis)
        if worst is not None:
            for chances in chances_by_step(review):
                if None not in chances:
                    worst = max(worst, abs(sum(c for c in chances if c is not None) - 1.0))
    verdicts: dict[Verdict, int] = {verdict: counts[verdict] for verdict in VERDICTS}
    return Agreement(name, players, games, verdicts, worst), reviews
