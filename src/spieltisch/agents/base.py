"""The agent protocol: an agent picks a move for the player to move, within a budget."""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from spieltisch.core import Game, State


@dataclass(frozen=True)
class Budget:
    """How much an agent may think per move: iterations, seconds, or both (first reached)."""

    iterations: int | None = None
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """`500` iterations, `1.5s` seconds, or `500,1.5s` for both."""
        iterations: int | None = None
        seconds: float | None = None
        for part in text.replace(" ", "").split(","):
            if match := re.fullmatch(r"(\d+(?:\.\d+)?)s", part):
                seconds = float(match.group(1))
            elif part.isdigit():
                iterations = int(part)
            else:
                raise ValueError(
                    f"bad budget {text!r}: write iterations (500), "
                    "seconds (1.5s) or both (500,1.5s)"
                )
        return cls(iterations, seconds)


class Agent(ABC):
    """Chooses moves; reproducible: the same seed and budget give the same choices."""

    name: ClassVar[str]

    def __init__(self, game: Game[Any], seed: int | None = None, budget: Budget | None = None):
        self.game = game
        self.seed = seed
        self.budget = budget or Budget()
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State) -> str:
        """A legal move, in notation, for the player to move in `state`."""


class RandomAgent(Agent):
    """Plays a uniformly random legal move: the baseline every level must beat."""

    name = "random"

    def choose(self, state: State) -> str:
        return self.rng.choice(state.legal_moves())
