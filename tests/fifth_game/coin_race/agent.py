"""What the AI knows of the coin race: the leader is ahead; its levels as data."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from spieltisch.core.level_spec import LevelSpec

LEVELS: dict[str, LevelSpec] = {
    "easy": LevelSpec("greedy", "greedy, half at random", settings={"noise": 0.5}),
    "medium": LevelSpec("greedy", "greedy"),
    "hard": LevelSpec("mcts", "MCTS, 50 iterations", iterations=50),
    "expert": LevelSpec("expectimax", "expectimax", seconds=1.0),
}


class Knowledge:
    playout_depth = 200

    def strengths(self, state: Any) -> tuple[Sequence[float], float]:
        return [float(p) for p in state.positions], 2.0

    def playout_action(self, state: Any, rng: random.Random) -> int:
        return 1 if state.coin == "heads" else 0


def knowledge(game: Any) -> Knowledge:
    return Knowledge()
