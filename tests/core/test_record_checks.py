"""Records: every broken file is a RecordError saying what, and the stored result is checked."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.core import RecordError, load_record
from spieltisch.core.records import make_record, read_record
from spieltisch.sim.play import play_randomly


def finished_record(game: str = "mabula", seed: int = 1, **options: Any) -> dict[str, Any]:
    state = spieltisch.load(game, **options).new_state()
    rng = random.Random(seed)
    play_randomly(state, rng)
    return dict(state.to_record(players=["ann", "bob"] if game == "mabula" else None))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{ not utf-8 }", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "spieltisch-record/1", "n": ' + b"7" * 5000 + b"}", "ordinary values"),
        (b"", "is JSON"),
        (b"[1, 2]", "a JSON object"),
    ],
)
def test_unreadable_files_are_record_errors(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    for source in (path, str(path)):
        with pytest.raises(RecordError, match=message):
            load_record(source)


@pytest.mark.parametrize("name", ["a\0b.json", "/nonexistent-edges/x.json", "/"])
def test_paths_that_cannot_be_read_are_record_errors(name: str) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(Path(name) if "\0" not in name else name)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([[1], [1]], r"'players.0' is \[1\]: a string is expected"),
        ([1, 2], "'players.0' is 1"),
        ("ann,bob", "a list is expected"),
        (["ann"], "must list 2 names"),
    ],
)
def test_player_names_are_strings(players: object, message: str) -> None:
    record = finished_record()
    record["players"] = players
    with pytest.raises(RecordError, match=message):
        load_record(record)


@pytest.mark.parametrize("key", ["scores", "ranking", "returns"])
def test_a_changed_result_does_not_load(key: str) -> None:
    record = finished_record("madn", players=2)
    result = dict(record["result"])
    result[key] = list(reversed(result[key])) if len(set(result[key])) > 1 else [9, 9]
    record["result"] = result
    with pytest.raises(RecordError, match=f"record's {key}"):
        load_record(record)
    record["result"] = {**result, key: [*finished_record("madn", players=2)["result"][key], 0]}
    with pytest.raises(RecordError, match=f"record's {key}"):
        load_record(record)


def test_every_stored_result_of_every_game_checks_out() -> None:
    for game in ("mahe", "madn", "david_goliath", "mabula"):
        options: dict[str, Any] = {"players": 3, "deals": 1} if game == "david_goliath" else {}
        record = finished_record(game, **options)
        assert load_record(json.dumps(record)).is_terminal()
        wrong = {**record["result"], "scores": [s + 1 for s in record["result"]["scores"]]}
        with pytest.raises(RecordError, match="record's scores"):
            load_record({**record, "result": wrong})


def test_read_record_keeps_other_keys_and_checks_the_rest() -> None:
    record = finished_record()
    data = read_record({**record, "seed": 12})
    assert data["seed"] == 12 and data["players"] == ["ann", "bob"]
    with pytest.raises(RecordError, match=r"'result\.returns\.0' is 'x'"):
        read_record({**record, "result": {**record["result"], "returns": ["x", 1]}})


def _partly_played(game: str, steps: int, seed: int = 3, **options: Any) -> Any:
    return play_randomly(spieltisch.load(game, **options).new_state(), random.Random(seed), steps)


def test_a_game_given_up_is_a_finished_record_that_replays() -> None:
    """A game of two ended by resigning: a result with the resigner last and the mark,
    accepted by load_record although the history stops mid-game; tampering is caught."""
    state = _partly_played("mabula", 12)
    assert not state.is_terminal()
    record: dict[str, Any] = dict(make_record(state, ["ann", "bob"], resigned=[0]))
    result = record["result"]
    assert result is not None
    assert result["ranking"] == [2, 1] and result["resigned"] == [0]
    assert result["returns"] == [-1.0, 1.0]
    again = load_record(json.dumps(record))
    assert again.history() == state.history()
    assert read_record(record)["result"]["resigned"] == [0]
    assert "resigned" not in read_record(finished_record())["result"]  # no mark otherwise
    for wrong, message in (
        ({"ranking": [1, 2]}, "record's ranking"),
        ({"resigned": [1]}, "record's ranking"),
        ({"resigned": [0, 0]}, "resigned seats"),
        ({"resigned": [2]}, "resigned seats"),
        ({"resigned": []}, "resigned seats"),
    ):
        with pytest.raises(RecordError, match=message):
            load_record({**record, "result": {**result, **wrong}})
    unmarked = {k: v for k, v in result.items() if k != "resigned"}
    with pytest.raises(RecordError, match="does not reach the end"):
        load_record({**record, "result": unmarked})


def test_one_of_three_giving_up_does_not_end_the_game() -> None:
    state = _partly_played("madn", 20, players=3)
    record: dict[str, Any] = dict(make_record(state, None, resigned=[1]))
    with pytest.raises(RecordError, match="does not reach the end"):
        load_record(record)
    two: dict[str, Any] = dict(make_record(state, None, resigned=[1, 2]))  # one left: over
    assert two["result"] is not None and two["result"]["ranking"] == [1, 2, 2]
    load_record(two)


def test_a_finished_game_with_a_resigned_seat_ranks_it_last() -> None:
    state = spieltisch.load("madn", players=3).new_state()
    play_randomly(state, random.Random(5))
    winner = state.ranking().index(1)
    record: dict[str, Any] = dict(make_record(state, None, resigned=[winner]))
    assert record["result"] is not None and record["result"]["ranking"][winner] == 3
    assert record["result"]["scores"] == state.scores()
    assert load_record(record).is_terminal()
