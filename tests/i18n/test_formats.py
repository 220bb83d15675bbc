"""Numbers, signs, shares and times as each language writes them (core/formats)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from spieltisch.core.formats import MINUS, moment, number, percent, signed
from spieltisch.core.i18n import language


@pytest.mark.parametrize(
    ("code", "half", "big", "negative"),
    [
        ("de", "1,5", "1.234.567", "−1,8"),
        ("fr", "1,5", "1\u202f234\u202f567", "−1,8"),
        ("en", "1.5", "1,234,567", "−1.8"),
    ],
)
def test_numbers_follow_the_language(code: str, half: str, big: str, negative: str) -> None:
    with language(code):
        assert number(1.5) == half
        assert number(1234567) == big
        assert number(-1.8, 1) == negative


def test_one_minus_sign_and_a_sign_on_every_change() -> None:
    with language("de"):
        assert signed(-1.83, 1) == f"{MINUS}1,8"
        assert signed(0.25, 2) == "+0,25"
        assert signed(0) == "0"
        assert "-" not in number(-3) and "-" not in percent(-0.05, 1)


def test_shares_as_percentages() -> None:
    with language("de"):
        assert percent(0.2534, 1) == "25,3\u00a0%"
    with language("en"):
        assert percent(0.2534, 1) == "25.3%"
        assert percent(0.25) == "25%"


def test_times_carry_their_zone() -> None:
    when = datetime(2026, 11, 28, 14, 5, tzinfo=UTC)
    with language("de"):
        assert moment(when) == "28.11.2026, 14:05 UTC"
        berlin = timezone(timedelta(hours=1), "MEZ")
        assert moment(when, berlin).startswith("28.11.2026, 15:05")
    with language("en"):
        assert moment(when.replace(tzinfo=None)) == "Nov 28, 2026, 14:05 UTC"
