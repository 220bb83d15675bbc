"""Agents by name, so the CLI, simulation and tournaments build them the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spieltisch.agents.base import Agent, Budget, RandomAgent
from spieltisch.core import Game

AgentFactory = Callable[[Game[Any], int | None, Budget | None], Agent]

_AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}


def register_agent(name: str, factory: AgentFactory) -> None:
    _AGENTS[name] = factory


def agent_names() -> list[str]:
    return list(_AGENTS)


def make(
    name: str, game: Game[Any], seed: int | None = None, budget: Budget | None = None
) -> Agent:
    """Build an agent or level by name, e.g. make("random", game, seed=1)."""
    try:
        factory = _AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}: known agents are {', '.join(_AGENTS)}") from None
    return factory(game, seed, budget)
