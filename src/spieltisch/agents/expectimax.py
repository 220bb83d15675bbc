"""Expectimax over the rest of a turn: dice decisions computed exactly.

From the position to decide, every continuation is expanded until the game's turn
*segment* ends (for Mahé: the moving turtle's move is over), taking the expectation over
each die by `chance_outcomes()` and the best choice of whoever decides at each decision
node (the controller of a Mahé stack need not be the player whose turn it is). The
positions where the segment ends are rated with the game's evaluation, as win chances per
player. So a roll/stop/card decision is exact against that evaluation.

A game names its segments with an optional `segment(state)` in its knowledge; without
one the segment is the turn of the player in `view(None)["turn"]`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from spieltisch.agents.base import Budget, Choice, SearchAgent
from spieltisch.agents.knowledge import hook, knowledge_for, utilities
from spieltisch.core import Game, LargeChanceNode, State


def turn_of(state: State) -> Hashable:
    """The default segment: whose turn it is, as every game's view tells."""
    turn: Hashable = state.view(None).get("turn")
    return turn


class ExpectimaxAgent(SearchAgent):
    """Exact expectation over the dice up to the end of the segment; `max_depth` bounds
    the nodes on a path (a run of sixes could otherwise go on)."""

    name = "expectimax"

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        max_depth: int = 12,
    ) -> None:
        super().__init__(game, seed, budget)
        self.knowledge = knowledge_for(game)
        segment = hook(self.knowledge, "segment")
        self.segment: Callable[[State], Hashable] = segment if segment is not None else turn_of
        self.max_depth = max_depth
        self.nodes = 0
        """Nodes expanded by the last decision (for benchmarks and tests)."""

    def analyse(self, state: State) -> list[Choice]:
        me = state.current_player
        world = state.determinize(me, self.rng)
        self.nodes = 0
        segment = self.segment(world)
        values: dict[int, tuple[float, float, bool]] = {}
        for action in world.legal_actions():
            child = world.clone()
            child.apply(action)
            values[action] = (self.value(child, segment, self.max_depth)[me], 1.0, False)
        return self._choices(state, values)

    def value(self, state: State, segment: Hashable, depth: int) -> list[float]:
        """Expected win chances per player, deciding optimally until the segment ends."""
        self.nodes += 1
        if depth <= 0 or state.is_terminal() or self.segment(state) != segment:
            return utilities(state, self.knowledge)
        player = state.current_player
        if player >= 0:
            best: list[float] | None = None
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                result = self.value(child, segment, depth - 1)
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
            result = self.value(child, segment, depth - 1)
            for index, value in enumerate(result):
                total[index] += probability * value
        return total
