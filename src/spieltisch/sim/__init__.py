"""Simulation: playing many games between agents and summarising them."""

from spieltisch.sim.batch import Summary, simulate
from spieltisch.sim.play import GameResult, play_game, play_one, play_randomly, random_step

__all__ = [
    "GameResult",
    "Summary",
    "play_game",
    "play_one",
    "play_randomly",
    "random_step",
    "simulate",
]
