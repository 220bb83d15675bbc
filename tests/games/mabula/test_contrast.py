"""Mabula's marbles stand out from the board's edge by at least 3:1 (WCAG's contrast for
pieces; issue 34: black on the grey edge was about 1.7:1)."""

from __future__ import annotations

import random

from rich.color import Color
from rich.style import Style
from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from rich.text import Text

import spieltisch
from spieltisch.games.mabula.rules import MabulaState
from spieltisch.games.mabula.text import render


def _luminance(color: Color) -> float:
    red, green, blue = color.get_truecolor(DEFAULT_TERMINAL_THEME)

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def _contrast(one: Color, other: Color) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_marbles_on_the_edge_contrast_at_least_3_to_1() -> None:
    state = spieltisch.load("mabula").new_state()
    assert isinstance(state, MabulaState)
    state.sample_chance(random.Random(1))  # the marbles are set out on the edge
    drawn = render(state, 0)
    assert isinstance(drawn, Text)
    checked = set()
    for span in drawn.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        if style.bgcolor is None or style.color is None:
            continue
        symbol = drawn.plain[span.start : span.end].strip()
        if symbol in ("○", "●"):
            assert _contrast(style.color, style.bgcolor) >= 3, (symbol, style)
            checked.add(symbol)
    assert checked == {"○", "●"}
