"""Drawing a chance outcome with its probability: the one weighted pick of the project."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

OutcomeT = TypeVar("OutcomeT")


def pick(outcomes: Sequence[tuple[OutcomeT, float]], rng: random.Random) -> OutcomeT:
    """One outcome drawn with its probability (the last one absorbs rounding)."""
    draw = rng.random()
    for outcome, probability in outcomes:
        draw -= probability
        if draw < 0:
            return outcome
    return outcomes[-1][0]
