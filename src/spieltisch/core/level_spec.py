"""A playing strength as data, so a game can declare its levels without importing agents.

A game's agent part holds `LEVELS = {"easy": LevelSpec(...), ...}`; `agents.levels` turns
each entry into an agent (it knows the algorithms by name). A game without levels gets
the generic ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Setting = int | float | str | None


@dataclass(frozen=True)
class LevelSpec:
    """An algorithm by name, its settings, and the budget it gets unless one is given."""

    algorithm: str
    """One of `agents.levels.ALGORITHMS`: greedy, policy, mcts, ismcts, endgame, expectimax."""
    description: str
    iterations: int | None = None
    seconds: float | None = None
    settings: Mapping[str, Setting] = field(default_factory=dict)
