"""The text board, the rules summaries and the translations."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from rich.text import Text

from spieltisch.core import parts
from spieltisch.core.i18n import language
from spieltisch.games.mabula.rules import MabulaGame, MabulaOptions
from spieltisch.games.mabula.text import render
from tests.games.mabula.helpers import position
from tests.games.mabula.test_scoring import EXAMPLE

SETUP = "setup:" + "wwb" * 4 + "wbb" * 4


def plain(text: Text) -> str:
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(text)
    return console.export_text()


def test_the_board_shows_edge_marbles_coordinates_and_scores() -> None:
    state = MabulaGame(MabulaOptions()).new_state()
    state.apply(SETUP)
    state.apply("b1-b4")
    shown = plain(render(state, None))
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].split() == list("abcdefgh")
    assert lines[1].split() == ["8", "●", "●", "○", "●", "●", "○", "8"]
    assert lines[5].split() == ["4", "○", "○", "·", "·", "·", "·", "·", "●", "4"]
    assert lines[8].split() == ["1", "∙", "○", "●", "○", "○", "●", "1"]
    assert "White   a group of 1   largest group: 1" in shown
    assert "Black   no group   largest group: 0   ◀ to move" in shown


def test_the_final_board_names_the_winner() -> None:
    shown = plain(render(position(EXAMPLE), 0))
    assert "groups of 8, 2, 1, and 1   largest group: 8" in shown
    assert "groups of 6, 3, 2, and 1   largest group: 6" in shown
    assert "Game over: White wins." in shown
    shown = plain(render(position(EXAMPLE, scoring="product"), None))
    assert "product of groups: 36" in shown
    assert "Game over: Black wins." in shown


def test_the_board_in_german_and_french() -> None:
    state = MabulaGame(MabulaOptions()).new_state()
    with language("de"):
        assert "Die Murmeln werden am Rand verteilt." in plain(render(state, None))
    state.apply(SETUP)
    with language("de"):
        assert "Weiß" in plain(render(state, 1)) and "am Zug" in plain(render(state, 1))
    with language("fr"):
        assert "Noir" in plain(render(state, 1)) and "à jouer" in plain(render(state, 1))


@pytest.mark.parametrize(
    ("code", "white", "black"),
    [
        ("en", "groups of 8, 2, 1, and 1", "groups of 6, 3, 2, and 1"),
        ("de", "Gruppen aus 8, 2, 1 und 1", "Gruppen aus 6, 3, 2 und 1"),
        ("fr", "groupes de 8, 2, 1 et 1", "groupes de 6, 3, 2 et 1"),
    ],
)
def test_the_groups_read_as_words(code: str, white: str, black: str) -> None:
    """Not "groupes : 1 1": the sizes as a list in the reader's language, on the text board
    and the picture alike; one group and none in words too."""
    from spieltisch.games.mabula.geometry import group_sizes
    from spieltisch.games.mabula.svg import board

    final = position(EXAMPLE)
    with language(code):
        shown = plain(render(final, 0))
        drawn = board(final.view(None), language=code)
        one, none = group_sizes([1]), group_sizes([])
    assert white in shown and black in shown, shown
    assert white in drawn and black in drawn
    assert not re.search(r"\d \d", shown.replace("  ", "|")), shown
    assert one == {"en": "a group of 1", "de": "eine Gruppe aus 1", "fr": "un groupe de 1"}[code]
    assert none == {"en": "no group", "de": "keine Gruppe", "fr": "aucun groupe"}[code]


def test_every_seat_sees_the_same_board() -> None:
    rng = random.Random(3)
    state = MabulaGame(MabulaOptions()).new_state()
    state.sample_chance(rng)
    for _ in range(8):
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(0) == state.view(1) == state.view(None)
    assert plain(render(state, 0)) == plain(render(state, None))


def test_refusals_are_translated() -> None:
    state = MabulaGame(MabulaOptions()).new_state()
    state.apply(SETUP)
    for move in ("a4-b4", "a2-b2", "a7-b7", "a3-b3", "e1-e2"):
        state.apply(move)
    with language("de"):
        assert state.explain("b8-b3") == (
            "Regel 2: in der Linie b7–b2 liegen 4 Murmeln: b8 kann 1 oder 2 Felder weit ziehen"
        )
    with language("fr"):
        assert state.explain("b8-b3") == (
            "règle 2\u202f: la ligne b7–b2 contient 4 billes\u202f: b8 peut avancer de 1 ou 2 cases"
        )


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_rules_summaries(code: str) -> None:
    summary = parts(MabulaGame).rules_summary(code)
    lines = summary.splitlines()
    assert 40 <= len(lines) <= 110  # with the diagrams and the rulings
    assert lines[0] == "# Mabula"
    assert sum(1 for line in lines if line.startswith("## ")) >= 5
    for needle in ("setup:", "b1-b4", "81", "36", "16"):
        assert needle in summary
    with language(code):
        named = [parts(MabulaGame).option_label("tiebreak")] + [
            parts(MabulaGame).value_label("scoring", value) for value in ("largest", "product")
        ]
    for needle in ["largest", "product", "tiebreak"] if code == "en" else named:
        assert needle in summary, needle


def test_a_push_in_words_counts_the_marbles_it_moves_along() -> None:
    # Up the b-file stand marbles on b2, b3 and b5: to b2 moves the two in front (to b3
    # and b4); to b3 moves all three (to b4, b5 and b6). White is to move.
    state = position(
        """
.wbwbwb.
b......w
w......b
bw.....w
b......b
wb.....w
bw.....b
.wbwbwb.
"""
    )
    say = parts(state.game).describe_move
    assert say is not None
    with language("en"):
        assert say(state, "b1-b2") == "push the marble from b1 to b2 — pushing 2 marbles along"
        assert say(state, "b1-b3") == "push the marble from b1 to b3 — pushing 3 marbles along"
        assert say(state, "d1-d2") == "push the marble from d1 to d2"
        assert say(state, "a3-b3") == "push the marble from a3 to b3 — pushing 1 marble along"
