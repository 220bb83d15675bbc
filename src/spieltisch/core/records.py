"""Game records: the JSON that is stored, replayed and exchanged (format spieltisch-record/1)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from spieltisch.core.errors import IllegalMove, OptionError, RecordError, UnknownGame

if TYPE_CHECKING:
    from spieltisch.core.protocol import State

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


def make_record(state: State, players: Sequence[str] | None = None) -> Record:
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


def load_record(source: Mapping[str, Any] | str | Path) -> State:
    """Rebuild the final position of a record, checking it on the way."""
    from spieltisch.core.registry import load

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
