"""The agent protocol: an agent picks a move for the player to move, within a budget."""

from __future__ import annotations

import functools
import random
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from spieltisch.agents.messages import _
from spieltisch.core import CHANCE, Game, SpieltischError, State

T = TypeVar("T")


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
            if match := re.fullmatch(r"([0-9]{1,9}(?:\.[0-9]{1,9})?)s", part):
                seconds = float(match.group(1))
            elif re.fullmatch(r"[0-9]{1,9}", part):
                iterations = int(part)
            else:
                raise ValueError(
                    _(
                        "bad budget {text}: write iterations (500), seconds (1.5s) or both "
                        "(500,1.5s)"
                    ).format(text=repr(text))
                )
        return cls(iterations, seconds)


class OutOfBudget(Exception):
    """Raised inside a deepening search when the budget runs out; the last full depth counts."""


class Clock:
    """Counts a search's iterations or nodes against a budget; `default` applies when the
    budget sets neither (None: no limit)."""

    __slots__ = ("deadline", "limit", "mask")

    def __init__(self, budget: Budget, default: int | None, check_every: int = 1) -> None:
        self.limit = budget.iterations
        if self.limit is None and budget.seconds is None:
            self.limit = default
        self.deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        self.mask = check_every - 1
        """Nodes between two looks at the time (a power of two): the time is not free."""

    def done(self, iterations: int) -> bool:
        if self.limit is not None and iterations >= self.limit:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def spend(self, nodes: int) -> None:
        """Raise OutOfBudget once `nodes` exceeds the limit or the time is up."""
        if self.limit is not None and nodes > self.limit:
            raise OutOfBudget
        deadline = self.deadline
        if deadline is not None and not nodes & self.mask and time.perf_counter() > deadline:
            raise OutOfBudget


UNLIMITED = Clock(Budget(), None)
"""A clock that never runs out (exact searches, and the fallback to depth 1)."""


class AgentError(SpieltischError, ValueError):
    """No such agent, or the agent does not play this game (alpha-beta with three players)."""


class NoDecision(SpieltischError, ValueError):
    """An agent was asked to move where no player is to move: a chance node or the end."""


def require_decision(state: State) -> None:
    """Refuse a chance node or a finished game with NoDecision, before any search starts."""
    player = state.current_player
    if player == CHANCE:
        raise NoDecision(_("an agent moves only where a player is to move; this is a chance node"))
    if player < 0:
        raise NoDecision(_("an agent moves only where a player is to move; the game is over"))


def _refusing(method: Callable[[Any, State], T]) -> Callable[[Any, State], T]:
    @functools.wraps(method)
    def checked(agent: Any, state: State) -> T:
        require_decision(state)
        return method(agent, state)

    checked.__refuses_no_decision__ = True  # type: ignore[attr-defined]
    return checked


class Agent(ABC):
    """Chooses moves; reproducible: the same seed and budget give the same choices.

    Every agent refuses a chance node or a finished game with NoDecision: `choose` and
    `analyse` of each subclass are wrapped with that check, so that no algorithm has to
    remember it and none returns a move (or an IndexError) where there is no decision.
    """

    name: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for method in ("choose", "analyse"):
            own = cls.__dict__.get(method)
            if callable(own) and not getattr(own, "__refuses_no_decision__", False):
                setattr(cls, method, _refusing(own))

    def __init__(self, game: Game[Any], seed: int | None = None, budget: Budget | None = None):
        self.game = game
        self.seed = seed
        self.budget = budget or Budget()
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State) -> str:
        """A legal move, in notation, for the player to move in `state`."""


@dataclass(frozen=True)
class Choice:
    """One move as a search saw it: its estimated win chance and how sure the search is.

    `value` is the expected utility (the win share) for the player to move; `weight` is
    what the search spent on the move (visits, or 1 for an exact value).
    """

    action: int
    move: str
    value: float
    weight: float = 1.0
    exact: bool = False


class SearchAgent(Agent):
    """An agent that rates every legal move; it plays the best one.

    `analyse` returns the legal moves best first; `choose` plays the first one and does
    not search at all when only one move is legal.
    """

    def choose(self, state: State) -> str:
        actions = state.legal_actions()
        if len(actions) == 1:
            return self.game.action_to_move(actions[0])
        return self.analyse(state)[0].move

    @abstractmethod
    def analyse(self, state: State) -> list[Choice]:
        """Every legal move with its estimated value for the player to move, best first."""

    def compare(self, state: State, moves: Sequence[str]) -> list[Choice]:
        """The given legal moves rated with equal effort, best first (a review compares
        the move played with the best one). A search that rates every move alike, as
        expectimax and alpha-beta do, answers from `analyse`; MCTS searches each anew."""
        wanted = set(moves)
        return [choice for choice in self.analyse(state) if choice.move in wanted]

    def _choices(self, state: State, values: dict[int, tuple[float, float, bool]]) -> list[Choice]:
        """Choices from `action -> (value, weight, exact)`, ranked by weight then value.

        Ties keep the order of the legal actions, so rankings are reproducible.
        """
        to_move = self.game.action_to_move
        order = {action: index for index, action in enumerate(state.legal_actions())}
        ranked = sorted(
            values.items(), key=lambda item: (-item[1][1], -item[1][0], order.get(item[0], 0))
        )
        return [
            Choice(action, to_move(action), value, weight, exact)
            for action, (value, weight, exact) in ranked
        ]


class RandomAgent(Agent):
    """Plays a uniformly random legal move: the baseline every level must beat."""

    name = "random"

    def choose(self, state: State) -> str:
        return self.rng.choice(state.legal_moves())
