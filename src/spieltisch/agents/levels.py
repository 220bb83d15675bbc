"""Playing strengths per game: `easy`, `medium`, `hard`, `expert`, each an agent and a budget.

Each game declares its levels as data (`LEVELS` in its agent part, see
`spieltisch.core.level_spec`); this module turns them into agents. `expert` thinks for
about one second per move by default; any level takes a budget in iterations or seconds
instead (`make("expert", game, budget=Budget(seconds=3))`). The levels were tuned with
`benchmarks/strength.py`; docs/strength.md has the figures.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spieltisch.agents.alphabeta import AlphaBetaAgent, EndgameAgent
from spieltisch.agents.base import Agent, Budget
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.greedy import GreedyAgent, PolicyAgent
from spieltisch.agents.ismcts import ISMCTSAgent
from spieltisch.agents.mcts import MCTSAgent
from spieltisch.core import Game, parts
from spieltisch.core.level_spec import LevelSpec, Setting

LEVELS = ("easy", "medium", "hard", "expert")

Build = Callable[..., Agent]
"""An algorithm: (game, seed, budget, **settings) -> Agent."""


@dataclass(frozen=True)
class Level:
    """An algorithm with its settings, and the budget it gets unless one is given."""

    build: Callable[[Game[Any], int | None, Budget], Agent]
    budget: Budget
    description: str


def _greedy(game: Game[Any], seed: int | None, budget: Budget, *, noise: float = 0.0) -> Agent:
    return GreedyAgent(game, seed, budget, noise=noise)


def _policy(
    game: Game[Any],
    seed: int | None,
    budget: Budget,
    *,
    noise: float = 0.0,
    rules: str = "playouts",
) -> Agent:
    return PolicyAgent(game, seed, budget, noise=noise, rules=rules)


def _mcts(
    game: Game[Any],
    seed: int | None,
    budget: Budget,
    *,
    exploration: float = 0.7,
    playout_depth: int | None = None,
) -> Agent:
    return MCTSAgent(game, seed, budget, exploration, playout_depth)


def _ismcts(
    game: Game[Any],
    seed: int | None,
    budget: Budget,
    *,
    exploration: float = 0.7,
    playout_depth: int | None = None,
    sampler: str | None = None,
) -> Agent:
    return ISMCTSAgent(game, seed, budget, exploration, playout_depth, sampler)


def _alphabeta(
    game: Game[Any], seed: int | None, budget: Budget, *, endgame: int | None = None
) -> Agent:
    return AlphaBetaAgent(game, seed, budget, endgame=endgame)


def _endgame(
    game: Game[Any],
    seed: int | None,
    budget: Budget,
    *,
    endgame: int | None = None,
    exploration: float = 0.7,
) -> Agent:
    opening = MCTSAgent(game, seed, budget, exploration)
    return EndgameAgent(game, seed, budget, opening=opening, endgame=endgame)


def _expectimax(
    game: Game[Any],
    seed: int | None,
    budget: Budget,
    *,
    segments: int = 1,
    max_depth: int = 24,
    evaluation: str | None = None,
) -> Agent:
    return ExpectimaxAgent(
        game, seed, budget, max_depth=max_depth, segments=segments, evaluation=evaluation
    )


ALGORITHMS: dict[str, Build] = {
    "greedy": _greedy,
    "policy": _policy,
    "mcts": _mcts,
    "ismcts": _ismcts,
    "alphabeta": _alphabeta,
    "endgame": _endgame,
    "expectimax": _expectimax,
}
"""The algorithms a level may name, with the settings each takes as keywords."""

GENERIC: dict[str, LevelSpec] = {
    "easy": LevelSpec("greedy", "greedy, half of its moves at random", settings={"noise": 0.5}),
    "medium": LevelSpec("greedy", "greedy: the best position one move ahead"),
    "hard": LevelSpec("mcts", "MCTS, 200 iterations", iterations=200),
    "expert": LevelSpec("mcts", "MCTS, 1 s per move", seconds=1.0),
}
"""The levels of a game whose agent part declares none."""


def level_spec(game: Game[Any], name: str) -> LevelSpec:
    """The level `name` as this game declares it (its agent part's LEVELS), else the
    generic one."""
    specs = parts(game).levels or GENERIC
    spec: LevelSpec = specs[name] if name in specs else GENERIC[name]
    return spec


def level(game: Game[Any], name: str, **overrides: Setting) -> Level:
    """The level `name` for this game, from its agent part's LEVELS, else the generic ones;
    `overrides` change its settings (benchmarks compare `evaluation="hand"` and
    `"learned"` this way)."""
    spec = level_spec(game, name)
    try:
        build = ALGORITHMS[spec.algorithm]
    except KeyError:
        raise ValueError(
            f"level {name!r} of {game.name} names the algorithm {spec.algorithm!r}: "
            f"known algorithms are {', '.join(ALGORITHMS)}"
        ) from None
    known = [
        name
        for name, parameter in inspect.signature(build).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    unknown = sorted(set(overrides) - set(known))
    if unknown:
        raise ValueError(
            f"level {name!r} of {game.name} ({spec.algorithm}) has no setting"
            f" {', '.join(map(repr, unknown))}: its settings are {', '.join(known)}"
        )
    settings = {**spec.settings, **overrides}

    def make(game: Game[Any], seed: int | None, budget: Budget) -> Agent:
        return build(game, seed, budget, **settings)

    return Level(make, Budget(spec.iterations, spec.seconds), spec.description)


def make_level(
    name: str, game: Game[Any], seed: int | None = None, budget: Budget | None = None
) -> Agent:
    """An agent of the level, with the level's budget unless `budget` is given."""
    chosen = level(game, name)
    return chosen.build(game, seed, budget if budget is not None else chosen.budget)
