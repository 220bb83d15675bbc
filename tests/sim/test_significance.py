"""The statistics of the duplicate protocol, against SciPy's and on known coins."""

from __future__ import annotations

import math
import random

import pytest
from scipy import stats

from spieltisch.sim.significance import (
    calibration,
    mean_absolute_error,
    paired_test,
    sign_test,
    t_quantile,
    t_two_sided,
)


@pytest.mark.parametrize("df", [1, 2, 5, 30, 499])
@pytest.mark.parametrize("t", [0.0, 0.3, 1.0, 2.0, 4.5, 12.0])
def test_the_t_tail_is_scipys(t: float, df: int) -> None:
    assert t_two_sided(t, df) == pytest.approx(2 * stats.t.sf(t, df), rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("df", [1, 3, 10, 99])
@pytest.mark.parametrize("probability", [0.6, 0.975, 0.995, 0.025])
def test_the_t_quantile_is_scipys(probability: float, df: int) -> None:
    assert t_quantile(probability, df) == pytest.approx(stats.t.ppf(probability, df), rel=1e-9)


def test_the_paired_test_is_scipys_one_sample_t() -> None:
    rng = random.Random(3)
    values = [rng.gauss(0.3, 0.2) for _ in range(40)]
    test = paired_test(values, 0.25)
    reference = stats.ttest_1samp(values, 0.25)
    assert test.p == pytest.approx(reference.pvalue, rel=1e-9)
    assert test.t == pytest.approx(reference.statistic, rel=1e-12)
    low, high = reference.confidence_interval(0.95)
    assert (test.low, test.high) == pytest.approx((low, high), rel=1e-9)


@pytest.mark.parametrize(("above", "below"), [(10, 3), (0, 8), (50, 50), (120, 90)])
def test_the_sign_test_is_scipys_binomial_test(above: int, below: int) -> None:
    values = [1.0] * above + [-1.0] * below + [0.0] * 5  # ties are left out
    assert sign_test(values) == pytest.approx(stats.binomtest(above, above + below).pvalue)


def coin_blocks(chance: float, blocks: int, seed: int) -> list[float]:
    """A coin agent at a table of four that wins each game with `chance`: its mean share
    over four rotations per block."""
    rng = random.Random(seed)
    return [sum(rng.random() < chance for _ in range(4)) / 4 for _ in range(blocks)]


def test_a_biased_coin_comes_out_significant() -> None:
    test = paired_test(coin_blocks(0.32, 400, seed=1), 0.25)
    assert test.p < 0.01
    assert test.sign_p < 0.01
    assert test.low > 0.25


def test_a_fair_coin_does_not() -> None:
    """Two identical agents: the same coin; over this fixed seed not significant."""
    test = paired_test(coin_blocks(0.25, 400, seed=1), 0.25)
    assert test.p > 0.05
    assert test.low < 0.25 < test.high


def test_identical_blocks_are_not_significant() -> None:
    test = paired_test([0.25] * 30, 0.25)
    assert (test.p, test.sign_p, test.low, test.high) == (1.0, 1.0, 0.25, 0.25)


def test_calibration_bins_and_error() -> None:
    pairs = [(0.05, 0.0)] * 9 + [(0.05, 1.0)] + [(0.72, 1.0)] * 3 + [(0.78, 0.0)]
    table = calibration(pairs)
    assert [(b.low, b.count) for b in table] == [(0.0, 10), (0.7, 4)]
    assert table[0].error == pytest.approx(0.05)
    assert table[1].predicted == pytest.approx(0.735)
    assert table[1].error == pytest.approx(0.015)
    assert mean_absolute_error(table) == pytest.approx((0.05 * 10 + 0.015 * 4) / 14)
    assert calibration([(1.0, 1.0)])[0].low == pytest.approx(0.9)


def test_a_bin_s_interval_counts_a_game_s_estimates_as_one_draw() -> None:
    """Won − predicted with a 95% interval over clusters (the games the estimates came
    from): many estimates of few games give a wide interval, not a narrow one."""
    pairs = [(0.3, float(game % 2)) for game in range(40) for _ in range(25)]
    games = [game for game in range(40) for _ in range(25)]
    (one,) = calibration(pairs, clusters=games)
    assert one.games == 40 and one.count == 1000
    assert one.difference == pytest.approx(0.2)
    # 40 games of 0 or 1: the interval of a mean of 40 coin flips, about ±0.16
    assert 0.12 < one.margin < 0.2
    (alone,) = calibration(pairs, clusters=list(range(1000)))  # as if all independent
    assert alone.margin < one.margin / 3
    assert math.isnan(calibration(pairs)[0].margin)
