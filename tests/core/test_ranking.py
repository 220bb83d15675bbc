from __future__ import annotations

import pytest

from spieltisch.core.ranking import places_from_keys, returns_from_places, win_shares


@pytest.mark.parametrize(
    ("keys", "places"),
    [
        ([5, 9, 1], [2, 1, 3]),
        ([(22, 6), (17, 5), (22, 5), (20, 5)], [1, 4, 2, 3]),
        ([3, 3, 1, 3], [1, 1, 4, 1]),
        ([0, 0], [1, 1]),
    ],
)
def test_places_share_ties(keys: list[object], places: list[int]) -> None:
    assert places_from_keys(keys) == places


def test_returns_span_minus_one_to_one_and_share_ties() -> None:
    assert returns_from_places([1, 2]) == [1.0, -1.0]
    assert returns_from_places([1, 1]) == [0.0, 0.0]
    assert returns_from_places([1, 2, 3]) == [1.0, 0.0, -1.0]
    assert returns_from_places([1, 1, 3, 4]) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])
    assert sum(returns_from_places([2, 1, 2, 4])) == pytest.approx(0.0)


def test_win_shares() -> None:
    assert win_shares([1, 2, 1]) == [0.5, 0.0, 0.5]
