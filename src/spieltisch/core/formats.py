"""Numbers, signs and times as the reader's language writes them (Babel's CLDR data).

Every surface formats through here (the browser uses `Intl` with the same CLDR rules,
see web/static/i18n.js), so German and French read "1,5" and English "1.5", and every
negative number carries the one minus sign U+2212 ("−1,8"), never a hyphen.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, tzinfo

from babel import Locale
from babel.dates import format_datetime, get_date_format
from babel.numbers import format_decimal, format_percent

from spieltisch.core.i18n import get_language

MINUS = "\u2212"
"""The minus sign: the same width as the plus sign, and never taken for a hyphen."""


def _minus(text: str) -> str:
    return text.replace("-", MINUS)


def number(value: float, digits: int | None = None) -> str:
    """`value` in the current language: grouped thousands ("1.234" de, "1 234" fr,
    "1,234" en), the decimal separator of the language, exactly `digits` decimals when
    given (else as many as the value has, up to three)."""
    pattern = "#,##0.###" if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
    return _minus(format_decimal(value, format=pattern, locale=get_language()))


def signed(value: float, digits: int | None = None) -> str:
    """`value` with its sign always written: "+1,5", "−0,3", "0" (a change, not a level)."""
    text = number(value, digits)
    if value > 0 and not text.startswith("+"):
        return "+" + text
    return text


_LAST_DIGIT = re.compile(r"0(?=[^0#,.]*%)")


def percent(share: float, digits: int = 0) -> str:
    """A share (0.253) as a percentage in the current language with `digits` decimals:
    "25,3 %" de, "25,3 %" fr (a narrow no-break space), "25.3%" en."""
    code = get_language()
    pattern = Locale.parse(code).percent_formats[None].pattern
    if digits:
        pattern = _LAST_DIGIT.sub("0." + "0" * digits, pattern, count=1)
    return _minus(format_percent(share, format=pattern, locale=code))


def moment(when: datetime, zone: tzinfo | None = None) -> str:
    """A point in time with its date, hours and minutes and its time zone ("28.11.2026,
    14:05 UTC"); a naive datetime is taken as UTC, which is what the store writes."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    code = get_language()
    date_pattern = get_date_format("medium", locale=code).pattern
    text: str = format_datetime(
        when, format=f"{date_pattern}, HH:mm zzz", tzinfo=zone or UTC, locale=code
    )
    return text
