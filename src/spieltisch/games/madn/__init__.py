"""Mensch ärgere Dich nicht under tournament rules (and OpenSpiel's maedn rules)."""

from spieltisch.games.madn.rules import Madn, MadnOptions, MadnState

__all__ = ["Madn", "MadnOptions", "MadnState"]
