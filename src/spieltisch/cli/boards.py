"""How the CLI draws a position: the game's own text.py when it has one."""

from __future__ import annotations

import importlib
import json

from rich.console import RenderableType
from rich.text import Text

from spieltisch.core import State


def render_board(state: State, player: int | None = None) -> RenderableType:
    """The board as the game's `text.render` draws it for that seat, else its view as JSON."""
    package = type(state.game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.text")
    except ModuleNotFoundError:
        return Text(json.dumps(state.view(player), indent=1, ensure_ascii=False))
    board: RenderableType = module.render(state, player)
    return board
