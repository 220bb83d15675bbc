"""The text board: readable in 80 columns, showing exactly the pieces of the view."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from spieltisch.core.i18n import language
from spieltisch.games.madn.text import render
from spieltisch.sim import play_randomly
from tests.games.madn.helpers import play, start


def _text(players: int, seed: int, steps: int) -> str:
    state = start(players=players)
    rng = random.Random(seed)
    play_randomly(state, rng, steps=steps)
    console = Console(width=80, record=True, color_system=None)
    console.print(render(state, None))
    return console.export_text()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_fits_80_columns_and_has_every_field(players: int) -> None:
    text = _text(players, seed=players, steps=300)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) >= 12


def test_board_shows_pieces_where_the_view_has_them() -> None:
    state = start(players=2)
    play(state, "d6", "b", "d4", "1")  # red on 5
    console = Console(width=80, record=True, color_system=None)
    console.print(render(state, 0))
    text = console.export_text()
    board = text.splitlines()
    assert board[4].split()[:5] == ["1", "2", "3", "4", "Rd"]  # field 5 holds red
    assert board[0].split()[:2] == ["Rd", "Rd"]  # three pieces in red's base ...
    assert board[1].split()[:2] == ["Rd", "o"]  # ... and one empty circle
    assert "Turn: Yellow" in text  # the seat as the side panel names it ("Yellow (medium)")


def test_board_labels_are_translated() -> None:
    state = start(players=2)
    with language("de"):
        console = Console(width=80, record=True, color_system=None)
        console.print(render(state, None))
        text = console.export_text()
    assert "Am Zug: Rot" in text and "Spieler 1" not in text
    assert "Ro" in text and "Ge" in text


def test_board_at_the_end() -> None:
    text = _text(2, seed=1, steps=100_000)
    assert "The game is over." in text


def _final_board(**options: object) -> str:
    state = start(players=2, **options)
    play_randomly(state, random.Random(3))
    assert state.is_terminal()
    return render(state, None).plain


def test_a_game_stopped_by_time_says_how_it_was_ranked() -> None:
    """A newcomer sees places while every score is 0: the board names rule 18's order."""
    stopped = _final_board(max_rounds=3)
    assert "stopped by time and ranked by rule 18" in stopped
    assert "rule 18" not in _final_board()
    with language("de"):
        assert "nach Regel 18" in _final_board(max_rounds=3)
