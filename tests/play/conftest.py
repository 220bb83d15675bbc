"""Shared settings of the play tests: small AI budgets, the real levels to play against."""

from __future__ import annotations

from spieltisch.agents import LEVELS, Budget

BUDGET_TEXT = "12"
"""The computer's budget in the play tests (iterations): fast, still the real levels."""
BUDGET = Budget.parse(BUDGET_TEXT)


def level(index: int = 0) -> str:
    """A computer level (medium first), cycling through easy, medium, hard and expert."""
    order = ("medium", "hard", "expert", "easy")
    assert set(order) == set(LEVELS)
    return order[index % len(order)]
