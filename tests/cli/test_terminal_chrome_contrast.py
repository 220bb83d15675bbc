"""The terminal app's chrome is legible on every Textual theme, light ones too (issue 45,
WCAG 1.4.3): the header with its seed, the panes' titles, the list of moves with its
highlighted move, the typed move's placeholder, a refusal, the key bar, a notification,
and the help and the leave dialogs — every letter or digit at least 4.5:1 against what
is behind it, measured in what Textual draws (its compositor's segments after the
theme's CSS) with the colours worked out as `test_terminal_contrast.Shown` does.

(The boards themselves are measured by `test_terminal_contrast.py`.)"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from rich.segment import Segment
from rich.style import Style
from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.widget import Widget

import spieltisch
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import ChoiceScreen, HelpScreen
from tests.cli.test_terminal_contrast import THEMES, Shown, contrast

SIZE = (110, 40)
NOTICE = "Ein Hinweis für dich"


def _cells(app: PlayApp, region: Region | None) -> Iterator[Segment]:
    """The segments Textual draws on the screen now, those inside `region` only (a
    dialog: what lies behind it is dimmed on purpose)."""
    update = app.screen._compositor.render_update(full=True)
    assert isinstance(update, LayoutUpdate)
    for y, line in enumerate(update.strips):
        x = 0
        for strip in line:
            for segment in strip:
                width = segment.cell_length
                inside = region is None or (
                    region.y <= y < region.bottom and region.x <= x and x + width <= region.right
                )
                if inside:
                    yield segment
                x += width


def _problems(app: PlayApp, shown: Shown, where: str, region: Region | None) -> list[str]:
    found = []
    for segment in _cells(app, region):
        if not any(c.isalnum() for c in segment.text):
            continue
        style = segment.style or Style()
        ratio = contrast(*shown.colours(style))
        if ratio < 4.5:
            found.append(f"{where}: {segment.text.strip()!r} {style} {ratio:.2f}")
    return found


def _drawn(app: PlayApp, region: Region | None = None) -> str:
    return "".join(segment.text for segment in _cells(app, region))


async def _chrome(theme: str) -> list[str]:
    """What falls under 4.5:1 in the app's chrome on `theme`."""
    session = Session(spieltisch.load("madn", players=2), [HUMAN, "random"], seed=1)
    app = PlayApp(session, language="de", delay=0)
    shown = Shown(theme)
    found: list[str] = []
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.theme = theme
        await pilot.pause()
        empty = _drawn(app)
        assert "Notation" in empty and "Züge" in empty and "Verlauf" in empty, empty
        found += _problems(app, shown, "the table, the placeholder", None)
        await pilot.press("z", "z", "z", "enter")  # no such move: a refusal in red
        app.notify(NOTICE, title="Titel")
        await pilot.pause()
        drawn = _drawn(app)
        assert NOTICE in drawn and "zzz" in drawn, drawn
        assert app.query_one("#message").has_class("error")
        found += _problems(app, shown, "the table, a refusal and a notice", None)
        for open_it, kind in ((app.action_help, HelpScreen), (app.leave, ChoiceScreen)):
            open_it()
            await pilot.pause()
            assert isinstance(app.screen, kind)
            box = app.screen.query_one(Widget)  # the dialog's frame
            assert _drawn(app, box.region).strip(), kind
            found += _problems(app, shown, kind.__name__, box.region)
            await pilot.press("escape")
            await pilot.pause()
    return found


@pytest.mark.parametrize("theme", THEMES)
def test_the_chrome_stands_out_on_every_theme(theme: str) -> None:
    problems = asyncio.run(_chrome(theme))
    assert not problems, f"{len(problems)} on {theme}:\n" + "\n".join(problems[:30])


def test_the_check_sees_textuals_own_chrome_fail() -> None:
    """Without the app's CSS for its chrome, Textual's defaults fall under 4.5:1 on the
    light theme (the placeholder, the panes' titles): the check finds them."""
    saved = PlayApp.CSS
    start = saved.index("/* The chrome legible")
    PlayApp.CSS = saved[:start]
    try:
        problems = asyncio.run(_chrome("textual-light"))
    finally:
        PlayApp.CSS = saved
    assert any("Notation" in problem for problem in problems), problems
    assert any("Züge" in problem for problem in problems), problems
