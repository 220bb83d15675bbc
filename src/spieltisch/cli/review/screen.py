"""The review of a finished game inside the play app: the same analysis as
`spieltisch review`, with a progress bar, then the summary and the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, ProgressBar, Static

from spieltisch.agents import Budget
from spieltisch.cli.drawn import DrawnOnce
from spieltisch.cli.review.command import steps_table, summary
from spieltisch.cli.review.messages import _
from spieltisch.core.i18n import language
from spieltisch.review import ReviewFile, review_game


class Closed(Exception):
    """The screen was left before the review was done: stop rating."""


class ReviewScreen(Screen[None]):
    """Rates every decision of the finished game in a thread; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", _("leave the review"))]

    DEFAULT_CSS = """
    ReviewScreen #review-body { height: 1fr; }
    """

    def __init__(
        self,
        record: Mapping[str, Any],
        code: str,
        budget: Budget | None = None,
        seats: Sequence[int] | None = None,
    ) -> None:
        super().__init__()
        self.record = dict(record)
        self.code = code
        self.budget = budget
        self.seats = seats
        self.closed = False
        self.review: ReviewFile | None = None

    def compose(self) -> ComposeResult:
        yield Label(_("Reviewing the game (Escape: back to the game)"), id="review-title")
        yield ProgressBar(id="review-progress", show_eta=True)
        with VerticalScroll(id="review-body"):
            yield Static("", id="review-table")

    def on_mount(self) -> None:
        self.run_worker(self._run, thread=True, exclusive=True)

    def _run(self) -> None:
        try:
            with language(self.code):
                done = review_game(
                    self.record, seats=self.seats, budget=self.budget, progress=self._progress
                )
                shown = DrawnOnce(Group(summary(done), steps_table(done)), height_matters=False)
        except Closed:
            return
        if not self.closed:
            self.app.call_from_thread(self._show, done, shown)

    def _progress(self, done: int, total: int) -> None:
        if self.closed:
            raise Closed
        self.app.call_from_thread(self._advance, done, total)

    def _advance(self, done: int, total: int) -> None:
        if not self.closed:
            self.query_one(ProgressBar).update(total=total, progress=done)

    def _show(self, done: ReviewFile, shown: DrawnOnce) -> None:
        self.review = done
        self.query_one(ProgressBar).display = False
        with language(self.code):  # called from the worker thread, whose language is its own
            title = _("Review (Escape: back to the game)")
        self.query_one("#review-title", Label).update(title)
        self.query_one("#review-table", Static).update(shown)

    def action_close(self) -> None:
        self.closed = True
        self.dismiss(None)
