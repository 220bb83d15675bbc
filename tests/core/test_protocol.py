from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core import CHANCE, TERMINAL, IllegalMove, OptionError, RecordError, UnknownGame
from tests.core.toy import ToyOptions, ToyState

pytestmark = pytest.mark.usefixtures("toy")


def started(seed: int = 1) -> ToyState:
    state = spieltisch.load("toy").new_state()
    assert isinstance(state, ToyState)
    state.apply("secret:3,7")
    state.apply("d2")
    return state


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*toy"):
        spieltisch.load("chess")


@pytest.mark.parametrize(
    ("options", "option", "allowed"),
    [
        ({"players": 9}, "players", "a whole number from 2 to 3"),
        ({"players": "many"}, "players", "a whole number from 2 to 3"),
        ({"goal": 1}, "goal", "a whole number from 3 to 30"),
        ({"colour": "red"}, "colour", "one of the options players, goal"),
    ],
)
def test_bad_options_name_option_value_and_what_is_allowed(
    options: dict[str, object], option: str, allowed: str
) -> None:
    with pytest.raises(OptionError) as raised:
        spieltisch.load("toy", **options)
    assert raised.value.option == option
    assert raised.value.allowed == allowed
    assert option in str(raised.value) and allowed in str(raised.value)
    assert repr(next(iter(options.values()))) in str(raised.value)


def test_options_written_as_text_are_converted_by_values_from_text() -> None:
    values = ToyOptions.values_from_text({"players": "3", "goal": " 12 "})
    game = spieltisch.load("toy", **values)
    assert game.num_players == 3 and game.options.goal == 12


@pytest.mark.parametrize("players", ["3", 3.0, True, [3], None])
def test_the_api_takes_options_in_their_own_type_only(players: object) -> None:
    with pytest.raises(OptionError) as refused:
        spieltisch.load("toy", players=players)
    assert refused.value.option == "players" and "whole number" in str(refused.value)


def test_nodes_and_notation() -> None:
    state = spieltisch.load("toy").new_state()
    assert isinstance(state, ToyState)
    assert state.current_player == CHANCE
    state.apply("secret:3,7")
    assert state.chance_outcomes() == [("d1", 1 / 3), ("d2", 1 / 3), ("d3", 1 / 3)]
    state.apply("d2")
    assert state.current_player == 0
    assert state.legal_moves() == ["go", "wait"] and state.legal_actions() == [0, 1]
    state.apply("go")
    state.apply("d3")
    state.apply(1)
    assert state.history() == ["secret:3,7", "d2", "go", "d3", "wait"]
    assert state.view(None)["positions"] == [2, 1]


@pytest.mark.parametrize("move", ["jump", 2, -1, None, 1.5, True])
def test_illegal_moves_raise_and_change_nothing(move: object) -> None:
    state = started()
    before = state.clone()
    with pytest.raises(IllegalMove) as raised:
        state.apply(move)  # type: ignore[arg-type]
    assert raised.value.move == move and raised.value.reason
    assert state == before and state.history() == before.history()
    assert state.explain(move) == raised.value.reason  # type: ignore[arg-type]


def test_explain_is_none_for_legal_moves_and_names_the_alternatives() -> None:
    state = started()
    assert state.explain("go") is None
    assert "legal now: go, wait" in (state.explain("jump") or "")


def test_bad_chance_outcome_is_refused() -> None:
    state = started()
    state.apply("go")
    with pytest.raises(IllegalMove, match="d1, d2 or d3"):
        state.apply("d4")
    with pytest.raises(IllegalMove, match="outcome in notation"):
        state.apply(0)


def test_terminal_state_and_results() -> None:
    game = spieltisch.load("toy", goal=3)
    state = game.replay(["secret:1,2", "d3", "go"])
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.scores() == [3.0, 0.0] and state.ranking() == [1, 2]
    assert state.returns() == [1.0, -1.0]
    assert state.view(0)["turn"] is None
    with pytest.raises(IllegalMove, match="game is over"):
        state.apply("go")


def test_clone_is_independent() -> None:
    state = started()
    copy = state.clone()
    copy.apply("go")
    assert state.current_player == 0 and copy.current_player == CHANCE
    assert state.view(None)["positions"] == [0, 0]


def test_record_round_trip(tmp_path: Path) -> None:
    state = spieltisch.load("toy", goal=3).replay(["secret:1,2", "d1", "go", "d3", "go"])
    record = state.to_record(players=["ann", "bob"])
    assert record["format"] == "spieltisch-record/1"
    assert record["result"] == {"scores": [1.0, 3.0], "ranking": [2, 1], "returns": [-1.0, 1.0]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    for source in (record, json.dumps(record), path, str(path)):
        assert spieltisch.load_record(source) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess-pgn"}, "not a spieltisch record"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"options": {"players": 7}}, "bad option players=7"),
        ({"history": ["secret:1,2", "d9"]}, r"history entry 1 \('d9'\) does not replay"),
        ({"history": ["secret:1,2", 3]}, "'history.1' is 3: a string is expected"),
        ({"history": "go"}, "'history' is 'go': a list is expected"),
        ({"players": ["solo"]}, "must list 2 names"),
        ({"result": {"ranking": [1, 2]}}, "'result.scores'.*missing"),
    ],
)
def test_corrupt_records_raise_record_error(change: dict[str, object], message: str) -> None:
    record = dict(
        spieltisch.load("toy", goal=3).replay(["secret:1,2", "d1", "go", "d3", "go"]).to_record()
    )
    record.update(change)
    with pytest.raises(RecordError, match=message):
        spieltisch.load_record(record)


def test_record_that_is_not_json_or_missing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(RecordError, match="is JSON"):
        spieltisch.load_record(broken)
    with pytest.raises(RecordError, match="cannot read record"):
        spieltisch.load_record(tmp_path / "missing.json")


def test_games_lists_info_with_options() -> None:
    info = {g.name: g for g in spieltisch.games()}["toy"]
    assert info.players == (2, 3)
    assert [(o.name, o.allowed, o.default) for o in info.options] == [
        ("players", "a whole number from 2 to 3", 2),
        ("goal", "a whole number from 3 to 30", 10),
    ]


def test_determinize_keeps_own_secret() -> None:
    state = started()
    rng = random.Random(0)
    assert all(state.determinize(0, rng).view(0)["secret"] == 3 for _ in range(5))
