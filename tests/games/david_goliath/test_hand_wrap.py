"""David & Goliath's hand wraps between two colours, never inside one (issue 34)."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from spieltisch.games.david_goliath.text import _cards

HAND = ["r1", "r3", "r5", "r6", "r11", "y3", "y7", "y8", "y9", "g5", "g7", "b3", "p2", "p3", "p11"]


@pytest.mark.parametrize("width", range(16, 60))
def test_a_colour_stays_on_one_line(width: int) -> None:
    text = Text()
    _cards(text, HAND, column=10, width=width, indent=2)
    lines = text.plain.split("\n")
    assert all(len(line) <= width for line in lines), lines
    groups = [re.findall(r"[rygbp](?: \d+)+", line) for line in lines]
    seen = [group for line in groups for group in line]
    assert seen == ["r 1 3 5 6 11", "y 3 7 8 9", "g 5 7", "b 3", "p 2 3 11"], lines
