"""A game's parts the server shows: moves in words and the board as SVG.

Found through the game's package, never by naming a game (the registry's declared parts
will take this over).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from spieltisch.cli.play.moves import describe as describe_in_current_language
from spieltisch.core import State
from spieltisch.core.i18n import language

Board = Callable[..., str]
_BOARDS: dict[str, Board | None] = {}


def describe(state: State, move: str, lang: str) -> str:
    """`move` (played from `state`) in words, in `lang`."""
    with language(lang):
        try:
            return describe_in_current_language(state, move)
        except Exception:
            return move


def _board(state: State) -> Board | None:
    package = type(state.game).__module__.rsplit(".", 1)[0]
    if package not in _BOARDS:
        try:
            module = importlib.import_module(f"{package}.svg")
        except ModuleNotFoundError as missing:
            if missing.name is None or not f"{package}.svg".startswith(missing.name):
                raise
            _BOARDS[package] = None
        else:
            _BOARDS[package] = getattr(module, "board", None)
    return _BOARDS[package]


def board_svg(
    state: State,
    seat: int | None,
    legal_moves: Sequence[str],
    last_move: str | None,
    lang: str,
) -> str | None:
    """The board of `seat` as the game's `svg.board` draws it, or None without one."""
    board = _board(state)
    if board is None:
        return None
    view: dict[str, Any] = state.view(seat)
    with language(lang):
        return board(
            view, seat=seat, legal_moves=tuple(legal_moves), last_move=last_move, language=lang
        )
