"""The calibration of the review's win chances: a monotone map fitted per game, kept as
data, applied to estimates but never to solved values, and shown in the review file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.agents import Budget
from spieltisch.review import review_game
from spieltisch.review.calibration import FITTED, Calibration, fitted_calibration
from tests.review.planted import PLANTED
from tests.review.test_outputs import mabula_record

chances = st.floats(min_value=0.0, max_value=1.0)


@given(chances, chances, st.integers(min_value=2, max_value=7))
def test_the_map_keeps_the_order_of_moves(low: float, high: float, players: int) -> None:
    calibration = Calibration(slope=0.4, shift=0.2)
    low, high = sorted((low, high))
    assert 0.0 <= calibration(low, players) <= calibration(high, players) <= 1.0


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_slope_below_one_pulls_towards_the_fair_share(players: int) -> None:
    fair = 1 / players
    calibration = Calibration(slope=0.5, shift=0.0)
    assert calibration(fair, players) == pytest.approx(fair)
    assert fair < calibration(0.95, players) < 0.95
    assert 0.02 < calibration(0.02, players) < fair
    assert Calibration(slope=1.0, shift=0.0)(0.83, players) == pytest.approx(0.83)


def test_the_kept_fits_name_their_games_and_improved_their_held_out_games() -> None:
    kept = json.loads(FITTED.read_text(encoding="utf-8"))["levels"]["expert"]
    assert kept, "no calibration is kept"
    for game, fit in kept.items():
        assert fitted_calibration(game, "expert") == Calibration(**fit["map"])
        assert fit["held_out_brier"]["corrected"] < fit["held_out_brier"]["raw"], game
    assert fitted_calibration("madn", "easy") is None  # fitted for the expert's search only


def test_a_review_shows_the_correction_and_the_search_s_own_estimate() -> None:
    record = mabula_record()
    corrected = review_game(record, budget=Budget(iterations=30), seed=2)
    raw = review_game(record, budget=Budget(iterations=30), seed=2, calibrate=False)
    calibration = fitted_calibration("mabula", "expert")
    assert calibration is not None and corrected.settings.calibration == calibration
    assert raw.settings.calibration is None
    for mine, theirs in zip(corrected.decisions(), raw.decisions(), strict=True):
        assert mine.analysis is not None and theirs.analysis is not None
        assert mine.analysis.best.move == theirs.analysis.best.move  # the order stays
        if theirs.analysis.exact:  # a solved endgame is not corrected
            assert mine.analysis.played.win_chance == theirs.analysis.played.win_chance
            assert mine.analysis.played.estimate is None
        else:
            assert mine.analysis.played.estimate == theirs.analysis.played.win_chance
            assert mine.analysis.played.win_chance == pytest.approx(
                calibration(theirs.analysis.played.win_chance, 2)
            )


@pytest.mark.parametrize("game", sorted(PLANTED))
def test_the_calibrated_review_still_flags_the_planted_move(game: str) -> None:
    """The correction shrinks losses (most in Mensch ärgere Dich nicht, whose raw
    estimates are the most overconfident) but keeps the better move and a verdict."""
    record, step, better = PLANTED[game]()
    review = review_game(record, budget=Budget(iterations=300), seed=1, only=[step])
    analysis = review.decisions()[0].analysis
    assert analysis is not None and analysis.best.move == better
    assert analysis.verdict != "fine", analysis
