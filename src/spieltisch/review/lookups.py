"""The game's parts the review shows: moves in words and the board.

Interim: found by module name beside the game's rules, until the registry's parts
lookup is on main; then these two functions ask the registry instead.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from spieltisch.core import State

_MODULES: dict[tuple[str, str], ModuleType | None] = {}


def _part(state: State, name: str) -> ModuleType | None:
    package = type(state.game).__module__.rsplit(".", 1)[0]
    key = (package, name)
    if key not in _MODULES:
        module_name = f"{package}.{name}"
        try:
            _MODULES[key] = importlib.import_module(module_name)
        except ModuleNotFoundError as missing:
            if missing.name is None or not module_name.startswith(missing.name):
                raise
            _MODULES[key] = None
    return _MODULES[key]


def describe(state: State, move: str) -> str:
    """The move or chance outcome in words (the game's describe part), else its notation."""
    module = _part(state, "describe")
    if module is None:
        return move
    words: str = module.describe_move(state, move)
    return words


def text_board(state: State) -> ModuleType | None:
    """The game's text board module (`render(state, player)`), if it has one."""
    return _part(state, "text")


def svg_board(state: State) -> ModuleType | None:
    """The game's SVG board module (`board(view, ...)`), if it has one."""
    return _part(state, "svg")
