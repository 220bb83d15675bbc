"""Splitting a large chance node (a shuffle, a deal, a set-up) into small steps with
exact probabilities, for adapters that need every chance node small (OpenSpiel).

A game whose chance nodes are too large to list declares a `chance` part (its
`chance.py`) with `SUPPORT`, a `ChanceSupport` holding its `Splitter`. The OpenSpiel
adapter uses it; nothing here needs pyspiel.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.protocol import Game, State

HIDDEN = -1
"""A chance step nobody sees (as opposed to None, seen by all, or a player's number)."""

Visibility = int | None


class Splitter(ABC):
    """Breaks a game's large chance node into small steps.

    The number of steps must not depend on anything a player cannot see, so that the
    information state of every player is the same in every world consistent with it.
    """

    @abstractmethod
    def max_outcomes(self, game: Game[Any]) -> int:
        """The most outcomes any step has."""

    @abstractmethod
    def outcomes(self, state: State, prefix: tuple[int, ...]) -> list[tuple[int, float]]:
        """The next step's actions and probabilities, ascending by action."""

    @abstractmethod
    def complete(self, state: State, prefix: tuple[int, ...]) -> str | None:
        """The engine's outcome in notation once the steps determine it, else None."""

    @abstractmethod
    def split(self, state: State, outcome: str) -> list[int]:
        """The steps that make up an outcome in notation (the inverse of `complete`)."""

    @abstractmethod
    def describe(self, state: State, prefix: tuple[int, ...], action: int) -> str:
        """A step in words, such as `p2:g5`."""

    def visible_to(self, state: State, prefix: tuple[int, ...], action: int) -> Visibility:
        """Who sees the step: None everyone, a player's number, or HIDDEN nobody."""
        return None

    def completed(self, state: State, prefix: tuple[int, ...]) -> list[tuple[str, Visibility]]:
        """What players learn when the outcome is complete beyond the steps themselves."""
        return []


def _no_reveal(state: State) -> int:
    return 0


def _six(game: Game[Any]) -> int:
    return 6


def _unbounded(game: Game[Any]) -> int:
    return 10_000


@dataclass(frozen=True)
class ChanceSupport:
    """What a game tells the adapters about its chance beyond the protocol."""

    splitter: Splitter | None = None
    """How its large chance nodes are broken into steps (None: it has none)."""
    reveal: Callable[[State], str] | None = None
    """What of the hidden chance everyone sees now; logged whenever `reveal_key` changes."""
    reveal_key: Callable[[State], int] = field(default=_no_reveal)
    """A cheap number that changes whenever something hidden is revealed."""
    max_chance_outcomes: Callable[[Game[Any]], int] = field(default=_six)
    """The most outcomes of its small chance nodes (dice, lots)."""
    max_game_length: Callable[[Game[Any]], int] = field(default=_unbounded)
    """The most decisions in a game; an estimate where the rules set no bound."""
