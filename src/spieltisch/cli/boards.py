"""How the CLI draws a position: the game's declared text board when it has one."""

from __future__ import annotations

import json

from rich.console import RenderableType
from rich.text import Text

from spieltisch.core import State
from spieltisch.core.reflow import Reflowing, ReflowText
from spieltisch.core.registry import parts


def render_board(
    state: State, player: int | None = None, *, beside: bool = False
) -> RenderableType:
    """The board as the game's text board draws it for that seat, else its view as JSON.
    `beside`: the interface shows whose turn it is and the game's panel (dice, trick)
    next to the board, so a game with a panel leaves them out of its board."""
    declared = parts(state.game)
    board = declared.text_board
    if board is None:
        return Text(json.dumps(state.view(player), indent=1, ensure_ascii=False))
    without_panel = declared.board_beside if beside else None
    drawn: RenderableType = (
        without_panel(state, player, beside=True) if without_panel else board(state, player)
    )
    if isinstance(drawn, ReflowText):
        return Reflowing(drawn)  # chooses its layout by the width it is drawn into
    return drawn
