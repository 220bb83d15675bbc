"""A computer entrant registered without a name reads as "Computer (mittel) 2" on a
page in the reader's language, never as its level's id ("medium 2")."""

from __future__ import annotations

import re

import pytest

from spieltisch.core.i18n import language
from spieltisch.tournament.errors import ComputersOnBoards
from spieltisch.tournament.explain import explain_round
from spieltisch.tournament.shown_names import shown_name
from spieltisch.tournament.steps_log import steps_table
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament


def test_a_computers_automatic_name_is_shown_in_words() -> None:
    with language("de"):
        assert shown_name("medium", "medium") == "Computer (mittel)"
        assert shown_name("medium 2", "medium") == "Computer (mittel) 2"
    with language("fr"):
        assert shown_name("hard 3", "hard") == "ordinateur (difficile) 3"
    with language("en"):
        assert shown_name("easy 2", "easy") == "computer (easy) 2"


def test_a_name_given_by_the_director_or_a_persons_name_stays() -> None:
    with language("de"):
        assert shown_name("Deep Blue", "hard") == "Deep Blue"
        assert shown_name("medium 2", None) == "medium 2"
        assert shown_name("mediums", "medium") == "mediums"


def _with_computers() -> Tournament:
    """Four people with accounts and two computers registered without names ("medium",
    "medium 2"): they can share online tables."""
    tournament = new_tournament(0)
    for number in range(1, 5):
        tournament.register(f"Player {number}", DIRECTOR, f"account:{number}")
    tournament.register_ai("", "medium", DIRECTOR)
    tournament.register_ai("", "medium", DIRECTOR)
    return tournament


@pytest.mark.parametrize(
    ("code", "first", "second"),
    [
        ("de", "Computer (mittel)", "Computer (mittel) 2"),
        ("en", "computer (medium)", "computer (medium) 2"),
        ("fr", "ordinateur (moyen)", "ordinateur (moyen) 2"),
    ],
)
def test_a_refusal_names_computers_in_words_not_by_level_id(
    code: str, first: str, second: str
) -> None:
    tournament = _with_computers()
    with language(code), pytest.raises(ComputersOnBoards) as refused:
        tournament.seat_next(DIRECTOR, boards_only=True)
    said = str(refused.value)
    assert said.startswith(f"{first}, {second} "), said
    assert "medium" not in said.replace("(medium)", "")


def test_the_seating_explained_and_the_steps_name_computers_in_words() -> None:
    tournament = _with_computers()
    seated = tournament.seat_next(DIRECTOR)
    people = [p for table in seated.tables for p in table if p <= 4]
    computers = [p for table in seated.tables for p in table if p > 4]
    # a person swapped with a computer at another table: the warnings name both
    tournament.swap(1, people[0], computers[-1], DIRECTOR, "a wheelchair place")
    with language("de"):
        explained = explain_round(tournament, 1, {})
        steps = steps_table(tournament)[1]
        standings = [row.name for row in tournament.standings()]
    words = " ".join([*explained.reasons, *(str(vars(c)) for c in explained.changes)])
    shown = " ".join(" ".join(map(str, row)) for row in steps)
    assert "Computer (mittel) 2" in words and "Computer (mittel) 2" in shown
    assert "Computer (mittel) 2" in standings
    for text in (words, shown, " ".join(standings)):
        assert not re.search(r"\bmedium\b", text), text
