"""Mahé with seven players and every turtle on one field, at 80×24: nothing is cut off."""

from __future__ import annotations

import asyncio

import pytest
from textual.containers import VerticalScroll

from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.tui.app import PlayApp
from spieltisch.core.glossary import piece_letters
from spieltisch.core.i18n import language
from spieltisch.games.mahe.messages import colour_name
from spieltisch.games.mahe.rules import MaheState
from tests.games.mahe.helpers import load, play, start
from tests.play.test_newcomer import screen_lines, session_at
from tests.play.test_tui import ready, until


def _all_on_field_one() -> list[str]:
    """Each of the seven turtles in turn moves one field: a stack of seven on field 1."""
    state = start(load(players=7))
    for _turn in range(7):
        play(state, "d1", "stop")
    assert len(state.stack(1)) == 7
    return state.history()


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_seven_turtles_on_one_field_fit_80x24(code: str) -> None:
    # the last seat decides next (for the stack, on red's turn): the game waits for it
    session = session_at("mahe", _all_on_field_one(), [*["random"] * 6, HUMAN], players=7)
    state = session.state
    assert isinstance(state, MaheState) and len(state.stack(1)) == 7

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            pane = app.query_one("#board-pane", VerticalScroll)
            assert pane.max_scroll_y == 0, "the board needs no scrolling"
            lines = screen_lines(app)
            board = [line.split("│")[1] for line in lines if line.count("│") >= 2]
            ring = next(i for i, row in enumerate(board) if row.split()[:3] == ["1", "2", "3"])
            marks = piece_letters("mahe", code)  # two letters in German and French
            drawn = set("".join(marks.values()) + " ")
            stack = [row for row in board[:ring] if row.strip() and set(row) <= drawn]
            letters = "".join(stack).replace(" ", "")
            assert sorted(letters) == sorted("".join(marks.values())), board
            with language(code):  # the seventh player's row names its turtle by letter
                white = colour_name("white")
                seventh = f"{marks['white']}={white[:1].upper()}{white[1:]}"
            assert any(seventh in line for line in lines), lines
            assert any("21" in line for line in lines)

    asyncio.run(scenario())
