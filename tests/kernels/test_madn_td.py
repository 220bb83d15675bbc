"""TD(λ) training of the learned MÄDN evaluation (issue 49): λ = 1 is the fit to the
winners exactly; below 1 the targets are the model's own λ-returns, and it still learns."""

from __future__ import annotations

import math

import numpy as np
import pytest

import spieltisch
from spieltisch.core.kernel import game_seeds
from spieltisch.core.training import td_targets
from spieltisch.games.madn import kernel
from spieltisch.games.madn.evaluation import FEATURES
from spieltisch.games.madn.training import run

pytestmark = pytest.mark.xdist_group("madn-training")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""


def setting() -> tuple[np.ndarray, np.ndarray]:
    game = spieltisch.load("madn", players=4)
    return kernel.options_array(game), np.full(4, kernel.POLICY, dtype=np.int64)


def test_lambda_one_is_the_fit_to_the_winners() -> None:
    params, policies = setting()
    seeds = game_seeds(7, 0, 200)
    plain, td = np.zeros(FEATURES), np.zeros(FEATURES)
    assert run(params, seeds, policies, 0.25, 0.01, plain, True) == run(
        params, seeds, policies, 0.25, 0.01, td, True, lam=1.0
    )
    assert np.array_equal(plain, td)


def test_td_learns_to_predict_the_winner() -> None:
    """Trained by TD(0.7) on 3,000 games, the weights predict the winners of 1,000 other
    games better than the fair 1/4 (log loss below ln 4), and differ from the fit."""
    params, policies = setting()
    td, plain = np.zeros(FEATURES), np.zeros(FEATURES)
    train = game_seeds(8, 0, 3000)
    run(params, train, policies, 0.25, 0.01, td, True, lam=0.7)
    run(params, train, policies, 0.25, 0.01, plain, True)
    _used, loss = run(params, game_seeds(9, 0, 1000), policies, 0.25, 0.0, td, False)
    assert loss < math.log(4) - 0.05
    assert not np.allclose(td, plain)


def test_td_targets_mix_the_next_chances_with_the_outcome() -> None:
    """Two positions: the last learns the outcome, the first (1 − λ) of the model's chances
    at the second plus λ of the outcome."""
    buffer = np.zeros((2, 4, FEATURES))
    buffer[1, 0, 0] = math.log(3.0)  # player 0 three times as likely as each other
    weights = np.zeros(FEATURES)
    weights[0] = 1.0
    shares = np.array([0.0, 1.0, 0.0, 0.0])
    targets = np.zeros((2, 4))
    td_targets(buffer, 2, 4, weights, shares, 0.25, np.zeros(4), targets)
    assert targets[1] == pytest.approx(shares)
    assert targets[0] == pytest.approx(0.75 * np.array([0.5, 1 / 6, 1 / 6, 1 / 6]) + 0.25 * shares)
