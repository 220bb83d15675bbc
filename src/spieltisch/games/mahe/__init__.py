"""Mahé (Alex Randolph): a dice race of turtles around an island, carrying each other."""

from spieltisch.games.mahe.rules import MaheGame, MaheOptions, MaheState

__all__ = ["MaheGame", "MaheOptions", "MaheState"]
