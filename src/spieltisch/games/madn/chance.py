"""Mensch ärgere Dich nicht's chance for the adapters: dice and the lot, all small."""

from __future__ import annotations

import math
from typing import Any

from spieltisch.core.chance import ChanceSupport
from spieltisch.core.protocol import Game


def _max_chance_outcomes(game: Game[Any]) -> int:
    """A die, or the lot of the seating order (every permutation of the players)."""
    return max(6, math.factorial(game.num_players))


def _max_game_length(game: Game[Any]) -> int:
    # Captures can repeat without end; random play stays far below this.
    return 20_000


SUPPORT = ChanceSupport(max_chance_outcomes=_max_chance_outcomes, max_game_length=_max_game_length)
