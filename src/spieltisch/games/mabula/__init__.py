"""Mabula (Néstor Romeral Andrés): marble pushing for two players."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.mabula.rules import MabulaGame, MabulaOptions, MabulaState

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
register(MabulaGame, PARTS)

__all__ = ["PARTS", "MabulaGame", "MabulaOptions", "MabulaState"]
