"""Shared settings of the play tests: small AI budgets, the levels to play against."""

from __future__ import annotations

from spieltisch.agents import Budget, agent_names

BUDGET_TEXT = "12"
"""The computer's budget in the play tests (iterations): fast, still the real levels."""
BUDGET = Budget.parse(BUDGET_TEXT)


def levels(*wanted: str) -> list[str]:
    """The wanted computer levels that exist (random while the levels are being built)."""
    known = agent_names()
    found = [level for level in wanted if level in known]
    return found or ["random"]


def level(index: int = 0) -> str:
    """One of the real levels, cycling through those that exist."""
    found = levels("medium", "hard", "easy", "expert")
    return found[index % len(found)]
