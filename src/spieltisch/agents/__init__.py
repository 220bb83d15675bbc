"""Agents: game-independent algorithms over the game protocol, levels, and hints.

>>> from spieltisch.agents import make, hint
>>> agent = make("expert", game, seed=1)      # or "mcts", "greedy", "easy", ...
>>> agent.choose(state)
>>> hint(state).move
"""

from spieltisch.agents.base import (
    Agent,
    AgentError,
    Budget,
    Choice,
    NoDecision,
    RandomAgent,
    SearchAgent,
)
from spieltisch.agents.hints import Alternative, Hint, compare, hint
from spieltisch.agents.levels import LEVELS
from spieltisch.agents.registry import agent_names, make, register_agent

__all__ = [
    "LEVELS",
    "Agent",
    "AgentError",
    "Alternative",
    "Budget",
    "Choice",
    "Hint",
    "NoDecision",
    "RandomAgent",
    "SearchAgent",
    "agent_names",
    "compare",
    "hint",
    "make",
    "register_agent",
]
