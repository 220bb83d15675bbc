"""Mensch ärgere Dich nicht under tournament rules (and OpenSpiel's maedn rules)."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.madn.rules import Madn, MadnOptions, MadnState

PARTS = GameParts(
    __name__,
    text="text",
    svg="svg",
    describe="describe",
    observation="observation",
    agent="agent",
    chance="chance",
    kernel="kernel",
    messages="messages",
    rules_summaries="rules",
    catalogs="locale",
)
register(Madn, PARTS)

__all__ = ["PARTS", "Madn", "MadnOptions", "MadnState"]
