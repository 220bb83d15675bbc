"""Confidence intervals and summaries for simulated games."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; well-behaved near 0 and 1 and for few trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """Mean with a normal-approximation interval (for scores and lengths)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    margin = z * math.sqrt(variance / n)
    return Estimate(mean, mean - margin, mean + margin)
