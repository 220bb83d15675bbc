"""Information-set MCTS for games with hidden cards (David & Goliath).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration deals the
cards the searching player cannot see anew with `state.determinize(player, rng)`, so one
tree gathers statistics over all the worlds consistent with what the player has seen.
Moves are edges whatever world they were played in; because a move is legal only in
some worlds (an opponent may or may not hold a card), a child's upper confidence bound
counts the visits in which it was available instead of its parent's visits. Opponents
choose by the same statistics, so nobody in the tree plays with knowledge of hidden cards.
"""

from __future__ import annotations

from spieltisch.agents.mcts import MCTSAgent


class ISMCTSAgent(MCTSAgent):
    """MCTS over information sets: determinize each iteration, count availability."""

    name = "ismcts"
    availability = True
