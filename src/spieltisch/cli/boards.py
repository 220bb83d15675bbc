"""How the CLI draws a position: the game's declared text board when it has one."""

from __future__ import annotations

import json

from rich.console import RenderableType
from rich.text import Text

from spieltisch.core import State
from spieltisch.core.game_parts import GameParts
from spieltisch.core.marks import BoardMarks
from spieltisch.core.reflow import Reflowing, ReflowText
from spieltisch.core.registry import parts


def render_board(
    state: State,
    player: int | None = None,
    *,
    beside: bool = False,
    marks: BoardMarks | None = None,
) -> RenderableType:
    """The board as the game's text board draws it for that seat, else its view as JSON.
    `beside`: the interface shows whose turn it is and the game's panel (dice, trick)
    next to the board, so a game with a panel leaves them out of its board. `marks`:
    the last move and the highlighted one, where the board can mark them."""
    declared = parts(state.game)
    board = declared.text_board
    if board is None:
        return Text(json.dumps(state.view(player), indent=1, ensure_ascii=False))
    options = _marking(declared, marks)
    without_panel = declared.board_beside if beside else None
    drawn: RenderableType = (
        without_panel(state, player, beside=True, **options)
        if without_panel
        else board(state, player, **options)
    )
    if isinstance(drawn, ReflowText):
        return Reflowing(drawn)  # chooses its layout by the width it is drawn into
    return drawn


def render_panel(
    state: State, player: int | None = None, *, marks: BoardMarks | None = None
) -> Text | None:
    """What the game shows beside its board (the dice, the trick), or None without a
    panel; `marks` as for `render_board` (the trick's last card)."""
    declared = parts(state.game)
    panel = declared.panel
    if panel is None:
        return None
    shown: Text = panel(state.view(player), **_marking(declared, marks))
    return shown


def _marking(declared: GameParts, marks: BoardMarks | None) -> dict[str, BoardMarks]:
    """`marks=` for a game whose text board can mark moves; nothing for one that cannot."""
    if marks is None or declared.places is None:
        return {}
    return {"marks": marks}
