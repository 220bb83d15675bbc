"""Adapters to the reinforcement-learning APIs people already use (extra `rl`).

- `spieltisch.interop.openspiel`: importing it registers every game with pyspiel as
  `python_spieltisch_<game>`.
- `spieltisch.interop.pettingzoo`: `env(game, **options)`, an AEC environment per game.
- `spieltisch.interop.gymnasium`: single-agent environments `spieltisch/<Game>-v0`.

All three share each game's observation encoding, `spieltisch.games.<game>.observation`
(see `observation_for`). Nothing here is imported by `import spieltisch`.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from spieltisch.core import Game, State


class ObservationModule(Protocol):
    """What `spieltisch.games.<game>.observation` provides."""

    def observation_shape(self, game: Any) -> tuple[int, ...]: ...

    def encode(self, state: Any, player: int | None) -> npt.NDArray[np.float32]: ...


def _game_package(game: Game[Any]) -> str:
    module = type(game).__module__
    return module.rsplit(".", 1)[0] if module.endswith(".rules") else module


def observation_for(game: Game[Any]) -> ObservationModule:
    """The observation module of a game: `observation_shape(game)` and `encode(state, player)`."""
    name = f"{_game_package(game)}.observation"
    try:
        return cast(ObservationModule, importlib.import_module(name))
    except ModuleNotFoundError as missing:
        raise NotImplementedError(
            f"{game.title} has no observation encoding: add {name.replace('.', '/')}.py"
        ) from missing


def text_module(game: Game[Any]) -> ModuleType | None:
    """The game's `text` module (`render(state, player) -> rich.text.Text`), if it has one."""
    try:
        return importlib.import_module(f"{_game_package(game)}.text")
    except ModuleNotFoundError:
        return None


def render_text(state: State, player: int | None) -> str:
    """The board as plain text from the game's `text.py`, as seen from `player`.

    Falls back to the JSON of `state.view(player)` for a game without a text board.
    """
    module = text_module(state.game)
    if module is None:
        import json

        return json.dumps(state.view(player), ensure_ascii=False, indent=1)
    return str(module.render(state, player).plain)
