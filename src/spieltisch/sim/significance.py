"""Paired tests over duplicate blocks and the calibration of predicted win chances.

The games of a duplicate block share their dice, so they are not independent: the unit
of every interval and test here is the block (one value per block, such as an entrant's
mean share of the win over the block's rotations). Student's t gives the interval and a
two-sided p-value; the exact sign test over the same blocks is the check that assumes
nothing about their spread. Written without SciPy (not a dependency of the package);
`tests/sim/test_significance.py` compares the figures with SciPy's.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(probability: float, df: float) -> float:
    """The t with P(T <= t) = probability (bisection on the two-sided tail)."""
    if not 0.0 < probability < 1.0:
        raise ValueError("a quantile needs a probability strictly between 0 and 1")
    tail = 2.0 * min(probability, 1.0 - probability)
    low, high = 0.0, 1.0
    while t_two_sided(high, df) > tail:
        high *= 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if t_two_sided(middle, df) > tail:
            low = middle
        else:
            high = middle
    return high if probability > 0.5 else -high


def sign_test(values: Sequence[float], null: float = 0.0) -> float:
    """Two-sided exact sign test: are values above `null` as often as below? Blocks
    exactly at `null` are left out."""
    above = sum(1 for v in values if v > null)
    below = sum(1 for v in values if v < null)
    n = above + below
    if n == 0:
        return 1.0
    k = min(above, below)
    log_half = n * math.log(0.5)
    tail = sum(
        math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half)
        for i in range(k + 1)
    )
    return min(1.0, 2.0 * tail)


@dataclass(frozen=True)
class PairedTest:
    """The mean of per-block values against `null`: interval, t and p-values."""

    blocks: int
    mean: float
    low: float
    high: float
    error: float
    """The standard error of the mean (spread of the block values / √blocks)."""
    null: float
    t: float
    p: float
    sign_p: float
    """The exact sign test's two-sided p over the same blocks."""

    @property
    def significant(self) -> bool:
        """At the 5% level (the interval leaves out `null`)."""
        return self.p < 0.05


def paired_test(values: Sequence[float], null: float = 0.0, level: float = 0.95) -> PairedTest:
    """Student's t over per-block values: is their mean different from `null`?"""
    n = len(values)
    if n < 2:
        raise ValueError(f"a test over blocks needs at least 2 blocks, got {n}")
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    error = math.sqrt(variance / n)
    if error == 0.0:
        t = 0.0 if mean == null else math.copysign(math.inf, mean - null)
        p = 1.0 if mean == null else 0.0
        margin = 0.0
    else:
        t = (mean - null) / error
        p = t_two_sided(t, n - 1)
        margin = t_quantile(0.5 + level / 2.0, n - 1) * error
    return PairedTest(
        n, mean, mean - margin, mean + margin, error, null, t, p, sign_test(values, null)
    )


# -- calibration ------------------------------------------------------------------------


@dataclass(frozen=True)
class CalibrationBin:
    """The predictions that fell between `low` and `high`, and how they came out."""

    low: float
    high: float
    count: int
    predicted: float
    observed: float
    margin: float = math.nan
    """Half the width of the 95% interval of `difference` (nan: not known)."""
    games: int = 0
    """How many independent games (clusters) the predictions came from (0: not known)."""

    @property
    def error(self) -> float:
        """|mean prediction − observed share|: 0 in a calibrated bin."""
        return abs(self.predicted - self.observed)

    @property
    def difference(self) -> float:
        """Observed share − mean prediction ("won − predicted"): 0 in a calibrated bin."""
        return self.observed - self.predicted


def calibration(
    pairs: Sequence[tuple[float, float]],
    bins: int = 10,
    clusters: Sequence[Hashable] | None = None,
) -> list[CalibrationBin]:
    """(predicted win chance, share of the win actually got) grouped into `bins` equal
    ranges of the prediction; empty ranges are left out.

    With `clusters` (one label per pair: the game or duplicate block it came from) each
    bin gets a 95% interval of won − predicted. The predictions of one game share its
    outcome, so the interval treats each cluster as one draw: the cluster-robust
    (sandwich) standard error of a ratio of sums, with Student's t on clusters − 1
    degrees of freedom."""
    groups: list[list[int]] = [[] for _ in range(bins)]
    for position, (predicted, _won) in enumerate(pairs):
        groups[min(bins - 1, max(0, int(predicted * bins)))].append(position)
    table = []
    for index, group in enumerate(groups):
        if not group:
            continue
        predicted = sum(pairs[i][0] for i in group) / len(group)
        observed = sum(pairs[i][1] for i in group) / len(group)
        margin, games = math.nan, 0
        if clusters is not None:
            margin, games = _cluster_margin(
                [pairs[i][1] - pairs[i][0] for i in group], [clusters[i] for i in group]
            )
        table.append(
            CalibrationBin(
                index / bins, (index + 1) / bins, len(group), predicted, observed, margin, games
            )
        )
    return table


def _cluster_margin(values: Sequence[float], labels: Sequence[Hashable]) -> tuple[float, int]:
    """(half width of the 95% interval of the mean of `values`, clusters), the values of
    one label counted as one draw."""
    sums: dict[Hashable, list[float]] = {}
    for value, label in zip(values, labels, strict=True):
        entry = sums.setdefault(label, [0.0, 0.0])
        entry[0] += value
        entry[1] += 1.0
    count = len(sums)
    if count < 2:
        return math.inf, count
    total = sum(n for _, n in sums.values())
    mean = sum(s for s, _ in sums.values()) / total
    spread = sum((s - mean * n) ** 2 for s, n in sums.values())
    error = math.sqrt(count / (count - 1) * spread) / total
    return t_quantile(0.975, count - 1) * error, count


def mean_absolute_error(table: Sequence[CalibrationBin]) -> float:
    """The bins' errors weighted by their predictions (0 for no predictions)."""
    total = sum(b.count for b in table)
    return sum(b.error * b.count for b in table) / total if total else 0.0


def brier(pairs: Sequence[tuple[float, float]]) -> float:
    """The mean squared difference between prediction and outcome."""
    return sum((p - w) ** 2 for p, w in pairs) / len(pairs) if pairs else 0.0
