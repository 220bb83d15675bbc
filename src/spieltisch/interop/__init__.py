"""Adapters to the reinforcement-learning APIs people already use (extra `rl`).

- `spieltisch.interop.openspiel`: importing it registers every game with pyspiel as
  `python_spieltisch_<game>`.
- `spieltisch.interop.pettingzoo`: `env(game, **options)`, an AEC environment per game.
- `spieltisch.interop.gymnasium`: single-agent environments `spieltisch/<Game>-v0`.

All three share each game's declared observation part (see `observation_for`).
Nothing here is imported by `import spieltisch`.
"""

from __future__ import annotations

import json
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from spieltisch.core import Game, State, parts


class ObservationModule(Protocol):
    """What a game's observation part provides."""

    def observation_shape(self, game: Any) -> tuple[int, ...]: ...

    def encode(self, state: Any, player: int | None) -> npt.NDArray[np.float32]: ...


def observation_for(game: Game[Any]) -> ObservationModule:
    """The observation part of a game: `observation_shape(game)` and `encode(state, player)`."""
    module = parts(game).observation_module
    if module is None:
        raise NotImplementedError(
            f"{game.title} has no observation encoding: declare an observation part"
        )
    return cast(ObservationModule, module)


def render_text(state: State, player: int | None) -> str:
    """The board as plain text from the game's text board, as seen from `player`.

    Falls back to the JSON of `state.view(player)` for a game without a text board.
    """
    board = parts(state.game).text_board
    if board is None:
        return json.dumps(state.view(player), ensure_ascii=False, indent=1)
    return str(board(state, player).plain)
