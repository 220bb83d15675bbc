"""Simulation: playing many games between agents and summarising them."""

from spieltisch.sim.batch import Summary, simulate
from spieltisch.sim.play import GameResult, play_game, play_one

__all__ = ["GameResult", "Summary", "play_game", "play_one", "simulate"]
