"""The referee's mode describes a move that misses a duty as what happens: void by rule
14, the piece stays, and the penalty (issue 32) — never as a move from 5 to 8."""

from __future__ import annotations

from spieltisch.core.i18n import language
from spieltisch.games.madn.describe import describe_move
from tests.games.madn.helpers import play, start


def test_a_void_move_says_it_is_void_and_names_the_penalty() -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # a red piece on 5
    play(state, "d6", "b", "d3")  # pieces on 1 and 5: the one on the start field must move
    with language("en"):
        said = describe_move(state, "5")
        kept = describe_move(state, "1")
    assert said.startswith("void by rule 14: the piece on field 5 stays there"), said
    assert "penalty" in said and "to field 8" not in said
    assert kept.startswith("move from field 1 to field 4"), kept
    with language("de"):
        german = describe_move(state, "5")
    assert german.startswith("ungültig nach Regel 14: der Kegel auf Feld 5 bleibt stehen"), german
