"""Playing strengths per game: `easy`, `medium`, `hard`, `expert`, each an agent and a budget.

`expert` thinks for about one second per move by default; any level takes a budget in
iterations or seconds instead (`make("expert", game, budget=Budget(seconds=3))`). The
table below was tuned with `benchmarks/strength.py`; docs/strength.md has the figures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spieltisch.agents.alphabeta import AlphaBetaAgent, EndgameAgent
from spieltisch.agents.base import Agent, Budget
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.greedy import GreedyAgent, PolicyAgent
from spieltisch.agents.ismcts import ISMCTSAgent
from spieltisch.agents.mcts import MCTSAgent
from spieltisch.core import Game

LEVELS = ("easy", "medium", "hard", "expert")

Build = Callable[[Game[Any], int | None, Budget], Agent]


@dataclass(frozen=True)
class Level:
    """An algorithm with its settings, and the budget it gets unless one is given."""

    build: Build
    budget: Budget
    description: str


def _greedy(noise: float) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return GreedyAgent(game, seed, budget, noise=noise)

    return build


def _mcts(exploration: float = 0.7, playout_depth: int | None = None) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return MCTSAgent(game, seed, budget, exploration, playout_depth)

    return build


def _ismcts(exploration: float = 0.7, playout_depth: int | None = None) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return ISMCTSAgent(game, seed, budget, exploration, playout_depth)

    return build


def _alphabeta(endgame: int | None = None) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return AlphaBetaAgent(game, seed, budget, endgame=endgame)

    return build


def _endgame(endgame: int | None = None, exploration: float = 0.7) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        opening = MCTSAgent(game, seed, budget, exploration)
        return EndgameAgent(game, seed, budget, opening=opening, endgame=endgame)

    return build


def _policy(noise: float = 0.0) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return PolicyAgent(game, seed, budget, noise=noise)

    return build


def _expectimax_segments(segments: int = 1, max_depth: int = 24) -> Build:
    def build(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return ExpectimaxAgent(game, seed, budget, max_depth=max_depth, segments=segments)

    return build


SECOND = Budget(seconds=1.0)

GENERIC: dict[str, Level] = {
    "easy": Level(_greedy(0.5), Budget(), "greedy, half of its moves at random"),
    "medium": Level(_greedy(0.0), Budget(), "greedy: the best position one move ahead"),
    "hard": Level(_mcts(), Budget(iterations=200), "MCTS, 200 iterations"),
    "expert": Level(_mcts(), SECOND, "MCTS, 1 s per move"),
}

TABLE: dict[str, dict[str, Level]] = {
    "mabula": {
        "easy": Level(_mcts(), Budget(iterations=30), "MCTS, 30 iterations"),
        "medium": Level(_mcts(), Budget(iterations=150), "MCTS, 150 iterations"),
        "hard": Level(
            _endgame(endgame=6), Budget(iterations=600), "MCTS, 600 iterations; exact from 6"
        ),
        "expert": Level(_endgame(), SECOND, "MCTS, 1 s per move; exact from 8 marbles left"),
    },
    "mahe": {
        "easy": Level(_policy(0.5), Budget(), "rules of thumb, half of the decisions at random"),
        "medium": Level(_policy(), Budget(), "rules of thumb: stop on a crossing, roll up to 3"),
        "hard": Level(_greedy(0.0), Budget(), "greedy: the evaluation one die ahead"),
        "expert": Level(
            _expectimax_segments(), SECOND, "expectimax: every die of the rest of the move, exactly"
        ),
    },
    "madn": {
        "easy": Level(_policy(0.5), Budget(), "rules of thumb, half of the moves at random"),
        "medium": Level(_policy(), Budget(), "rules of thumb: into the goal, else the front piece"),
        "hard": Level(_greedy(0.1), Budget(), "greedy, one move in ten at random"),
        "expert": Level(
            _expectimax_segments(max_depth=10),
            SECOND,
            "expectimax: every die of the rest of the turn, exactly",
        ),
    },
    "david_goliath": {
        "easy": Level(_policy(), Budget(), "rules of thumb: the last card of a trick that scores"),
        "medium": Level(_ismcts(), Budget(iterations=40), "IS-MCTS, 40 iterations"),
        "hard": Level(_ismcts(), Budget(iterations=300), "IS-MCTS, 300 iterations"),
        "expert": Level(_ismcts(), SECOND, "IS-MCTS, 1 s per move"),
    },
}


def level(game: Game[Any], name: str) -> Level:
    """The level `name` for this game (games without a table get the generic levels)."""
    return TABLE.get(game.name, GENERIC)[name]


def make_level(
    name: str, game: Game[Any], seed: int | None = None, budget: Budget | None = None
) -> Agent:
    """An agent of the level, with the level's budget unless `budget` is given."""
    chosen = level(game, name)
    return chosen.build(game, seed, budget if budget is not None else chosen.budget)
