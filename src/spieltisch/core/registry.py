"""The registry of games: a game joins by decorating its Game class with @register."""

from __future__ import annotations

from typing import Any, TypeVar

from spieltisch.core.errors import UnknownGame
from spieltisch.core.protocol import Game, GameInfo

_GAMES: dict[str, type[Game[Any]]] = {}

T = TypeVar("T", bound=type[Game[Any]])


def register(cls: T) -> T:
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"a game named {cls.name!r} is registered already")
    cls.Options.game_name = cls.name
    _GAMES[cls.name] = cls
    return cls


def game_names() -> list[str]:
    return list(_GAMES)


def game_class(name: str) -> type[Game[Any]]:
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(name, game_names()) from None


def games() -> list[GameInfo]:
    return [cls.info() for cls in _GAMES.values()]


def load(name: str, /, **options: Any) -> Game[Any]:
    """A game with validated options; a bad option raises OptionError naming what is allowed.

    The name is positional-only, so that no option's name can collide with it.
    """
    cls = game_class(name)
    return cls(cls.Options.parse(options))
