"""Hints for people: the best move for the player to move, its win chance, the others ranked.

    >>> from spieltisch.agents import hint
    >>> advice = hint(state)                 # the expert's search, about 1 s
    >>> advice.move, advice.win_chance       # ('b1-b4', 0.62)
    >>> [(a.move, a.win_chance) for a in advice.alternatives]
    >>> advice.explain()                     # one sentence in the current language

The hint uses the level's search (the expert by default) from the point of view of the
player to move, so it never looks at hidden cards. Win chances are the search's own
estimates: from an exact endgame they are 0, 0.5 or 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.agents.base import Budget, Choice, SearchAgent
from spieltisch.agents.greedy import GreedyAgent
from spieltisch.agents.levels import level_spec, make_level
from spieltisch.agents.messages import _
from spieltisch.core import Game, SpieltischError, State
from spieltisch.core.formats import percent


@dataclass(frozen=True)
class Alternative:
    """A move the hint rated: its estimated win chance for the player to move."""

    move: str
    win_chance: float
    exact: bool = False
    weight: float = 1.0
    """What the search spent on the move (visits; 1 for evaluated or exact moves)."""


@dataclass(frozen=True)
class Hint:
    """The best move, its estimated win chance, and the other legal moves best first."""

    player: int
    move: str
    win_chance: float
    exact: bool
    alternatives: list[Alternative] = field(default_factory=list)
    weight: float = 1.0
    """What the search spent on the best move (as `Alternative.weight`)."""

    @property
    def ranked(self) -> list[Alternative]:
        """Every legal move, best first (the hint's move, then the alternatives)."""
        best = Alternative(self.move, self.win_chance, self.exact, self.weight)
        return [best, *self.alternatives]

    def explain(self) -> str:
        """The hint in one sentence, in the current language."""
        chance = percent(self.win_chance)
        if self.exact:
            if self.win_chance >= 1.0:
                return _("Play {move}: it wins whatever the opponent does.").format(move=self.move)
            if self.win_chance <= 0.0:
                lost = _("Play {move}: against best play the game is lost whatever you do.")
                return lost.format(move=self.move)
            return _("Play {move}: it holds the draw against best play.").format(move=self.move)
        if not self.alternatives:
            return _("Play {move}: it is the only legal move (win chance {chance}).").format(
                move=self.move, chance=chance
            )
        return _("Play {move}: estimated win chance {chance}.").format(
            move=self.move, chance=chance
        )


def hint_budget(game: Game[Any], level: str = "expert") -> Budget:
    """What a hint's search gets, as a count that can be repeated: the level's iterations
    (a level declares about as many as its seconds allow on an idle machine), without its
    seconds; `Budget()` where the level counts no iterations (its search's own default:
    expectimax searches each turn to its depth). A review searches as much as the hint,
    else it judges the hint's moves with a weaker search (issue 34)."""
    iterations = level_spec(game, level).iterations
    return Budget(iterations=iterations)


def _search_agent(state: State, level: str, budget: Budget | None, seed: int | None) -> SearchAgent:
    """The level's search; a level that plays by rules of thumb gives way to greedy."""
    agent: Any = make_level(level, state.game, seed=seed, budget=budget)
    if not isinstance(agent, SearchAgent):  # rules of thumb rate nothing: look one move ahead
        return GreedyAgent(state.game, seed, budget)
    searcher: SearchAgent = agent
    return searcher


def compare(
    state: State,
    moves: Sequence[str],
    level: str = "expert",
    budget: Budget | None = None,
    seed: int | None = 0,
) -> list[Alternative]:
    """The given legal moves rated with equal effort by the level's search, best first.

    A hint's search spends little on moves it soon thinks poor; a review that wants the
    cost of such a move asks here (MCTS searches each move with the whole budget)."""
    if state.current_player < 0:
        raise SpieltischError(_("a hint needs a position where a player is to move"))
    choices = _search_agent(state, level, budget, seed).compare(state, moves)
    return [Alternative(c.move, c.value, c.exact, c.weight) for c in choices]


def hint(
    state: State,
    level: str = "expert",
    budget: Budget | None = None,
    seed: int | None = 0,
) -> Hint:
    """The best move for the player to move in `state`, with its win chance and the
    alternatives ranked, by the level's search (default: the expert, about 1 s; a level
    that plays by rules of thumb gives way to the one-move-ahead greedy search)."""
    player = state.current_player
    if player < 0:
        raise SpieltischError(_("a hint needs a position where a player is to move"))
    choices: list[Choice] = _search_agent(state, level, budget, seed).analyse(state)
    best, *others = choices
    return Hint(
        player,
        best.move,
        best.value,
        best.exact,
        [Alternative(c.move, c.value, c.exact, c.weight) for c in others],
        best.weight,
    )
