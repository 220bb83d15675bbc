"""What the move log says of Mahé: where a stop lands, the egg card a player takes, who
decides for a stack; and the board runs counter-clockwise as both rule books draw it."""

from __future__ import annotations

import re

from spieltisch.core.i18n import language
from spieltisch.games.mahe.describe import describe_move
from spieltisch.games.mahe.svg import board
from tests.games.mahe.helpers import load, play, start
from tests.games.mahe.test_scenarios import stack_on_eighteen


def test_a_stop_says_where_the_turtle_lands() -> None:
    state = start(load(players=4))
    play(state, "d2", "roll", "d4")
    with language("en"):
        assert describe_move(state, "stop") == (
            "stop and move 12 fields — the red turtle moves to field 12"
        )


def test_taking_an_egg_card_is_said_with_who_and_how_many_eggs() -> None:
    state = stack_on_eighteen()  # red to move from 15 (carrying yellow), the face-up card a 5
    play(state, "d1")
    with language("de"):
        roll = describe_move(state, "roll")
    assert roll == "Würfeln (Gelb entscheidet für den Stapel)"
    play(state, "roll", "d2", "roll")
    with language("en"):
        words = describe_move(state, "d3")
    assert words.endswith("— Yellow takes the egg card with 5 eggs"), words


def test_the_turtles_run_counter_clockwise_from_the_beach_at_the_top() -> None:
    state = start(load(players=4))
    svg = board(state.view(None))
    centre = 300.0

    def x_of(field: int) -> float:
        found = re.search(rf'<text x="([\d.]+)"[^>]*>{field}</text>', svg)
        assert found, f"field {field} is drawn"
        return float(found.group(1))

    assert x_of(1) < centre < x_of(20)  # field 1 left of the beach, 20 right of it


def test_the_top_turtle_of_a_stack_is_marked() -> None:
    state = stack_on_eighteen()  # blue, red, yellow on field 18, yellow on top
    svg = board(state.view(None))
    assert re.findall(r'data-top="(\w+)"', svg) == ["yellow"]


def test_each_stack_is_named_top_first_under_the_ring() -> None:
    state = stack_on_eighteen()  # blue, red, yellow on field 18, yellow on top
    for code, words in [
        ("en", "Field 18, top first: yellow, red, blue"),
        ("de", "Feld 18, von oben: Gelb, Rot, Blau"),
        ("fr", "Case 18, du haut vers le bas\u202f: jaune, rouge, bleue"),
    ]:
        svg = board(state.view(None), language=code)
        assert re.findall(r'data-stack="18">([^<]+)<', svg) == [words], code
