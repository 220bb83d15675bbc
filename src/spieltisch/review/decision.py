"""One decision judged: the expert's hint, and a fair second look at the move played.

Only `state` as the player to move could know it goes in: the search deals hidden cards
anew from that seat's view (`determinize`), so the result is the same whatever the other
hands were.
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.agents import Budget, compare, hint
from spieltisch.core import State


@dataclass(frozen=True)
class Rated:
    """What the search says about one decision, before it is put into words."""

    best: str
    best_chance: float
    played_chance: float
    exact: bool
    compared: bool
    legal_moves: int
    best_estimate: float | None = None
    """The search's own figure of the best move where the hint calibrated it (None:
    `best_chance` is the search's own)."""
    played_estimate: float | None = None
    """The same for the move played."""

    @property
    def raw_best(self) -> float:
        """The search's own estimate of the best move, before any calibration."""
        return self.best_chance if self.best_estimate is None else self.best_estimate

    @property
    def raw_played(self) -> float:
        """The search's own estimate of the move played, before any calibration."""
        return self.played_chance if self.played_estimate is None else self.played_estimate


def rate_decision(state: State, played: str, level: str, budget: Budget, seed: int | None) -> Rated:
    """The best move and the win chances of it and of `played`, for the player to move.

    When the hint's search prefers another move, both moves are searched again, each on
    its own with the whole budget (`compare`), and the loss is the difference of those
    two searches. The hint's own value of its best move is not comparable: it is the
    largest of many noisy estimates (the winner's curse), and a move it hardly visited
    is rated from a shallow tree, so in Mabula the difference called the hint's own best
    moves blunders (issue 34). The better of the two is then the best move, so a loss is
    never negative. The chances are the hint's: calibrated where the level has a map for
    the game (`spieltisch.agents.calibration`), with the search's own figures kept.
    """
    advice = hint(state, level=level, budget=budget, seed=seed)
    best = advice.ranked[0]
    mine = best
    compared = False
    if played != best.move:
        rated = {
            choice.move: choice
            for choice in compare(state, [best.move, played], level, budget, seed)
        }
        best, mine = rated[best.move], rated[played]
        compared = True
    if mine.win_chance >= best.win_chance:
        best = mine
    return Rated(
        best.move,
        best.win_chance,
        mine.win_chance,
        best.exact and mine.exact,
        compared,
        len(advice.ranked),
        best.estimate,
        mine.estimate,
    )
