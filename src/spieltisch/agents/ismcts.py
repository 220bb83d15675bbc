"""Information-set MCTS for games with hidden cards (David & Goliath).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration deals the
cards the searching player cannot see anew with `state.determinize(player, rng)`, so one
tree gathers statistics over all the worlds consistent with what the player has seen.
Moves are edges whatever world they were played in; because a move is legal only in
some worlds (an opponent may or may not hold a card), a child's upper confidence bound
counts the visits in which it was available instead of its parent's visits. Opponents
choose by the same statistics, so nobody in the tree plays with knowledge of hidden cards.

`sampler` names how the worlds are dealt: None deals the unseen cards uniformly among
the deals consistent with what was seen; a game may offer others through its knowledge
(`samplers`), such as David & Goliath's "inferred", which weighs the deals by where the
public plays say the cards are (issue 49).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spieltisch.agents.base import Budget
from spieltisch.agents.knowledge import hook
from spieltisch.agents.mcts import MCTSAgent
from spieltisch.core import Game, State


class ISMCTSAgent(MCTSAgent):
    """MCTS over information sets: determinize each iteration, count availability."""

    name = "ismcts"
    availability = True

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        exploration: float = 0.7,
        playout_depth: int | None = None,
        sampler: str | None = None,
    ) -> None:
        super().__init__(game, seed, budget, exploration, playout_depth)
        self.sampler: Callable[..., State] | None = None
        if sampler is not None:
            offered = hook(self.knowledge, "samplers")
            found = offered().get(sampler) if offered is not None else None
            if found is None:
                raise ValueError(f"{game.name} offers no sampler {sampler!r} for IS-MCTS")
            self.sampler = found()
        self.sampler_name = sampler

    def world(self, state: State, player: int) -> State:
        if self.sampler is None:
            return state.determinize(player, self.rng)
        return self.sampler(state, player, self.rng)
