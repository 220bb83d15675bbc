"""The play app's review screen: the same review as `spieltisch review`, in a thread."""

from __future__ import annotations

import asyncio
import io
import time

from rich.console import Console
from textual.app import App
from textual.widgets import ProgressBar, Static

from spieltisch.agents import Budget
from spieltisch.cli.review.screen import ReviewScreen
from tests.review.test_outputs import mabula_record


class Host(App[None]):
    """A bare app that shows the review screen, as the play app does after a game."""


def test_the_review_screen_shows_the_summary_and_every_decision() -> None:
    record = mabula_record()

    async def run() -> None:
        app = Host()
        async with app.run_test(size=(132, 42)) as pilot:
            screen = ReviewScreen(record, "de", budget=Budget(iterations=30))
            await app.push_screen(screen)
            deadline = time.monotonic() + 60
            while screen.review is None:
                assert time.monotonic() < deadline, "the review did not finish in time"
                await asyncio.sleep(0.01)
            await pilot.pause()
            assert not screen.query_one(ProgressBar).display
            console = Console(width=200, record=True, file=io.StringIO())
            console.print(screen.query_one("#review-table", Static).content)
            shown = console.export_text()
            assert "Kurz gefasst" in shown and "Ada" in shown  # the summary, in German
            # the table leads with each move in words (issue 46: words, not notation)
            # (the column wraps at 24 characters: its first line is checked)
            assert all(step.words[:12] in shown for step in screen.review.decisions())
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is not screen

    asyncio.run(run())


def test_leaving_early_stops_the_review() -> None:
    record = mabula_record()

    async def run() -> None:
        app = Host()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = ReviewScreen(record, "en", budget=Budget(iterations=2000))
            await app.push_screen(screen)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert screen.closed and app.screen is not screen
            await asyncio.sleep(0.5)  # a time in which the stopped review may not finish
            assert screen.review is None

    asyncio.run(run())
