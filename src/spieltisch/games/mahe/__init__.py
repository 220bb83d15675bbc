"""Mahé (Alex Randolph): a dice race of turtles around an island, carrying each other."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.mahe.rules import MaheGame, MaheOptions, MaheState

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
register(MaheGame, PARTS)

__all__ = ["PARTS", "MaheGame", "MaheOptions", "MaheState"]
