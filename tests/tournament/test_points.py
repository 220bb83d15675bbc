"""Points per place, smaller tables and shared places."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.tournament.points import DEFAULT_POINTS, bye_points, place_points, points_for_size


def test_a_full_table_gets_the_given_points() -> None:
    assert points_for_size(DEFAULT_POINTS, 4) == [3, 2, 1, 0]


def test_a_table_of_three_spreads_the_same_range_evenly() -> None:
    assert points_for_size(DEFAULT_POINTS, 3) == [3, 1.5, 0]
    assert points_for_size(DEFAULT_POINTS, 2) == [3, 0]


def test_shared_places_share_the_points_they_span() -> None:
    assert place_points([1, 1, 3, 4], DEFAULT_POINTS) == [2.5, 2.5, 1, 0]
    assert place_points([2, 1, 2, 2], DEFAULT_POINTS) == [1, 3, 1, 1]


def test_a_bye_is_worth_the_mean_of_a_full_table() -> None:
    assert bye_points(DEFAULT_POINTS) == 1.5


@given(st.integers(2, 7), st.lists(st.integers(0, 10), min_size=2, max_size=7))
def test_linear_points_keep_the_mean_whatever_the_table_size(size: int, steps: list[int]) -> None:
    linear = [float(3 * (len(steps) - 1 - i)) for i in range(len(steps))]
    assert sum(points_for_size(linear, size)) / size == pytest.approx(sum(linear) / len(linear))
    for places in ([1] * size, list(range(1, size + 1))):
        assert sum(place_points(places, linear)) == pytest.approx(
            sum(points_for_size(linear, size))
        )
