from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core.ranking import (
    places_after_resigning,
    places_from_keys,
    returns_from_places,
    win_shares,
)


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


@pytest.mark.parametrize(
    ("places", "resigned", "after"),
    [
        ([1, 2], [0], [2, 1]),  # the winner gave up: resigning is losing
        ([1, 1], [1], [1, 2]),
        ([1, 2, 3, 4], [1], [1, 4, 2, 3]),
        ([2, 1, 1, 4], [1, 2], [1, 3, 3, 2]),  # ties kept within each group
        ([1, 1, 1], [0, 2], [2, 1, 2]),
    ],
)
def test_resigned_seats_come_after_every_other(
    places: list[int], resigned: list[int], after: list[int]
) -> None:
    assert places_after_resigning(places, resigned) == after


@given(st.lists(st.integers(1, 4), min_size=2, max_size=6), st.data())
def test_resigning_keeps_each_groups_order(places: list[int], data: st.DataObject) -> None:
    """Checked against the definition: a seat is ahead of another exactly when it did not
    resign and the other did, or both are in the same group and it placed better."""
    resigned = data.draw(st.sets(st.integers(0, len(places) - 1)))
    after = places_after_resigning(places, resigned)
    for a in range(len(places)):
        for b in range(len(places)):
            ahead = (a not in resigned and b in resigned) or (
                (a in resigned) == (b in resigned) and places[a] < places[b]
            )
            assert (after[a] < after[b]) == ahead
