"""Mabula (Néstor Romeral Andrés): marble pushing for two players."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.mabula.rules import MabulaGame, MabulaOptions, MabulaState

PARTS = GameParts.standard(__name__)
register(MabulaGame, PARTS)

__all__ = ["PARTS", "MabulaGame", "MabulaOptions", "MabulaState"]
