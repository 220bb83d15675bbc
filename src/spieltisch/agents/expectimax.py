"""Expectimax over the rest of a turn: dice decisions computed exactly.

From the position to decide, every continuation is expanded until the game's turn
*segment* ends (for Mahé: the moving turtle's move is over), taking the expectation over
each die by `chance_outcomes()` and the best choice of whoever decides at each decision
node (the controller of a Mahé stack need not be the player whose turn it is). The
positions where the segment ends are rated with the game's evaluation, as win chances per
player. So a roll/stop/card decision is exact against that evaluation.

A game names its segments with an optional `segment(state)` in its knowledge; without
one the segment is the turn of the player in `state.turn`.

With a budget the search deepens segment by segment (the rest of this move, then also the
next player's move, ...) up to `segments`, keeping the deepest search that finished
within the budget (nodes as iterations, or seconds); without one it searches `segments`
segments outright.

`use_compiled()` hands the search to the game's compiled copy where the game offers one
(`compiled_expectimax(max_depth, segments)` in its knowledge: Mensch ärgere Dich nicht's
hand-made evaluation): the same moves and values as without a budget, many times faster
(benchmarks/expert_speed.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from spieltisch.agents.base import UNLIMITED, Budget, Choice, Clock, OutOfBudget, SearchAgent
from spieltisch.agents.knowledge import hook, knowledge_for, utilities
from spieltisch.core import Game, LargeChanceNode, State


def turn_of(state: State) -> Hashable:
    """The default segment: whose turn it is."""
    return state.turn


class ExpectimaxAgent(SearchAgent):
    """Exact expectation over the dice up to the end of the segment; `max_depth` bounds
    the nodes on a path (a run of sixes could otherwise go on); `evaluation` names one
    the game offers (None: its default)."""

    name = "expectimax"

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        max_depth: int = 12,
        segments: int = 1,
        evaluation: str | None = None,
    ) -> None:
        super().__init__(game, seed, budget)
        self.knowledge = knowledge_for(game, evaluation)
        segment = hook(self.knowledge, "segment")
        self.segment: Callable[[State], Hashable] = segment if segment is not None else turn_of
        self.max_depth = max_depth
        self.segments = segments
        """How many segments to search: 1 the rest of this one, 2 also the next, ..."""
        self.nodes = 0
        """Nodes expanded by the last decision (for benchmarks and tests)."""
        self.depth = 0
        """Segments searched by the last decision."""
        self._clock = UNLIMITED
        self._compiled: Callable[[State], tuple[dict[int, float], int] | None] | None = None

    def use_compiled(self) -> bool:
        """Search on the game's compiled copy of this search from now on, where the game
        has one for this evaluation; whether it does. It reads no clock: one segment is
        what a budget gives too (the fallback below searches it whatever the clock says),
        but more are searched one by one while the budget lasts, so a search of more
        segments with a budget stays here."""
        offer = hook(self.knowledge, "compiled_expectimax")
        limited = self.budget.iterations is not None or self.budget.seconds is not None
        if offer is None or (self.segments > 1 and limited):
            return False
        self._compiled = offer(self.max_depth, self.segments)
        return self._compiled is not None

    def analyse(self, state: State) -> list[Choice]:
        me = state.current_player
        world = state.determinize(me, self.rng)
        self.nodes = 0
        compiled = self._compiled(world) if self._compiled is not None else None
        if compiled is not None:
            rated, self.nodes = compiled
            self.depth = self.segments
            return self._choices(state, {a: (v, 1.0, False) for a, v in rated.items()})
        budget = self.budget
        if budget.iterations is None and budget.seconds is None:
            depths = [self.segments]
            self._clock = UNLIMITED
        else:
            depths = list(range(1, self.segments + 1))
            self._clock = Clock(budget, None, check_every=64)
        values: dict[int, tuple[float, float, bool]] = {}
        for segments in depths:
            try:
                values = self._rate(world, me, segments)
            except OutOfBudget:
                break
            self.depth = segments
        if not values:  # not even the first segment fitted: search it regardless
            self._clock = UNLIMITED
            values = self._rate(world, me, 1)
            self.depth = 1
        return self._choices(state, values)

    def _rate(self, world: State, me: int, segments: int) -> dict[int, tuple[float, float, bool]]:
        segment = self.segment(world)
        values: dict[int, tuple[float, float, bool]] = {}
        for action in world.legal_actions():
            child = world.clone()
            child.apply(action)
            result = self.value(child, segment, self.max_depth, segments)
            values[action] = (result[me], 1.0, False)
        return values

    def value(self, state: State, segment: Hashable, depth: int, segments: int = 1) -> list[float]:
        """Expected win chances per player, each decision-maker choosing their best, until
        `segments` segments have ended (counting the one of `segment`)."""
        self.nodes += 1
        self._clock.spend(self.nodes)
        if depth <= 0 or state.is_terminal():
            return utilities(state, self.knowledge)
        here = self.segment(state)
        if here != segment:
            segments -= 1
            if segments <= 0:
                return utilities(state, self.knowledge)
            segment = here
        player = state.current_player
        if player >= 0:
            best: list[float] | None = None
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                result = self.value(child, segment, depth - 1, segments)
                if best is None or result[player] > best[player]:
                    best = result
            assert best is not None
            return best
        try:
            outcomes = state.chance_outcomes()
        except LargeChanceNode:
            return utilities(state, self.knowledge)
        total = [0.0] * self.game.num_players
        for token, probability in outcomes:
            child = state.clone()
            child.apply(token)
            result = self.value(child, segment, depth - 1, segments)
            for index, value in enumerate(result):
                total[index] += probability * value
        return total
