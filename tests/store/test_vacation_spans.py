"""Vacation spans read back from the database: moments are kept to the microsecond, so a
vacation taken "now" can read back as beginning just after now (half of all moments round
up). It must still count as under way, or the page's clock would say nothing of it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spieltisch.store.turns import DAY, moment, seconds, under_way

NOW = st.floats(min_value=1.7e9, max_value=2.0e9, allow_nan=False)


@given(NOW)
def test_a_vacation_taken_now_is_under_way_once_read_back(now: float) -> None:
    span = (seconds(moment(now)), seconds(moment(now + 3 * DAY)))
    assert under_way([span], now) == span


@given(NOW)
def test_a_vacation_ended_now_is_over_once_read_back(now: float) -> None:
    span = (seconds(moment(now - DAY)), seconds(moment(now)))
    assert under_way([span], now) is None


def test_only_the_vacation_under_way_is_told() -> None:
    now = 1.8e9
    spans = [(now - 3 * DAY, now - DAY), (now - 60, now + DAY)]
    assert under_way(spans, now) == spans[1]
    assert under_way(spans, now + 2 * DAY) is None


def test_rounding_up_does_happen() -> None:
    """Why `under_way` allows for it: a moment that reads back later than itself."""
    now = 1_800_000_000.0000007
    assert seconds(moment(now)) > now
