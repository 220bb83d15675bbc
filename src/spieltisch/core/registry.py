"""The registry of games: a game joins with one `register` call in its package.

The registry is also the one place that knows where a game keeps its parts (`parts`)
and that turns a record's game name into a game (`load_record`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

from spieltisch.core.errors import IllegalMove, OptionError, RecordError, UnknownGame, shorten
from spieltisch.core.finders import find_games
from spieltisch.core.game_parts import GameParts
from spieltisch.core.messages import _, _n
from spieltisch.core.protocol import Game, GameInfo, State
from spieltisch.core.records import ends_by_resigning, nobody_left, read_record, resigned_result

_GAMES: dict[str, type[Game[Any]]] = {}
_PARTS: dict[type[Game[Any]], GameParts] = {}
_FOUND = {"all": False}


def _all_games() -> dict[str, type[Game[Any]]]:
    """The registry, after the finders have imported every game (on first need rather
    than on `import spieltisch`, which stays light: core.finders)."""
    if not _FOUND["all"]:
        _FOUND["all"] = True
        try:
            find_games(None)
        except BaseException:
            _FOUND["all"] = False
            raise
        # listed by name, whichever game was asked for first
        ordered = dict(sorted(_GAMES.items()))
        _GAMES.clear()
        _GAMES.update(ordered)
    return _GAMES


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
    cls.Options.game_title = cls.title
    _PARTS[cls] = parts if parts is not None else GameParts(cls.__module__)
    _GAMES[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take a game out of the registry (tests that register a game of their own)."""
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    return list(_all_games())


def game_class(name: str) -> type[Game[Any]]:
    if name not in _GAMES and not _FOUND["all"]:
        find_games(name)
    try:
        return _GAMES[name] if name in _GAMES else _all_games()[name]
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
    return [cls.info() for cls in _all_games().values()]


def load(name: str, /, **options: Any) -> Game[Any]:
    """A game with validated options; a bad option raises OptionError naming what is allowed.

    The name is positional-only, so that no option's name can collide with it.
    """
    cls = game_class(name)
    return cls(cls.Options.parse(options))


def load_record(source: Mapping[str, Any] | str | Path) -> State:
    """Rebuild the final position of a record, checking it on the way: its shape, each
    history entry, the player names, and the stored result against the replayed one."""
    data = read_record(source)
    try:
        game = load(data["game"], **data["options"])
    except (UnknownGame, OptionError) as exc:
        raise RecordError(_("record cannot be loaded: {reason}").format(reason=exc)) from None
    players = data["players"]
    if players is not None and len(players) != game.num_players:
        raise RecordError(
            _n(
                "record field 'players' must list {count} name, not {given}",
                "record field 'players' must list {count} names, not {given}",
                game.num_players,
            ).format(count=game.num_players, given=len(players))
        )
    state = game.new_state()
    for index, entry in enumerate(data["history"]):
        try:
            state.apply(entry)
        except IllegalMove as exc:
            raise RecordError(
                _("history entry {index} ({entry}) does not replay: {reason}").format(
                    index=index, entry=shorten(entry), reason=exc
                )
            ) from None
    result = data["result"]
    if result is not None:
        _check_result(state, result)
    return state


def _check_result(state: State, stored: Mapping[str, Any]) -> None:
    """The stored result must be the replayed game's, to the last score and return (with
    the seats that resigned ranked last)."""
    resigned = stored.get("resigned")
    players = state.game.num_players
    if resigned is not None and (
        not resigned
        or len(set(resigned)) != len(resigned)
        or not set(resigned) <= set(range(players))
    ):
        raise RecordError(
            _("record's result names resigned seats {seats}: seats 0 to {last}, each once").format(
                seats=shorten(resigned), last=players - 1
            )
        )
    computers = stored.get("computers") or []
    if not set(computers) <= set(range(players)) - set(resigned or ()):
        raise RecordError(
            _(
                "record's result names computer seats {seats}: seats 0 to {last} that did not "
                "resign"
            ).format(seats=shorten(computers), last=players - 1)
        )
    ended = resigned and (
        ends_by_resigning(players, resigned) or nobody_left(players, resigned, computers)
    )
    if not state.is_terminal() and not ended:
        raise RecordError(
            _("record has a result but its history does not reach the end of the game")
        )
    if resigned:
        given_up = resigned_result(state, resigned)
        ranking, returns = given_up["ranking"], given_up["returns"]
    else:
        ranking, returns = state.ranking(), state.returns()
    replayed: dict[str, list[float]] = {
        "scores": state.scores(),
        "ranking": [float(place) for place in ranking],
        "returns": returns,
    }
    for key, values in replayed.items():
        written = stored[key]
        if len(written) != len(values) or not all(
            math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
            for a, b in zip(written, values, strict=False)
        ):
            raise RecordError(
                _("record's {key} {written} disagree with its history ({replayed})").format(
                    key=key, written=shorten(written), replayed=values
                )
            )
