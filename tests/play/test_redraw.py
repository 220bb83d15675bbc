"""Redrawing after a step draws only what changed (issue 41): the log wraps a new entry,
not all of them, and a board or table is drawn once per width; what is shown is the
same as before."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from spieltisch.cli.drawn import DrawnOnce
from spieltisch.cli.tui.log_view import LogView


class Counted:
    """A renderable that counts how often it is drawn."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.drawn = 0

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.drawn += 1
        yield Text(self.text)


CONSOLE = Console(width=80, file=io.StringIO(), color_system="truecolor")


def printed(renderable: RenderableType, width: int, height: int | None = None) -> str:
    options = CONSOLE.options.update(width=width, height=height)
    return "".join(segment.text for segment in CONSOLE.render(renderable, options))


def test_drawn_once_per_width_and_the_same_lines() -> None:
    table = Table("player", "score")
    table.add_row("Red (you)", "3")
    table.add_row("Blue · easy, a long label that wraps", "12")
    for width in (20, 40):
        assert printed(DrawnOnce(table), width) == printed(table, width)
    counted = Counted("a board " * 20)
    drawn = DrawnOnce(counted, height_matters=False)
    first = printed(drawn, 30)
    assert printed(drawn, 30, height=12) == first and counted.drawn == 1  # no height asked
    assert printed(drawn, 50) != first and counted.drawn == 2  # another width: drawn again
    each = Counted("x")
    by_height = DrawnOnce(each)
    printed(by_height, 30)
    printed(by_height, 30, height=12)
    assert each.drawn == 2


ENTRIES = [
    Text("· Red · rolled 3", style="italic"),
    Text.assemble(("Blue (easy): ", "bold"), "moves the turtle from the raft to field 4 " * 3),
    Text.assemble(("Red (you): ", "bold"), "roll", (" (the only move)", "italic")),
    Text(""),
    Text("· an event with a\nline of its own", style="italic"),
]


class Side(App[None]):
    """A log as the play app has it (a scrolled pane of 30 columns) beside a Static with
    the same entries in one text, the way the log was drawn before."""

    CSS = """
    VerticalScroll { width: 30; height: 6; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new"):
            yield LogView(id="log")
        with VerticalScroll(id="old"):
            yield Static(id="static")


def looks(widget: Static) -> list[list[tuple[str, str]]]:
    """Each line's segments: their text and how it looks (not where a mouse selection
    would find it, which the log does not offer)."""
    lines = widget.render_lines(widget.region.reset_offset)
    return [[(segment.text, str(segment.style)) for segment in line] for line in lines]


def test_the_log_shows_what_one_text_showed_and_wraps_only_new_entries() -> None:
    async def scenario() -> None:
        app = Side()
        async with app.run_test(size=(80, 12)) as pilot:
            log = app.query_one(LogView)
            static = app.query_one("#static", Static)
            assert not log.auto_links and static.auto_links  # no search for links in the log

            def shown(pane: str) -> list[str]:
                lines = app.query_one(f"#{pane}", VerticalScroll).render_lines(
                    app.query_one(f"#{pane}", VerticalScroll).region.reset_offset
                )
                return [line.text for line in lines]

            for count in range(len(ENTRIES) + 1):
                texts = ENTRIES[:count]
                log.show(texts)
                static.update(Text("\n").join(texts))
                await pilot.pause()
                assert log.region.height == static.region.height
                assert looks(log) == looks(static)
                assert shown("new") == shown("old")
            assert log.plain == Text("\n").join(ENTRIES).plain
            drawn = dict(log._lines._drawn)
            log.show([*ENTRIES[1:], Text("· Blue · rolled 6", style="italic")])
            await pilot.pause()
            again = log._lines._drawn
            kept = [key for key in again if key in drawn]
            assert len(kept) == len(ENTRIES) - 1  # the first went, one new
            assert all(again[key][2] is drawn[key][2] for key in kept)  # not wrapped again

    asyncio.run(scenario())
