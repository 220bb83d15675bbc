"""A blunder planted in a scripted game is found in each game, with the better move."""

from __future__ import annotations

import pytest

from spieltisch.agents import Budget
from spieltisch.review import review_game
from tests.review.planted import PLANTED


@pytest.mark.parametrize("game", sorted(PLANTED))
def test_the_planted_blunder_is_found_with_the_better_move(game: str) -> None:
    record, step, better = PLANTED[game]()
    assert record["result"] is not None  # a whole, finished game
    # the search's own estimates: the calibration shrinks losses (tests/review/test_calibration.py)
    review = review_game(
        record, budget=Budget(iterations=300), seed=1, only=[step], calibrate=False
    )
    (judged,) = review.decisions()
    analysis = judged.analysis
    assert analysis is not None and judged.index == step
    assert analysis.verdict == "blunder", analysis
    assert analysis.best.move == better
    assert analysis.loss >= 0.15
    assert analysis.loss == pytest.approx(analysis.best.win_chance - analysis.played.win_chance)
    assert analysis.best.words and analysis.best.words != better  # the better move in words
    summary = review.seats[judged.player or 0]
    assert summary.verdicts["blunder"] == 1 and summary.decisions == 1


def test_a_solved_endgame_is_judged_exactly() -> None:
    record, step, _better = PLANTED["mabula"]()
    analysis = review_game(record, only=[step]).decisions()[0].analysis
    assert analysis is not None and analysis.exact
    assert (analysis.best.win_chance, analysis.played.win_chance) == (1.0, 0.0)
