"""Mensch ärgere Dich nicht under tournament rules (and OpenSpiel's maedn rules)."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.madn.rules import Madn, MadnOptions, MadnState

PARTS = GameParts.standard(__name__)
register(Madn, PARTS)

__all__ = ["PARTS", "Madn", "MadnOptions", "MadnState"]
