"""Greedy: one move ahead, rated by the game's evaluation (and the die that follows it)."""

from __future__ import annotations

from typing import Any

from spieltisch.agents.base import Agent, Budget, Choice, SearchAgent
from spieltisch.agents.knowledge import hook, knowledge_for, utilities
from spieltisch.agents.messages import _
from spieltisch.core import Game, LargeChanceNode, State


class Noisy(Agent):
    """The easy levels' noise: with chance `noise` a random move instead of the agent's."""

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        noise: float = 0.0,
    ) -> None:
        super().__init__(game, seed, budget)
        self.knowledge = knowledge_for(game)
        self.noise = noise

    def random_move(self, state: State) -> str | None:
        """A random legal move with chance `noise` (never when there is no choice)."""
        actions = state.legal_actions()
        if len(actions) > 1 and self.noise and self.rng.random() < self.noise:
            return self.game.action_to_move(self.rng.choice(actions))
        return None


class GreedyAgent(Noisy, SearchAgent):
    """Plays the move whose position the evaluation likes best for the mover.

    A small chance node right after the move (a die) is expanded exactly; hidden
    information is filled in once per decision with `determinize`, so the evaluation
    never sees what the player may not see. `noise` is the chance of a random move
    instead (for the easy levels).
    """

    name = "greedy"

    def choose(self, state: State) -> str:
        return self.random_move(state) or super().choose(state)

    def analyse(self, state: State) -> list[Choice]:
        me = state.current_player
        world = state.determinize(me, self.rng)
        values: dict[int, tuple[float, float, bool]] = {}
        for action in world.legal_actions():
            child = world.clone()
            child.apply(action)
            values[action] = (self._expected(child, me), 1.0, False)
        return self._choices(state, values)

    def _expected(self, state: State, me: int) -> float:
        if state.is_chance_node():
            try:
                outcomes = state.chance_outcomes()
            except LargeChanceNode:
                outcomes = []
            if outcomes:
                total = 0.0
                for token, probability in outcomes:
                    child = state.clone()
                    child.apply(token)
                    total += probability * utilities(child, self.knowledge)[me]
                return total
        return utilities(state, self.knowledge)[me]


class PolicyAgent(Noisy):
    """Plays the game's fast playout policy: quick rules of thumb, no search; `noise` is
    the chance of a random move instead (for the easy levels). With `rules="own"` it
    plays the game's `policy_action` instead, a level's own rules of thumb where the
    playouts want something else (David & Goliath's easy level)."""

    name = "policy"

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        noise: float = 0.0,
        rules: str = "playouts",
    ) -> None:
        super().__init__(game, seed, budget, noise)
        own = hook(self.knowledge, "policy_action")
        if rules not in ("playouts", "own") or (rules == "own" and own is None):
            allowed = "playouts, own" if own is not None else "playouts"
            raise ValueError(
                _("rules={rules} for {game}: allowed are {allowed}").format(
                    rules=repr(rules), game=game.name, allowed=allowed
                )
            )
        self.policy = own if rules == "own" and own is not None else self.knowledge.playout_action

    def choose(self, state: State) -> str:
        noisy = self.random_move(state)
        if noisy is not None:
            return noisy
        world = state.determinize(state.current_player, self.rng)
        return self.game.action_to_move(self.policy(world, self.rng))
