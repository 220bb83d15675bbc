"""The weights of Mensch ärgere Dich nicht's hand-made evaluation (`agent.MadnKnowledge`),
in one place for it and its compiled copies (`rollouts.py`, `expectimax.py`), which must
not import the agent part that offers them.

The weights `ENTERED`, `RISK` and `CONVEX` were tuned by playing the greedy agent (one
move ahead with this evaluation) against the rules of thumb of `playout_action` over
1,000 to 1,500 four-player games per setting: the tuned ones win 30.5% of them (a fair
share is 25%), the first guesses (10, 0.75, 0.5) 27.3%; a strongly convex worth of late
fields (1.5) drops it to 6%.
"""

from __future__ import annotations

FINISHED = 1000.0
"""Strength of a player who is home, minus a step for each earlier finisher."""

ENTERED = 3.0
"""A piece on the track is worth this plus the fields it has travelled."""

HOME = 72.0
"""A piece in the goal, plus 2 for each field deeper."""

SPREAD = 8.0
"""The spread of the strengths when the game is nearly over."""

RISK = 0.25
"""Share of a threatened piece's worth counted as lost, per attacker chance."""


CONVEX = 0.3
"""Extra worth of fields travelled late: the same die is worth more to an advanced piece,
so pieces are brought home one by one rather than all exposed at once."""


def piece_value(rel: int) -> float:
    if rel >= 40:
        return HOME + 2.0 * (rel - 40)
    return ENTERED + rel + CONVEX * rel * rel / 40.0
