"""Game records: the JSON that is stored, replayed and exchanged (format spieltisch-record/1).

A leaf of the core: it imports no other module of it but the errors. Loading a record
by its game name is the registry's job (`spieltisch.core.registry.load_record`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, NotRequired, Protocol, TypedDict

from pydantic import BaseModel, ConfigDict, ValidationError

from spieltisch.core.errors import RecordError, shorten
from spieltisch.core.file_errors import file_problem
from spieltisch.core.messages import _
from spieltisch.core.ranking import places_after_resigning, returns_from_places

FORMAT = "spieltisch-record/1"


class Result(TypedDict):
    scores: list[float]
    ranking: list[int]
    returns: list[float]
    resigned: NotRequired[list[int]]
    """Seats that gave the game up (online play); the ranking puts them last."""
    computers: NotRequired[list[int]]
    """Seats computers played, when the game ended because every other seat gave up (a
    server ends a game that no person is left at); the history may stop there."""


class Record(TypedDict):
    format: str
    game: str
    options: dict[str, Any]
    players: list[str]
    history: list[str]
    result: Result | None


class Recordable(Protocol):
    """What a record is made of: a state of the game protocol."""

    @property
    def game(self) -> Any: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[float]: ...

    def ranking(self) -> list[int]: ...

    def returns(self) -> list[float]: ...

    def history(self) -> list[str]: ...


def make_record(
    state: Recordable,
    players: Sequence[str] | None = None,
    resigned: Collection[int] = (),
    computers: Collection[int] = (),
) -> Record:
    """The record of `state`; with `resigned` seats, the result of a game given up (see
    `resigned_result`; `computers`: the seats computers played when the game ended as
    nobody else was left)."""
    game = state.game
    names = (
        list(players)
        if players is not None
        else [f"player {i + 1}" for i in range(game.num_players)]
    )
    if len(names) != game.num_players:
        raise ValueError(f"a record of {game.num_players} players needs {game.num_players} names")
    result: Result | None = None
    if resigned:
        result = resigned_result(state, resigned, computers)
    elif state.is_terminal():
        result = {"scores": state.scores(), "ranking": state.ranking(), "returns": state.returns()}
    return {
        "format": FORMAT,
        "game": game.name,
        "options": game.options.to_json(),
        "players": names,
        "history": state.history(),
        "result": result,
    }


def ends_by_resigning(players: int, resigned: Collection[int]) -> bool:
    """Whether the game is over once these seats gave up: when at most one is left (with
    more left, the others play on and the resigned seats are played for them)."""
    return players - len(set(resigned)) <= 1


def nobody_left(players: int, resigned: Collection[int], computers: Collection[int]) -> bool:
    """Whether every seat either gave up or was a computer's from the start: no person is
    left, so the game ended there (a server does not let computers play on alone)."""
    return bool(resigned) and set(resigned) | set(computers) == set(range(players))


def resigned_result(
    state: Recordable, resigned: Collection[int], computers: Collection[int] = ()
) -> Result:
    """The result of a game some seats gave up: the game's scores so far, its ranking (at
    its end; before it, every seat equal) with the resigned seats after all others; with
    `computers` (the game ended as no person was left), those seats are named."""
    players = state.game.num_players
    places = state.ranking() if state.is_terminal() else [1] * players
    ranking = places_after_resigning(places, resigned)
    result: Result = {
        "scores": state.scores(),
        "ranking": ranking,
        "returns": returns_from_places(ranking),
        "resigned": sorted(set(resigned)),
    }
    if computers:
        result["computers"] = sorted(set(computers))
    return result


class _Result(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    scores: list[float]
    ranking: list[int]
    returns: list[float]
    resigned: list[int] | None = None
    computers: list[int] | None = None


class RecordFile(BaseModel):
    """The shape of a record, checked before anything is replayed. Other keys (a
    simulation's `seed`) are kept and ignored."""

    model_config = ConfigDict(extra="allow", strict=True)

    format: Literal["spieltisch-record/1"]
    game: str
    options: dict[str, Any]
    players: list[str] | None = None
    history: list[str]
    result: _Result | None = None


def read_record(source: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """The record as a checked dict, from a dict, a JSON text, or a path to a JSON file.

    Anything wrong with the source (unreadable, not UTF-8, not JSON, nested too deeply,
    fields of the wrong type) is a RecordError saying what.
    """
    data = source if isinstance(source, Mapping) else _parse_json(_text(source))
    checked = _checked(data).model_dump()
    for mark in ("resigned", "computers"):
        if checked["result"] is not None and checked["result"][mark] is None:
            del checked["result"][mark]  # an ordinary end: no mark
    return checked


def _text(source: str | Path) -> str:
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return source
    shown = shorten(str(source))
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(
            _("cannot read record {path}: {reason}").format(path=shown, reason=file_problem(exc))
        ) from None
    except UnicodeDecodeError as exc:
        raise RecordError(
            _("record {path} is not UTF-8 text (byte {byte}): a record is JSON in UTF-8").format(
                path=shown, byte=exc.start
            )
        ) from None
    except ValueError as exc:  # a NUL byte in the path
        raise RecordError(
            _("cannot read record {path}: {reason}").format(path=shown, reason=file_problem(exc))
        ) from None


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            _("a record is JSON; this is not ({reason} at line {line})").format(
                reason=exc.msg, line=exc.lineno
            )
        ) from None
    except RecursionError:
        raise RecordError(
            _("a record is JSON nested a few levels deep; this is nested too deeply")
        ) from None
    except ValueError as exc:  # an integer of thousands of digits
        raise RecordError(
            _("a record is JSON of ordinary values; this is not ({reason})").format(reason=exc)
        ) from None


def _checked(data: Any) -> RecordFile:
    if not isinstance(data, Mapping):
        raise RecordError(
            _("a record is a JSON object with format, game, options, players, history")
        )
    if data.get("format") != FORMAT:
        raise RecordError(
            _("not a spieltisch record: format is {found}, expected {expected}").format(
                found=shorten(data.get("format")), expected=repr(FORMAT)
            )
        )
    try:
        return RecordFile.model_validate(dict(data))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "record"
        raise RecordError(
            _("record field {key} is {value}: {expected}").format(
                key=repr(where),
                value=shorten(error.get("input")),
                expected=_expected(error["type"]),
            )
        ) from None
    except RecursionError:
        raise RecordError(_("record is nested too deeply to be a record")) from None


def _expected(kind: str) -> str:
    return {
        "missing": _("it is missing"),
        "string_type": _("a string is expected"),
        "list_type": _("a list is expected"),
        "dict_type": _("an object is expected"),
        "int_type": _("a whole number is expected"),
        "float_type": _("a number is expected"),
    }.get(kind, kind.replace("_", " "))
