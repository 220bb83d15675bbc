"""Mahé (Alex Randolph): a dice race of turtles around an island, carrying each other."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.mahe.rules import MaheGame, MaheOptions, MaheState

PARTS = GameParts.standard(__name__)
register(MaheGame, PARTS)

__all__ = ["PARTS", "MaheGame", "MaheOptions", "MaheState"]
