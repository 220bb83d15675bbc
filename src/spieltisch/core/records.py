"""Game records: the JSON that is stored, replayed and exchanged (format spieltisch-record/1).

A leaf of the core: it imports no other module of it but the errors. Loading a record
by its game name is the registry's job (`spieltisch.core.registry.load_record`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypedDict

from spieltisch.core.errors import RecordError

FORMAT = "spieltisch-record/1"


class Result(TypedDict):
    scores: list[float]
    ranking: list[int]
    returns: list[float]


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


def make_record(state: Recordable, players: Sequence[str] | None = None) -> Record:
    game = state.game
    names = (
        list(players)
        if players is not None
        else [f"player {i + 1}" for i in range(game.num_players)]
    )
    if len(names) != game.num_players:
        raise ValueError(f"a record of {game.num_players} players needs {game.num_players} names")
    result: Result | None = None
    if state.is_terminal():
        result = {"scores": state.scores(), "ranking": state.ranking(), "returns": state.returns()}
    return {
        "format": FORMAT,
        "game": game.name,
        "options": game.options.to_json(),
        "players": names,
        "history": state.history(),
        "result": result,
    }


def read_record(source: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """The record as a dict from a dict, a JSON text, or a path to a JSON file."""
    if isinstance(source, Mapping):
        return dict(source)
    text = source
    if isinstance(source, Path) or (
        isinstance(source, str) and not source.lstrip().startswith("{")
    ):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(source)!r}: {exc.strerror}") from None
    try:
        data = json.loads(str(text))
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"a record is JSON; this is not ({exc.msg} at line {exc.lineno})"
        ) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object with format, game, options, players, history")
    return data
