"""Agents: game-independent algorithms over the game protocol."""

from spieltisch.agents.base import Agent, Budget, RandomAgent
from spieltisch.agents.registry import agent_names, make, register_agent

__all__ = ["Agent", "Budget", "RandomAgent", "agent_names", "make", "register_agent"]
