"""The names people read for the computer players: a level or an agent in the reader's
language ("leicht", "facile"), never its id ("easy"). Ids stay in records, URLs and
command lines; every surface that shows one to a person asks here."""

from __future__ import annotations

from spieltisch.agents.messages import _
from spieltisch.core.i18n import N_
from spieltisch.core.identity import level_of

LEVEL_NAMES: dict[str, str] = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "greedy": N_("greedy"),
    "policy": N_("rule of thumb"),
    "mcts": N_("tree search (MCTS)"),
    "ismcts": N_("tree search (IS-MCTS)"),
    "expectimax": N_("expectimax search"),
    "alphabeta": N_("alpha-beta search"),
    "endgame": N_("tree search (MCTS), exact near the end"),
}


def level_name(level: str) -> str:
    """A level's or agent's name in the current language; `level:easy` (a tournament's
    computer player) reads as the level; an unknown id is shown as it is."""
    bare = level_of(level) or level
    return _(LEVEL_NAMES[bare]) if bare in LEVEL_NAMES else level
