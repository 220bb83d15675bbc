"""The terminal board, the translations and the rules summaries of David & Goliath."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import spieltisch
from spieltisch.core import parts
from spieltisch.core.i18n import language
from spieltisch.games.david_goliath import DavidGoliathState
from spieltisch.games.david_goliath.text import render
from tests.games.david_goliath.helpers import play_random


def plain(state: DavidGoliathState, player: int | None) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render(state, player))
    return out.getvalue().splitlines()


def test_the_board_shows_the_own_hand_only_and_fits_80_columns() -> None:
    game = spieltisch.load("david_goliath", players=6, deals=2)
    rng = random.Random(2)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    for stop in (0, 1, 40, 80, 100, 200, 10_000):
        play_random(state, rng, stop - len(state.history()))
        for seat in [None, *range(6)]:
            lines = plain(state, seat)
            assert all(len(line) <= 80 for line in lines)
            text = "\n".join(lines)
            assert ("Your hand" in text) == (seat is not None)
    assert state.is_terminal()
    assert "Game over" in "\n".join(plain(state, None))


def test_the_board_in_the_middle_of_a_trick() -> None:
    game = spieltisch.load("david_goliath", players=4)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    play_random(state, random.Random(9), 3)
    text = "\n".join(plain(state, 2))
    trick = state.view(2)["trick"]
    for seat, card in trick:
        assert f"Player {seat + 1} {card}" in text
    first = state.view(2)["hand"][0]
    assert f"{first[0]} {first[1:]}" in text
    assert "Player 4 to play." in text
    with language("de"):
        german = "\n".join(plain(state, 2))
    assert "Deine Hand" in german and "Spieler 4 ist am Zug." in german


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_rules_summaries(code: str) -> None:
    text = parts("david_goliath").rules_summary(code)
    lines = text.splitlines()
    assert 40 <= len(lines) <= 80
    assert lines[0] == "# David & Goliath"
    assert "`g12`" in text and "deal:" in text and "`deals`" in text
    assert "52" in text
