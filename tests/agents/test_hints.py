"""Hints: the best move, its win chance, the alternatives ranked, in words."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.agents import Budget, compare, hint
from spieltisch.core import SpieltischError
from spieltisch.core.i18n import language
from tests.agents.test_alphabeta import FORCED
from tests.agents.test_mcts import LAST_TRICKS, capture_position
from tests.games.mabula.helpers import position


def test_a_hint_names_the_winning_move_with_certainty_in_a_solved_endgame() -> None:
    state = position(FORCED, turn=1)
    advice = hint(state, budget=Budget(iterations=50))
    assert advice.move == "a2-c2" and advice.win_chance == 1.0 and advice.exact
    assert advice.player == 1
    assert len(advice.ranked) == len(state.legal_moves())
    assert {a.move for a in advice.alternatives} == set(state.legal_moves()) - {"a2-c2"}
    chances = [a.win_chance for a in advice.ranked]
    assert chances == sorted(chances, reverse=True)
    assert advice.explain() == "Play a2-c2: it wins whatever the opponent does."
    with language("de"):
        assert advice.explain().startswith("Spiele a2-c2:")
    with language("fr"):
        assert advice.explain().startswith("Jouez a2-c2\u202f:")


def test_a_hint_in_a_dice_game_is_a_search_estimate() -> None:
    state = capture_position()
    advice = hint(state, budget=Budget(iterations=200), seed=1)
    assert advice.move == "21" and 0.0 < advice.win_chance <= 1.0 and not advice.exact
    assert [a.move for a in advice.alternatives] == ["11"]
    assert "21" in advice.explain() and "%" in advice.explain()


def test_hints_are_reproducible_and_take_a_level() -> None:
    state = capture_position()
    first = hint(state, level="hard", budget=Budget(iterations=100), seed=3)
    assert first == hint(state, level="hard", budget=Budget(iterations=100), seed=3)
    assert hint(state, level="medium").move == "21"  # rules of thumb: greedy rates instead
    assert hint(state, level="easy").move == "21"


def test_no_hint_without_a_player_to_move() -> None:
    state = spieltisch.load("mabula").new_state()
    with pytest.raises(SpieltischError, match="a player is to move"):
        hint(state)


def test_compare_rates_the_given_moves_with_equal_effort() -> None:
    state = spieltisch.load("david_goliath", players=3, deals=1).replay(LAST_TRICKS)
    rated = compare(state, ["g9", "p4"], budget=Budget(iterations=120), seed=2)
    assert [a.move for a in rated] == ["p4", "g9"]
    assert rated[0].weight == rated[1].weight == 120.0  # IS-MCTS: each move its whole budget
    assert rated[0].win_chance == 1.0 and rated[1].win_chance == 0.0
    ranked = compare(capture_position(), ["11", "21"], budget=Budget(iterations=50))
    assert [a.move for a in ranked] == ["21", "11"]  # expectimax: its own ratings
    endgame = position(FORCED, turn=1)
    losing = [move for move in endgame.legal_moves() if move != "a2-c2"][-1]
    exact = compare(endgame, [losing, "a2-c2"], budget=Budget(iterations=50))
    assert [(a.move, a.win_chance, a.exact) for a in exact] == [
        ("a2-c2", 1.0, True),
        (losing, exact[1].win_chance, True),
    ]
    assert exact[1].win_chance < 1.0
