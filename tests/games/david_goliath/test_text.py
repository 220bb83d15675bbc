"""The terminal board, the translations and the rules summaries of David & Goliath."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import spieltisch
from spieltisch.core import parts
from spieltisch.core.i18n import language
from spieltisch.core.reflow import Reflowing, ReflowText
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
        assert f"Player {int(seat) + 1} {card}" in text
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
    assert 40 <= len(lines) <= 100  # with the book's examples and the rulings
    assert lines[0] == "# David & Goliath"
    with language(code):
        option = parts("david_goliath").option_label("deals")
    assert "`g12`" in text and "deal:" in text
    assert ("`deals`" if code == "en" else option) in text
    assert "52" in text


def _compact(state: DavidGoliathState, player: int | None, width: int = 44) -> list[str]:
    """The board as the app draws it into `width` columns (choosing its layout)."""
    board = render(state, player)
    assert isinstance(board, ReflowText)
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(Reflowing(board))
    return out.getvalue().rstrip("\n").splitlines()


BOARD_ROWS_AT_80x24 = 21
"""What the app's board pane holds at 80×24: 24 rows less the key bar and the frame."""


@pytest.mark.parametrize("code", ["de", "en", "fr"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_compact_board_fits_the_pane_of_an_80x24_screen(code: str, players: int) -> None:
    """At the app's 42-44 columns every seat's row of won cards is shown, in 21 rows."""
    game = spieltisch.load("david_goliath", players=players, deals=1)
    rng = random.Random(players)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    checked = 0
    while not state.is_terminal():
        play_random(state, rng, 7)
        with language(code):
            lines = _compact(state, 0, width=42)
        assert len(lines) <= BOARD_ROWS_AT_80x24, "\n".join(lines)
        assert all(len(line) <= 42 for line in lines)
        checked += 1
    assert checked > 5


def test_the_compact_board_counts_a_colour_that_scores_a_point_a_card() -> None:
    game = spieltisch.load("david_goliath", players=4)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    play_random(state, random.Random(4), 1 + 4 * 12)
    lines = _compact(state, 0)
    view = state.view(0)
    heading = next(i for i, line in enumerate(lines) if "won this deal" in line)
    rows = lines[heading + 1 :]
    for seat, won in enumerate(view["won"]):
        row = next(line for line in rows if line[2:].startswith(f"P{seat + 1} "))
        for colour in "rygbp":
            values = [card[1:] for card in won if card[0] == colour]
            if len(values) >= 3:
                assert f"{colour}×{len(values)}" in row
            elif values:
                assert f"{colour} {values[0]}" in "\n".join(rows)


@pytest.mark.parametrize(
    ("code", "letters"),
    [
        ("en", "rygbp"),
        ("de", ["Ro", "Ge", "Gr", "Bl", "Li"]),
        ("fr", ["Ro", "Ja", "Ve", "Bl", "Vi"]),
    ],
)
def test_card_colours_are_written_in_the_readers_letters(code: str, letters: list[str]) -> None:
    """The hand, the trick and the won cards write each colour by the glossary's letters
    of the reader's language (Gelb and Grün share G, vert and violet V); the notation
    typed and recorded stays `r4`."""
    game = spieltisch.load("david_goliath", players=4)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    play_random(state, random.Random(9), 3)
    mark = dict(zip("rygbp", letters, strict=True))
    with language(code):
        text = "\n".join(plain(state, 2))
    for seat, card in state.view(2)["trick"]:
        assert f" {int(seat) + 1} {mark[str(card)[0]]}{str(card)[1:]}" in text
    first = state.view(2)["hand"][0]
    assert f"{mark[first[0]]} {first[1:]}" in text
