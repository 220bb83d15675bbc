"""The coin race as a tensor: each player's share of the way, and the coin."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt


def observation_shape(game: Any) -> tuple[int, ...]:
    return (game.num_players + 2,)


def encode(state: Any, player: int | None) -> npt.NDArray[np.float32]:
    goal = state.game.options.goal
    shares = [min(p, goal) / goal for p in state.positions]
    coin = [float(state.coin == "heads"), float(state.coin == "tails")]
    return np.array([*shares, *coin], dtype=np.float32)
