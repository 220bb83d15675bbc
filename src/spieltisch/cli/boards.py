"""How the CLI draws a position: the game's declared text board when it has one."""

from __future__ import annotations

import json

from rich.console import RenderableType
from rich.text import Text

from spieltisch.core import State
from spieltisch.core.reflow import Reflowing, ReflowText
from spieltisch.core.registry import parts


def render_board(state: State, player: int | None = None) -> RenderableType:
    """The board as the game's text board draws it for that seat, else its view as JSON."""
    board = parts(state.game).text_board
    if board is None:
        return Text(json.dumps(state.view(player), indent=1, ensure_ascii=False))
    drawn: RenderableType = board(state, player)
    if isinstance(drawn, ReflowText):
        return Reflowing(drawn)  # chooses its layout by the width it is drawn into
    return drawn
