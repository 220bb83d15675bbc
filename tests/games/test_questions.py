"""Questions answered in words (issue 45): each game's answers from a seat's view, in
de/en/fr, bad arguments refused saying what is allowed, and in David & Goliath nothing
hidden in any answer to anyone but its owner."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.core.i18n import language
from spieltisch.core.questions import QuestionError
from spieltisch.core.registry import parts


def _ask(state: State, seat: int | None, key: str, argument: str = "", lang: str = "en") -> str:
    game = state.game
    answer = parts(game).answer_question
    assert answer is not None
    with language(lang):
        return answer(game, state.view(seat), seat, key, argument)


def _played(name: str, players: int, seed: int, steps: int) -> State:
    state = spieltisch.load(name, players=players).new_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state


def _madn(pieces: dict[str, list[str]]) -> tuple[Any, dict[str, Any]]:
    game = spieltisch.load("madn", players=4)
    return game, {"pieces": pieces, "dice": [], "finished": [], "turn": 0}


def _madn_answer(view: dict[str, Any], seat: int | None, key: str, argument: str = "") -> str:
    game = spieltisch.load("madn", players=4)
    answer = parts(game).answer_question
    assert answer is not None
    return answer(game, view, seat, key, argument)


def test_who_could_hit_a_field_in_mensch_aergere_dich_nicht() -> None:
    _game, view = _madn(
        {
            "red": [
                "b",
                "b",
                "7",
                "38",
            ],  # 7 is 4 behind 11; 38 is past red's goal entry? no: rel 37
            "black": ["b", "b", "b", "5"],  # black's start field is 11, a piece in the base
            "yellow": ["b", "b", "b", "9"],  # yellow's 9 is 2 behind 11
            "green": ["b", "b", "b", "b"],
        }
    )
    said = _madn_answer(view, 0, "hit", "11")
    assert said == (
        "Field 11 can be reached by: Red with a 4 (from field 7); "
        "Black with a 6 (out of the base); Yellow with a 2 (from field 9)."
    )
    # Red's piece on 38 stands 37 from its start: a 4 would pass the goal's entry.
    assert "Red" not in _madn_answer(view, 0, "hit", "2")
    assert _madn_answer(view, 0, "hit", "25") == "No piece can reach field 25 with the next roll."
    assert _madn_answer(view, 0, "field", "11") == "Field 11 is empty (the start field of Black)."
    assert _madn_answer(view, 0, "field", "9") == "Field 9: a piece of Yellow."
    assert _madn_answer(view, 0, "mine") == "Red: field 7, field 38; 2 pieces in the base."


def test_a_bad_field_is_refused_naming_what_is_allowed() -> None:
    _game, view = _madn(
        {"red": ["b"] * 4, "black": ["b"] * 4, "yellow": ["b"] * 4, "green": ["b"] * 4}
    )
    with pytest.raises(QuestionError, match="is not a field: give a number from 1 to 40"):
        _madn_answer(view, 0, "field", "41")
    with pytest.raises(QuestionError, match="There is no question “where”: ask mine, pieces"):
        _madn_answer(view, 0, "where")
    with pytest.raises(QuestionError, match="You watch this table"):
        _madn_answer(view, None, "mine")


def test_a_mahe_stack_is_told_top_first() -> None:
    game = spieltisch.load("mahe", players=3)
    view = {
        "turtles": {"red": 0, "yellow": 1, "blue": 2, "green": 0, "orange": 1, "purple": 2},
        "raft": ["blue"],
        "fields": {"4": ["green", "red", "purple"], "9": ["yellow"], "12": ["orange"]},
        "cards": [[5], [], []],
        "beach": None,
        "scores": [5.0, 0.0, 0.0],
    }
    answer = parts(game).answer_question
    assert answer is not None
    assert answer(game, view, 0, "field", "4") == (
        "Field 4, from the top: 3 turtles: purple, red, green."
    )
    assert answer(game, view, 0, "mine") == (
        "The red turtle: field 4, number 2 from the top of 3. "
        "The green turtle: field 4, number 3 from the top of 3."
    )
    with language("de"):
        assert answer(game, view, 0, "field", "4") == (
            "Feld 4, von oben: 3 Schildkröten: Lila, Rot, Grün."
        )
    with language("fr"):
        said = answer(game, view, 1, "mine")
    assert said.startswith("La tortue jaune\u202f: case 9, seule.")


@pytest.mark.parametrize(
    "name,players", [("mahe", 3), ("madn", 4), ("david_goliath", 3), ("mabula", 2)]
)
@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_every_question_is_answered_in_every_language(name: str, players: int, lang: str) -> None:
    state = _played(name, players, seed=5, steps=40)
    game = state.game
    listed = parts(game).question_list
    assert listed is not None
    with language(lang):
        asked = listed(game)
    assert asked
    field = {"mahe": "3", "madn": "11", "mabula": "d4", "david_goliath": ""}[name]
    for question in asked:
        said = _ask(state, 0, question.key, field if question.argument else "", lang)
        assert said and said[0].isupper() and said.endswith("."), (question.key, said)


def test_nothing_hidden_is_ever_said_in_david_and_goliath() -> None:
    """For every seat and watcher, every answer is the same in any deal consistent with
    what that seat sees (other hands reshuffled), and names no card of another hand."""
    rng = random.Random(7)
    for seed in range(4):
        state = _played("david_goliath", 4, seed=seed, steps=10 + 7 * seed)
        game = state.game
        listed = parts(game).question_list
        assert listed is not None
        for seat in [None, *range(game.num_players)]:
            keys = [question.key for question in listed(game)]
            for key in keys:
                try:
                    said = _ask(state, seat, key)
                except QuestionError:
                    assert seat is None and key == "hand"
                    continue
                for _ in range(3):
                    other = state.determinize(seat, rng)
                    assert _ask(other, seat, key) == said, (seat, key)
