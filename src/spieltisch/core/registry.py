"""The registry of games: a game joins with one `register` call in its package.

The registry is also the one place that knows where a game keeps its parts (`parts`)
and that turns a record's game name into a game (`load_record`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

from spieltisch.core.errors import IllegalMove, OptionError, RecordError, UnknownGame
from spieltisch.core.game_parts import GameParts
from spieltisch.core.protocol import Game, GameInfo, State
from spieltisch.core.records import FORMAT, read_record

_GAMES: dict[str, type[Game[Any]]] = {}
_PARTS: dict[type[Game[Any]], GameParts] = {}

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
    _PARTS[cls] = parts if parts is not None else GameParts(cls.__module__)
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
    cls = (
        game_class(game)
        if isinstance(game, str)
        else game
        if isinstance(game, type)
        else type(game)
    )
    declared = _PARTS.get(cls)
    return declared if declared is not None else GameParts(cls.__module__)


def games() -> list[GameInfo]:
    return [cls.info() for cls in _GAMES.values()]


def load(name: str, **options: Any) -> Game[Any]:
    """A game with validated options; a bad option raises OptionError naming what is allowed."""
    cls = game_class(name)
    return cls(cls.Options.parse(options))


def load_record(source: Mapping[str, Any] | str | Path) -> State:
    """Rebuild the final position of a record, checking it on the way."""
    data = read_record(source)
    if data.get("format") != FORMAT:
        raise RecordError(
            f"not a spieltisch record: format is {data.get('format')!r}, expected {FORMAT!r}"
        )
    for key, kind in (("game", str), ("options", dict), ("history", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}")
    try:
        game = load(data["game"], **data["options"])
    except (UnknownGame, OptionError) as exc:
        raise RecordError(f"record cannot be loaded: {exc}") from None
    players = data.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != game.num_players):
        raise RecordError(f"record field 'players' must list {game.num_players} names")
    state = game.new_state()
    for index, entry in enumerate(data["history"]):
        if not isinstance(entry, str):
            raise RecordError(f"history entry {index} is {entry!r}: entries are notation strings")
        try:
            state.apply(entry)
        except IllegalMove as exc:
            raise RecordError(f"history entry {index} ({entry!r}) does not replay: {exc}") from None
    result = data.get("result")
    if result is not None:
        if not state.is_terminal():
            raise RecordError(
                "record has a result but its history does not reach the end of the game"
            )
        if isinstance(result, dict) and result.get("ranking") not in (None, state.ranking()):
            raise RecordError(
                f"record's ranking {result.get('ranking')} disagrees with "
                f"its history ({state.ranking()})"
            )
    return state
