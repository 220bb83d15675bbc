"""After a game the end screen offers its review, which opens the review screen and
comes back to the end screen (driven by a pilot, as a person would press the keys)."""

from __future__ import annotations

import asyncio
import re

from textual.widgets import Label, Static

import spieltisch
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.review.screen import ReviewScreen
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import EndScreen
from tests.play.conftest import BUDGET
from tests.play.test_newcomer import screen_lines
from tests.play.test_tui import play_to_the_end, text_of, until
from tests.waiting import WHOLE_GAME


def test_review_this_game_from_the_end_screen() -> None:
    game = spieltisch.load("mabula")
    session = Session(game, [HUMAN, "easy"], seed=5, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="de", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_to_the_end(pilot, app)
            results = text_of(app.screen.query_one("#results", Static))
            assert "Ergebnis" in results
            labels = app.screen.query(".choice").results(Label)
            choices = " ".join(str(label.content) for label in labels)
            assert "r: diese Partie analysieren" in choices
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await until(pilot, lambda: screen.review is not None, timeout=WHOLE_GAME)
            review = screen.review
            assert review is not None
            # the person's decisions only (seat 0), labelled as at the table
            assert review.settings.seats == [0]
            assert review.decisions() and all(s.player == 0 for s in review.decisions())
            assert review.settings.iterations == BUDGET.iterations
            shown = text_of(screen.query_one("#review-table", Static))
            assert "Kurz gefasst" in shown
            assert [seat.name for seat in review.seats] == ["Weiß · du"]  # colour · who
            title = screen.query_one("#review-title", Label).content
            assert str(title).startswith("Analyse (Escape")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, EndScreen))
            await pilot.press("q")

    asyncio.run(scenario())


def played_to_the_end(session: Session) -> Session:
    """The computers' game played without the app: drawing its 195 moves took most of
    the test's time (issue 41), and whole games in the app are tests/play/test_tui.py's."""
    while not session.state.is_terminal():
        if session.state.is_chance_node():
            session.step_chance()
        else:
            session.play(session.think(session.state.clone()))
    return session


def test_a_review_of_computers_only_covers_every_seat() -> None:
    game = spieltisch.load("mahe", players=3)
    session = Session(game, ["easy", "medium", "easy"], seed=3, budget=BUDGET)
    played_to_the_end(session)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)  # opens at the end window
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=WHOLE_GAME)
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await until(pilot, lambda: screen.review is not None, timeout=WHOLE_GAME)
            assert screen.review is not None
            assert screen.review.settings.seats == [0, 1, 2]
            seated = {step.player for step in screen.review.decisions()}
            assert seated == {0, 1, 2}
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, EndScreen))

    asyncio.run(scenario())


def test_the_finished_board_does_not_say_game_over_a_third_time() -> None:
    """Back at the board after the end screen (Escape), the header and the board say the
    game is over (the board with its outcome); the line under the moves names only what
    can follow."""
    game = spieltisch.load("mabula")
    session = Session(game, ["random", "random"], seed=5, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="de", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=WHOLE_GAME)
            await pilot.press("escape")
            await until(pilot, lambda: len(app.screen_stack) == 1)
            assert app.message == "F5: noch einmal, F4: speichern, F10: beenden"
            shown = "\n".join(screen_lines(app))
            assert len(re.findall("Spielende", shown)) == 2, shown

    asyncio.run(scenario())
