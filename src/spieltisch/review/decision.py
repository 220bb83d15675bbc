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


def rate_decision(state: State, played: str, level: str, budget: Budget, seed: int | None) -> Rated:
    """The best move and the win chances of it and of `played`, for the player to move.

    When the hint's search spent less on the move played than on the best one (MCTS
    visits moves unevenly) the move played is searched again on its own, with as many
    iterations as the best move had; the better of the two is then the best move, so a
    loss is never negative.
    """
    advice = hint(state, level=level, budget=budget, seed=seed)
    ratings = {rating.move: rating for rating in advice.ranked}
    best = advice.ranked[0]
    mine = ratings[played]
    compared = False
    if mine.move != best.move and mine.weight < best.weight:
        # the best move's rating stands; the move played gets as many iterations of its own
        effort = Budget(iterations=round(best.weight), seconds=budget.seconds)
        (mine,) = compare(state, [played], level, effort, seed)
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
    )
