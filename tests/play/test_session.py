"""The session both interfaces share: seats, chance, undo, saving, resuming, describing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import spieltisch
from spieltisch.cli.play.command import build_session
from spieltisch.cli.play.moves import describe, parse_move
from spieltisch.cli.play.seats import HUMAN, parse_seats
from spieltisch.cli.play.session import Session, UndoRefused
from spieltisch.core import IllegalMove
from spieltisch.core.i18n import language
from tests.play.conftest import BUDGET, level


def _play_until_human(session: Session) -> None:
    while not session.state.is_terminal() and not session.human_to_move:
        if session.state.is_chance_node():
            session.step_chance()
        else:
            session.play(session.think(session.state.clone()))


def test_default_seats_are_one_human_and_the_default_level() -> None:
    seats = parse_seats(None, 3)
    assert seats == [HUMAN, "medium", "medium"]


def test_seats_are_checked() -> None:
    with pytest.raises(ValueError, match="names 1 seat for 2 players"):
        parse_seats("human", 2)
    with pytest.raises(ValueError, match="unknown seat 'genius'"):
        parse_seats("human,genius", 2)


def test_chance_repeats_after_undo_so_dice_cannot_be_fished() -> None:
    game = spieltisch.load("mahe", players=2, turtles_per_player=1)
    session = Session(game, [HUMAN, level()], seed=5, budget=BUDGET)
    _play_until_human(session)
    before = session.state.history()
    session.play("roll")
    _play_until_human(session)
    after_first = session.state.history()
    taken = session.undo()
    assert taken.move == "roll"
    assert session.state.history() == before
    session.play("roll")
    _play_until_human(session)
    assert session.state.history() == after_first


def test_undo_needs_exactly_one_human_and_a_move() -> None:
    game = spieltisch.load("mabula")
    both = Session(game, [HUMAN, HUMAN], seed=1)
    with pytest.raises(UndoRefused, match="one person"):
        both.undo()
    alone = Session(game, [HUMAN, level()], seed=1, budget=BUDGET)
    with pytest.raises(UndoRefused, match="no move of yours"):
        alone.undo()


def test_typed_moves_by_number_or_notation() -> None:
    game = spieltisch.load("madn", players=2)
    session = Session(game, [HUMAN, HUMAN], seed=2)
    state = game.replay(["d6"])
    assert state.legal_moves() == ["b"]
    assert parse_move(state, "1") == "1", "in madn a number is a field"
    assert parse_move(state, "#1") == "b", "#1 is the first move of the list"
    assert parse_move(state, " B ") == "b"
    with pytest.raises(IllegalMove):
        session.play("zz")
    mabula = spieltisch.load("mabula").new_state()
    mabula.sample_chance(random.Random(1))
    assert parse_move(mabula, "2") == mabula.legal_moves()[1]


def test_save_and_resume(tmp_path: Path) -> None:
    game = spieltisch.load("david_goliath", players=3, deals=1)
    session = Session(game, [HUMAN, level(), level(1)], seed=3, budget=BUDGET)
    _play_until_human(session)
    session.play("1")
    _play_until_human(session)
    path = session.save(tmp_path / "game")
    assert path.suffix == ".json"
    record = json.loads(path.read_text())
    assert record["players"] == session.seats and record["result"] is None
    resumed = build_session(None, None, None, [], 9, path, None)
    assert resumed.state == session.state
    assert resumed.seats == session.seats
    assert [entry.text for entry in resumed.log] == [entry.text for entry in session.log]


def test_resume_refuses_options_and_a_different_game(tmp_path: Path) -> None:
    path = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=1).save(tmp_path / "m.json")
    with pytest.raises(ValueError, match="takes the game and its options"):
        build_session(None, None, None, ["scoring=product"], 1, path, None)
    with pytest.raises(ValueError, match="a game of mabula, not mahe"):
        build_session("mahe", None, None, [], 1, path, None)


def test_a_deal_is_described_without_its_cards() -> None:
    game = spieltisch.load("david_goliath", players=3)
    session = Session(game, [HUMAN, HUMAN, HUMAN], seed=1)
    entry = session.step_chance()
    assert entry.move.startswith("deal:")
    assert "r1" not in entry.text and "deal 1" in entry.text


@pytest.mark.parametrize(
    ("code", "roll", "card"),
    [
        ("en", "roll a die", "play egg card 2 as a die"),
        ("de", "Würfeln", "Gelege-Karte 2 als Würfel einsetzen"),
        ("fr", "lancer un dé", "jouer la carte œufs 2 comme dé"),
    ],
)
def test_moves_are_described_in_every_language(code: str, roll: str, card: str) -> None:
    game = spieltisch.load("mahe", players=4, egg_cards_as_dice=True)
    state = game.new_state()
    state.sample_chance(random.Random(1))
    state.apply("d3")
    with language(code):
        assert describe(state, "roll") == roll
        assert describe(state, "card:2") == card
        assert "3" in describe(state, "stop")
        assert describe(state, "d4") != "d4"


@pytest.mark.parametrize("name", ["mahe", "madn", "david_goliath", "mabula"])
def test_every_move_and_outcome_is_described_in_each_language(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state()
    rng = random.Random(4)
    for _step in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            probe = state.clone()
            candidates = [probe.sample_chance(rng)]
        else:
            candidates = state.legal_moves()
        for move in candidates:
            words = {}
            for code in ("en", "de", "fr"):
                with language(code):
                    words[code] = describe(state, move)
            assert len(set(words.values())) == 3, (move, words)
        if state.is_chance_node():
            state.apply(candidates[0])
        else:
            state.apply(rng.choice(candidates))
