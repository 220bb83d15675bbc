"""Hints for people: the best move for the player to move, its win chance, the others ranked.

    >>> from spieltisch.agents import hint
    >>> advice = hint(state)                 # the expert's search, about 1 s
    >>> advice.move, advice.win_chance       # ('b1-b4', 0.62)
    >>> [(a.move, a.win_chance) for a in advice.alternatives]
    >>> advice.explain()                     # one sentence in the current language

The hint uses the level's search (the expert by default) from the point of view of the
player to move, so it never looks at hidden cards. Win chances are calibrated where the
level has a fitted map for the game and player count (`spieltisch.agents.calibration`):
the search's estimate mapped to how often such estimates came true in games the level
played against itself; the search's own figure is kept as `estimate`. From an exact
endgame they are 0, 0.5 or 1, uncorrected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.agents.base import Budget, Choice, SearchAgent
from spieltisch.agents.calibration import WinChanceMap, win_chance_map
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
    estimate: float | None = None
    """The search's own figure before the calibration (None: `win_chance` is it)."""

    @property
    def search_value(self) -> float:
        """The search's own figure, calibrated or not."""
        return self.win_chance if self.estimate is None else self.estimate


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
    estimate: float | None = None
    """The search's own figure before the calibration (None: `win_chance` is it)."""

    @property
    def ranked(self) -> list[Alternative]:
        """Every legal move, best first (the hint's move, then the alternatives)."""
        best = Alternative(self.move, self.win_chance, self.exact, self.weight, self.estimate)
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


def hint_calibration(state: State, level: str = "expert") -> WinChanceMap | None:
    """The map a hint of `level` puts its estimates through in this game and player count
    (None: the search's own figures are shown)."""
    return win_chance_map(state.game.name, state.game.num_players, level)


def _rated(choice: Choice, calibration: WinChanceMap | None) -> Alternative:
    if calibration is None or choice.exact:
        return Alternative(choice.move, choice.value, choice.exact, choice.weight)
    chance = calibration(choice.value)
    return Alternative(choice.move, chance, choice.exact, choice.weight, choice.value)


def compare(
    state: State,
    moves: Sequence[str],
    level: str = "expert",
    budget: Budget | None = None,
    seed: int | None = 0,
    calibrate: bool = True,
) -> list[Alternative]:
    """The given legal moves rated with equal effort by the level's search, best first
    (by the search's own figures; calibrated as a hint's unless `calibrate` is false).

    A hint's search spends little on moves it soon thinks poor; a review that wants the
    cost of such a move asks here (MCTS searches each move with the whole budget)."""
    if state.current_player < 0:
        raise SpieltischError(_("a hint needs a position where a player is to move"))
    choices = _search_agent(state, level, budget, seed).compare(state, moves)
    calibration = hint_calibration(state, level) if calibrate else None
    return [_rated(c, calibration) for c in choices]


def hint(
    state: State,
    level: str = "expert",
    budget: Budget | None = None,
    seed: int | None = 0,
    calibrate: bool = True,
) -> Hint:
    """The best move for the player to move in `state`, with its win chance and the
    alternatives ranked, by the level's search (default: the expert, about 1 s; a level
    that plays by rules of thumb gives way to the one-move-ahead greedy search). The
    win chances are calibrated where the level has a map (`hint_calibration`) unless
    `calibrate` is false."""
    player = state.current_player
    if player < 0:
        raise SpieltischError(_("a hint needs a position where a player is to move"))
    choices: list[Choice] = _search_agent(state, level, budget, seed).analyse(state)
    calibration = hint_calibration(state, level) if calibrate else None
    best, *others = (_rated(c, calibration) for c in choices)
    return Hint(
        player,
        best.move,
        best.win_chance,
        best.exact,
        others,
        best.weight,
        best.estimate,
    )
