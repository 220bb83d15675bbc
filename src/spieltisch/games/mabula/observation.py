"""Mabula as numbers for learning agents: three 8 × 8 float32 planes with values 0 or 1.

Shared by the OpenSpiel, PettingZoo and Gymnasium adapters (`spieltisch.interop`). Built from
`state.view(player)`; nothing in Mabula is hidden.

The planes are indexed `[plane, row, column]` with row 0 = rank 1 and column 0 = file a, so
square `c2` is `[:, 1, 2]`. The corners a1, h1, a8, h8 are never set. Colours are relative to
the observer (player None, a spectator, reads as player 0, white):

| plane | meaning                                                         |
| ----- | --------------------------------------------------------------- |
| 0     | the observer's marbles, on the edge and in the field            |
| 1     | the opponent's marbles                                          |
| 2     | all ones when it is the observer's turn, else all zeros         |
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from spieltisch.games.mabula.geometry import cell_of
from spieltisch.games.mabula.rules import COLOUR_LETTERS, MabulaGame, MabulaState

SIZE = 8


def observation_shape(game: MabulaGame) -> tuple[int, ...]:
    """The shape of `encode`'s array: (3, 8, 8) for every Mabula game."""
    return (3, SIZE, SIZE)


def encode(state: MabulaState, player: int | None) -> npt.NDArray[np.float32]:
    """The observation of `player` (None: a spectator) as (3, 8, 8) float32 planes."""
    me = player or 0
    view = state.view(player)
    out = np.zeros(observation_shape(state.game), dtype=np.float32)
    mine = COLOUR_LETTERS[me]
    for square, letter in view["board"].items():
        column, row = cell_of(square)
        out[0 if letter == mine else 1, row, column] = 1.0
    if view["turn"] == me:
        out[2] = 1.0
    return out
