"""A computer entrant registered without a name reads as "Computer (mittel) 2" on a
page in the reader's language, never as its level's id ("medium 2")."""

from __future__ import annotations

from spieltisch.core.i18n import language
from spieltisch.tournament.shown_names import shown_name


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
