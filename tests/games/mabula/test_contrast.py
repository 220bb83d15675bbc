"""Mabula's marbles stand out from the board, edge and inside, by at least 3:1 (WCAG's
contrast for pieces; issue 34: black on the grey edge was about 1.7:1; issue 45: black
inside the board, on the terminal's black, about 2.6:1). Every marble is drawn on a
background of the board's own, never on whatever the terminal's is."""

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


def test_marbles_on_the_edge_and_inside_contrast_at_least_3_to_1() -> None:
    state = spieltisch.load("mabula").new_state()
    assert isinstance(state, MabulaState)
    state.sample_chance(random.Random(1))  # the marbles are set out on the edge
    rng = random.Random(2)
    for _move in range(12):  # and some pushed inside
        state.apply(rng.choice(state.legal_moves()))
    drawn = render(state, 0)
    assert isinstance(drawn, Text)
    checked = []
    for span in drawn.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        symbol = drawn.plain[span.start : span.end].strip()
        if symbol in ("○", "●"):
            assert style.color is not None and style.bgcolor is not None, (symbol, style)
            assert _contrast(style.color, style.bgcolor) >= 3, (symbol, style)
            checked.append((symbol, style.bgcolor.name))
    # 24 marbles on the board, and each player's beside their score
    assert drawn.plain.count("○") + drawn.plain.count("●") == len(checked) == 26
    assert {background for _symbol, background in checked} == {"grey50", "orange4"}
