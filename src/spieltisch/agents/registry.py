"""Agents by name, so the CLI, simulation and tournaments build them the same way.

Names are the algorithms (`random`, `greedy`, `mcts`, `ismcts`, `expectimax`,
`alphabeta`, `rollout`) and the levels (`easy`, `medium`, `hard`, `expert`), which pick an algorithm
and a budget per game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from spieltisch.agents.alphabeta import AlphaBetaAgent
from spieltisch.agents.base import Agent, AgentError, Budget, RandomAgent
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.greedy import GreedyAgent, PolicyAgent
from spieltisch.agents.ismcts import ISMCTSAgent
from spieltisch.agents.levels import LEVELS, make_level
from spieltisch.agents.mcts import MCTSAgent
from spieltisch.agents.messages import _
from spieltisch.core import Game
from spieltisch.core.errors import shorten

AgentFactory = Callable[[Game[Any], int | None, Budget | None], Agent]

_AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "policy": PolicyAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
    "expectimax": ExpectimaxAgent,
    "alphabeta": AlphaBetaAgent,
}
for _level in LEVELS:
    _AGENTS[_level] = partial(make_level, _level)


def _rollout(game: Game[Any], seed: int | None = None, budget: Budget | None = None) -> Agent:
    """Imported when used: it loads numba (extra `fast`), which `import spieltisch` never does."""
    from spieltisch.agents.rollout import RolloutAgent

    return RolloutAgent(game, seed, budget)


_AGENTS["rollout"] = _rollout


def register_agent(name: str, factory: AgentFactory) -> None:
    _AGENTS[name] = factory


def agent_names() -> list[str]:
    return list(_AGENTS)


def make(
    name: str, game: Game[Any], seed: int | None = None, budget: Budget | None = None
) -> Agent:
    """Build an agent or level by name, e.g. make("expert", game, seed=1)."""
    try:
        factory = _AGENTS[name]
    except KeyError:
        raise AgentError(
            _("unknown agent {name}: known agents are {known}").format(
                name=shorten(name), known=", ".join(_AGENTS)
            )
        ) from None
    return factory(game, seed, budget)
