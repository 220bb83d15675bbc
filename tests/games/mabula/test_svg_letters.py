"""The browser's marbles carry the reader's letter (issue 32): in French "B" reads as
blanc, so a black marble marked B would say white; the glossary gives W/B, W/S, B/N."""

from __future__ import annotations

import re

import pytest

from spieltisch.games.mabula.svg import board
from tests.games.mabula.helpers import position

DIAGRAM = """
.W......
........
........
........
........
........
........
......B.
"""


@pytest.mark.parametrize(
    ("code", "white", "black"), [("en", "W", "B"), ("de", "W", "S"), ("fr", "B", "N")]
)
def test_each_marble_is_marked_with_the_readers_letter(code: str, white: str, black: str) -> None:
    svg = board(position(DIAGRAM).view(None), language=code)
    marbles = re.findall(
        r'data-marble="(w|b)"><circle[^>]*/?>(?:</circle>)?<text[^>]*>(\w)</text>', svg
    )
    assert dict(marbles) == {"w": white, "b": black}, marbles
