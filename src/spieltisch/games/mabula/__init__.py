"""Mabula (Néstor Romeral Andrés): marble pushing for two players."""

from spieltisch.games.mabula.rules import MabulaGame, MabulaOptions, MabulaState

__all__ = ["MabulaGame", "MabulaOptions", "MabulaState"]
