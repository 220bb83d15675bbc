"""Game records: the JSON that is stored, replayed and exchanged (format spieltisch-record/1)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from spieltisch.core.errors import IllegalMove, OptionError, RecordError, UnknownGame
from spieltisch.core.messages import _

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
            raise RecordError(
                _("cannot read record {path}: {reason}").format(
                    path=repr(str(source)), reason=exc.strerror
                )
            ) from None
    try:
        data = json.loads(str(text))
    except json.JSONDecodeError as exc:
        raise RecordError(
            _("a record is JSON; this is not ({reason} at line {line})").format(
                reason=exc.msg, line=exc.lineno
            )
        ) from None
    if not isinstance(data, dict):
        raise RecordError(
            _("a record is a JSON object with format, game, options, players, history")
        )
    return data


def load_record(source: Mapping[str, Any] | str | Path) -> State:
    """Rebuild the final position of a record, checking it on the way."""
    from spieltisch.core.registry import load

    data = read_record(source)
    if data.get("format") != FORMAT:
        raise RecordError(
            _("not a spieltisch record: format is {found}, expected {expected}").format(
                found=repr(data.get("format")), expected=repr(FORMAT)
            )
        )
    for key, kind in (("game", str), ("options", dict), ("history", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(
                _("record field {key} is missing or not a {kind}").format(
                    key=repr(key), kind=kind.__name__
                )
            )
    try:
        game = load(data["game"], **data["options"])
    except (UnknownGame, OptionError) as exc:
        raise RecordError(_("record cannot be loaded: {reason}").format(reason=exc)) from None
    players = data.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != game.num_players):
        raise RecordError(
            _("record field 'players' must list {count} names").format(count=game.num_players)
        )
    state = game.new_state()
    for index, entry in enumerate(data["history"]):
        if not isinstance(entry, str):
            raise RecordError(
                _("history entry {index} is {entry}: entries are notation strings").format(
                    index=index, entry=repr(entry)
                )
            )
        try:
            state.apply(entry)
        except IllegalMove as exc:
            raise RecordError(
                _("history entry {index} ({entry}) does not replay: {reason}").format(
                    index=index, entry=repr(entry), reason=exc
                )
            ) from None
    result = data.get("result")
    if result is not None:
        if not state.is_terminal():
            raise RecordError(
                _("record has a result but its history does not reach the end of the game")
            )
        if isinstance(result, dict) and result.get("ranking") not in (None, state.ranking()):
            raise RecordError(
                _("record's ranking {recorded} disagrees with its history ({replayed})").format(
                    recorded=result.get("ranking"), replayed=state.ranking()
                )
            )
    return state
