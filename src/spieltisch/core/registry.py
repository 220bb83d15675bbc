"""The registry of games: a game joins with one `register` call in its package.

The registry is also the one place that knows where a game keeps its parts: `parts(name)`.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

from spieltisch.core.errors import UnknownGame
from spieltisch.core.game_parts import GameParts
from spieltisch.core.protocol import Game, GameInfo

_GAMES: dict[str, type[Game[Any]]] = {}

T = TypeVar("T", bound=type[Game[Any]])


@overload
def register(cls: T) -> T: ...


@overload
def register(cls: T, parts: GameParts) -> T: ...


def register(cls: T, parts: GameParts | None = None) -> T:
    """Register a Game class and declare its parts (none declared: only the rules)."""
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"a game named {cls.name!r} is registered already")
    cls.Options.game_name = cls.name
    cls.parts = parts if parts is not None else GameParts(cls.__module__)
    _GAMES[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take a game out of the registry (tests that register a game of their own)."""
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    return list(_GAMES)


def game_class(name: str) -> type[Game[Any]]:
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(name, game_names()) from None


def parts(game: str | Game[Any] | type[Game[Any]]) -> GameParts:
    """Where a game keeps its text board, SVG board, describe, observation, agent, chance
    splitter, kernel, catalogs and rules summaries: the one lookup for every interface."""
    if isinstance(game, str):
        return game_class(game).parts
    return game.parts


def games() -> list[GameInfo]:
    return [cls.info() for cls in _GAMES.values()]


def load(name: str, /, **options: Any) -> Game[Any]:
    """A game with validated options; a bad option raises OptionError naming what is allowed.

    The name is positional-only, so that no option's name can collide with it.
    """
    cls = game_class(name)
    return cls(cls.Options.parse(options))
