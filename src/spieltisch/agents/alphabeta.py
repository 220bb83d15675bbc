"""Alpha-beta search for two-player games without chance after the set-up (Mabula).

Iterative deepening with a transposition table and the game's evaluation at the horizon.
In the endgame (when the game's `remaining(state)`, an upper bound on the moves left, is
at most `endgame`) the search goes to the end of the game and only win, draw and loss
count: those moves are played perfectly. A player who cannot move passes by itself, so
the same player may move twice in a row; the search is plain minimax from the searching
player's side, which handles that without special cases.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from spieltisch.agents.base import (
    UNLIMITED,
    AgentError,
    Budget,
    Choice,
    Clock,
    OutOfBudget,
    SearchAgent,
)
from spieltisch.agents.knowledge import beats, hook, knowledge_for
from spieltisch.core import Game, State

WIN = 1_000_000.0
"""The value of a won game; evaluations stay far below it."""

EXACT_DEPTH = 1000
"""The depth of an exact search: deeper than any game lasts."""

LOWER, UPPER, EXACT = 0, 1, 2


class AlphaBetaAgent(SearchAgent):
    """Alpha-beta with iterative deepening; exact (win/draw/loss) in the endgame.

    The budget counts nodes (`iterations`) or seconds; the default is 20 000 nodes. The
    exact endgame search ignores the budget, so `endgame` must stay small enough to be
    fast (the game's knowledge offers a suitable default as `endgame`).
    """

    name = "alphabeta"
    default_nodes = 20_000

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        endgame: int | None = None,
        max_depth: int = 64,
    ) -> None:
        if game.num_players != 2:
            raise AgentError(f"alpha-beta plays two-player games, not {game.title}")
        super().__init__(game, seed, budget)
        self.knowledge = knowledge_for(game)
        self.remaining: Callable[[State], int] | None = hook(self.knowledge, "remaining")
        self.key: Callable[[State], Hashable] | None = hook(self.knowledge, "key")
        self.order: Callable[[State, list[int]], list[int]] | None = hook(self.knowledge, "order")
        returns: Callable[[State], list[float]] | None = hook(self.knowledge, "returns")
        self.returns: Callable[[State], list[float]] = returns or type(self)._returns
        default_endgame: int = getattr(self.knowledge, "endgame", 0)
        self.endgame = endgame if endgame is not None else default_endgame
        self.max_depth = max_depth
        self.nodes = 0
        self.depth = 0
        """Nodes and completed depth of the last search (EXACT_DEPTH: solved)."""
        self._table: dict[Hashable, tuple[int, int, float, int]] = {}
        self._cutoffs: list[list[int]] = []
        """History heuristic: per player and action, the cut-offs it caused."""
        self._clock = UNLIMITED
        self._me = 0
        self.best = -1
        """The best root move of the last search."""

    # -- the interface ------------------------------------------------------------------

    def choose(self, state: State) -> str:
        actions = state.legal_actions()
        if len(actions) == 1:
            return self.game.action_to_move(actions[0])
        self.search(state, full=False)
        return self.game.action_to_move(self.best)

    def analyse(self, state: State) -> list[Choice]:
        return self._choices(state, self._rated(self.search(state, full=True)))

    def solved(self, state: State) -> bool:
        """Whether `state` is in the endgame the search solves exactly."""
        return self.remaining is not None and self.remaining(state) <= self.endgame

    def search(self, state: State, full: bool = True) -> dict[int, float]:
        """Minimax values of the root moves for the player to move (±WIN, 0 when exact).

        With `full` every move gets its own value; otherwise moves worse than the best
        get an upper bound only, which is faster.
        """
        self._me = state.current_player
        self._table = {}
        self._cutoffs = [[0] * self.game.num_actions for _ in range(2)]
        self.nodes = 0
        actions = state.legal_actions()
        if self.solved(state):
            self._clock = UNLIMITED
            self.depth = EXACT_DEPTH
            return self._root(state, actions, EXACT_DEPTH, full)
        self._clock = Clock(self.budget, self.default_nodes, check_every=256)
        values: dict[int, float] = {}
        self.depth = 0
        completed = -1
        for depth in range(1, self.max_depth + 1):
            try:
                values = self._root(state, actions, depth, full)
            except OutOfBudget:
                self.best = completed
                break
            self.depth = depth
            completed = self.best
            best = max(values.values())
            if abs(best) >= WIN:
                break  # a forced result: deeper search changes nothing
            best_action = self.best
            actions = sorted(actions, key=lambda a: -values[a])
            actions.remove(best_action)
            actions.insert(0, best_action)
        if not values:  # not even depth 1 fitted the budget: rate by depth 1 anyway
            self._clock = UNLIMITED
            values = self._root(state, actions, 1, full)
            self.depth = 1
        return values

    def _rated(self, values: dict[int, float]) -> dict[int, tuple[float, float, bool]]:
        exact = self.depth == EXACT_DEPTH
        rated: dict[int, tuple[float, float, bool]] = {}
        for action, value in values.items():
            if abs(value) >= WIN:
                chance = 1.0 if value > 0 else 0.0
            elif exact:
                chance = 0.5
            else:
                chance = beats(value)
            rated[action] = (chance, 1.0, exact or abs(value) >= WIN)
        return rated

    # -- the search ---------------------------------------------------------------------

    def _root(
        self, state: State, actions: Sequence[int], depth: int, full: bool
    ) -> dict[int, float]:
        """Values of the root moves. Values never leave [-WIN, WIN], so the widest
        window is (-WIN, WIN); an exact search only tells win, draw and loss apart, for
        which the window (-1, 1) suffices."""
        values: dict[int, float] = {}
        best = -WIN - 1.0
        exact = depth == EXACT_DEPTH
        low, high = (-1.0, 1.0) if exact else (-WIN, WIN)
        alpha = low
        for action in actions:
            child = state.clone()
            child.apply(action)
            value = self._value(child, depth - 1, low if full else alpha, high)
            if exact:
                value = WIN if value >= 1.0 else -WIN if value <= -1.0 else 0.0
            values[action] = value
            if value > best:  # the first of equal values: later ones may be bounds
                best = value
                self.best = action
            if value >= WIN and not full:
                break  # a won move: nothing can be better
            alpha = max(alpha, value)
        return values

    def _value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """Minimax value for the searching player, within (alpha, beta) fail-soft."""
        self.nodes += 1
        self._clock.spend(self.nodes)
        player = state.current_player
        me = self._me
        if player < 0:  # the end (no chance after the set-up)
            return self.returns(state)[me] * WIN
        if depth <= 0:
            return self._evaluate(state)
        key = self.key(state) if self.key is not None else None
        first = -1
        if key is not None:
            entry = self._table.get(key)
            if entry is not None:
                stored_depth, flag, stored, first = entry
                if stored_depth >= depth:
                    if flag == EXACT:
                        return stored
                    if flag == LOWER and stored >= beta:
                        return stored
                    if flag == UPPER and stored <= alpha:
                        return stored
        actions = state.legal_actions()
        if self.order is not None:
            actions = self.order(state, actions)
        history = self._cutoffs[player]
        actions.sort(key=lambda a: -history[a])
        if first in actions:
            actions.remove(first)
            actions.insert(0, first)
        original_alpha, original_beta = alpha, beta
        maximising = player == me
        best = -WIN - 1.0 if maximising else WIN + 1.0
        best_action = actions[0]
        for action in actions:
            child = state.clone()
            child.apply(action)
            value = self._value(child, depth - 1, alpha, beta)
            if maximising:
                if value > best:
                    best, best_action = value, action
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_action = value, action
                if value < beta:
                    beta = value
            if alpha >= beta:
                history[action] += 1
                break
        if key is not None:
            if best <= original_alpha:
                flag = UPPER
            elif best >= original_beta:
                flag = LOWER
            else:
                flag = EXACT
            self._table[key] = (depth, flag, best, best_action)
        return best

    @staticmethod
    def _returns(state: State) -> list[float]:
        return state.returns()

    def _evaluate(self, state: State) -> float:
        """The searching player's lead in spreads (a z-score), far from ±WIN."""
        strengths, spread = self.knowledge.strengths(state)
        me = self._me
        return (strengths[me] - strengths[1 - me]) / (spread or 1.0)


class EndgameAgent(SearchAgent):
    """Another search for the opening and middle game, exact alpha-beta for the endgame.

    The expert of Mabula: MCTS until at most `endgame` marbles are left on the edge,
    from then on perfect play.
    """

    name = "endgame"

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        opening: SearchAgent | None = None,
        endgame: int | None = None,
    ) -> None:
        super().__init__(game, seed, budget)
        if opening is None:
            from spieltisch.agents.mcts import MCTSAgent

            opening = MCTSAgent(game, seed, budget)
        self.opening = opening
        self.exact = AlphaBetaAgent(game, seed, budget, endgame=endgame)

    def choose(self, state: State) -> str:
        if self.exact.solved(state):
            return self.exact.choose(state)
        return self.opening.choose(state)

    def analyse(self, state: State) -> list[Choice]:
        if self.exact.solved(state):
            return self.exact.analyse(state)
        return self.opening.analyse(state)

    def compare(self, state: State, moves: Sequence[str]) -> list[Choice]:
        if self.exact.solved(state):
            return self.exact.compare(state, moves)
        return self.opening.compare(state, moves)
