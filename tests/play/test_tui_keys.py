"""The full-screen app behaves as a terminal program (issue 46): Ctrl+C quits and keeps
the game, Ctrl+Z suspends, a resized window is laid out again (also with a window open
over the table), and below 80×24 a translated message says the window is too small."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Header, Static

import spieltisch
from spieltisch.cli.play.autosave import KeptGames
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import DiscardScreen, EndScreen, HelpScreen
from tests.play.conftest import BUDGET, level
from tests.play.test_newcomer import screen_text
from tests.play.test_tui import ready, until

TOO_SMALL = {
    "de": "das Spiel braucht mindestens 80×24",
    "fr": "la partie demande au moins 80×24",
}


def table(tmp_path: Path, code: str = "en") -> tuple[PlayApp, KeptGames]:
    store = KeptGames(tmp_path)
    session = Session(spieltisch.load("mahe", players=3), [HUMAN, level(), level(3)], seed=2)
    session.budget = BUDGET
    return PlayApp(session, language=code, delay=0, kept=store), store


@pytest.mark.parametrize("code", ["de", "fr"])
def test_ctrl_c_quits_at_once_and_keeps_the_game(tmp_path: Path, code: str) -> None:
    app, store = table(tmp_path, code)

    async def scenario() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            await pilot.press("enter")  # a move: the game is kept from now on
            await until(pilot, ready(app))
            history = app.session.state.history()
            await pilot.press("ctrl+c")
            await until(pilot, lambda: not app.is_running)
            assert not app._notifications, "no toast about another key"
            return history

    history = asyncio.run(scenario())
    (kept,) = store.unfinished("mahe")
    assert spieltisch.load_record(kept.path).history() == history
    assert app.return_code in (0, None)


def test_ctrl_z_suspends_the_app(tmp_path: Path) -> None:
    app, _store = table(tmp_path)
    suspended: list[bool] = []

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            app.action_suspend_process = lambda: suspended.append(True)  # type: ignore[method-assign]
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert app.is_running

    asyncio.run(scenario())
    assert suspended == [True]


def test_ctrl_z_stops_the_whole_job_started_by_uv_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `uv run spieltisch play` the job's leader is uv: stopping only the app's own
    process left uv waiting and the terminal frozen (tmux, issue 46). The app stops its
    process group, with the screen given back first, as a terminal's Ctrl+Z does."""
    import contextlib
    import os
    import signal

    app, _store = table(tmp_path)
    group = os.getpid() + 1_000_000  # a job led by another process (uv)
    stopped: list[tuple[int, int]] = []
    given_back: list[bool] = []

    @contextlib.contextmanager
    def suspend():  # type: ignore[no-untyped-def]
        given_back.append(True)
        yield

    monkeypatch.setattr(os, "getpgrp", lambda: group)
    monkeypatch.setattr(os, "tcgetpgrp", lambda fd: group)
    monkeypatch.setattr(os, "killpg", lambda pgid, sig: stopped.append((pgid, sig)))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            app.suspend = suspend  # type: ignore[method-assign]
            await pilot.press("ctrl+z")
            await until(pilot, lambda: bool(stopped))
            assert app.is_running

    asyncio.run(scenario())
    assert stopped == [(group, signal.SIGSTOP)] and given_back == [True]


def test_a_resized_window_is_laid_out_again(tmp_path: Path) -> None:
    app, _store = table(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, ready(app))
            main = app.screen_stack[0]
            assert not main.has_class("short") and main.query_one(Header).display
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert main.has_class("short") and main.has_class("small")
            app.action_help()  # a window over the table while the size changes
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            assert not main.has_class("short") and not main.has_class("small")
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, HelpScreen))
            assert main.query_one(Header).display and main.query_one("#scores").display

    asyncio.run(scenario())


@pytest.mark.parametrize("code", ["de", "fr"])
def test_below_80_by_24_the_app_says_the_window_is_too_small(tmp_path: Path, code: str) -> None:
    app, _store = table(tmp_path, code)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            message = app.screen_stack[0].query_one("#too-small", Static)
            assert not message.display and TOO_SMALL[code] not in screen_text(app)
            for size in ((79, 24), (100, 23), (60, 15)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                shown = " ".join(screen_text(app).split())
                assert message.display and TOO_SMALL[code] in shown, shown
                assert f"{size[0]}×{size[1]}" in shown
                assert not app.screen_stack[0].query_one("#main").display
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not message.display and app.screen_stack[0].query_one("#main").display
            moves = len(app.session.log)
            await pilot.press("enter")  # the move box has the keys again
            await until(pilot, lambda: len(app.session.log) > moves)

    asyncio.run(scenario())


@pytest.mark.parametrize(("code", "delete"), [("de", False), ("fr", True)])
def test_the_end_keeps_the_record_unless_it_is_deleted(
    tmp_path: Path, code: str, delete: bool
) -> None:
    from tests.play.test_no_game_lost import YES
    from tests.play.test_tui import play_to_the_end

    store = KeptGames(tmp_path)
    game = spieltisch.load("mahe", players=2, turtles_per_player=1)
    session = Session(game, [HUMAN, "random"], seed=4)
    app = PlayApp(session, language=code, delay=0, kept=store)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await play_to_the_end(pilot, app)
            assert len(store.listing("mahe", finished=True)) == 1
            if delete:
                await pilot.press("d")
                await until(pilot, lambda: isinstance(app.screen, DiscardScreen))
                await pilot.press(YES[code])
                await until(pilot, lambda: isinstance(app.screen, EndScreen))
                assert store.listing("mahe", finished=True) == []
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running)

    asyncio.run(scenario())
    kept = store.listing("mahe", finished=True)
    assert len(kept) == (0 if delete else 1)
    assert all(record.finished for record in kept)
