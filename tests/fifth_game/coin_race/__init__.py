"""Coin race, a fifth game kept outside spieltisch: one folder and this one registration.

The fifth-game test copies this folder somewhere temporary and imports it from there.
"""

from spieltisch.core import GameParts, register

from .rules import CoinRace, CoinRaceOptions, CoinRaceState

register(
    CoinRace,
    GameParts(
        __name__,
        text="text",
        describe="describe",
        observation="observation",
        agent="agent",
        rules_summaries="rules",
    ),
)

__all__ = ["CoinRace", "CoinRaceOptions", "CoinRaceState"]
