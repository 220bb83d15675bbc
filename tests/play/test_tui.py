"""The Textual app, driven headless by a pilot: whole games of each game against the computer."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Label, Markdown, OptionList, Static

import spieltisch
from spieltisch.agents import RandomAgent, register_agent
from spieltisch.agents.registry import _AGENTS
from spieltisch.cli.play.command import build_session
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import EndScreen, PassScreen, RulesScreen, SaveScreen
from spieltisch.core import State
from spieltisch.games.david_goliath.rules import DavidGoliathState
from tests import waiting
from tests.play.conftest import BUDGET, BUDGET_TEXT, level
from tests.waiting import DEADLINE

SIZE = (132, 42)


async def until(
    pilot: Pilot[None], condition: Callable[[], bool], timeout: float = DEADLINE
) -> None:
    """Let the app run until the condition holds (the computer thinks in a thread)."""
    await waiting.until(condition, timeout, "the app to get there", longest=0.002)
    await pilot.pause()


def ready(app: PlayApp) -> Callable[[], bool]:
    return lambda: app.waiting_for_human or app.finished or isinstance(app.screen, PassScreen)


def text_of(widget: Static) -> str:
    """What a Static shows, as plain text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def pick(pilot: Pilot[None], app: PlayApp, key: str = "enter") -> None:
    """Choose the highlighted move (after `key` moved the highlight) and wait for it."""
    moves = len(app.session.log)
    if key != "enter":
        await pilot.press(key)
    await pilot.press("enter")
    await until(pilot, lambda: len(app.session.log) > moves)


async def play_to_the_end(pilot: Pilot[None], app: PlayApp) -> None:
    turn = 0
    while True:
        await until(pilot, ready(app), timeout=60)
        if app.finished:
            break
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            continue
        turn += 1
        await pick(pilot, app, "down" if turn % 3 == 0 else "enter")
    await until(pilot, lambda: isinstance(app.screen, EndScreen))


async def features(pilot: Pilot[None], app: PlayApp, illegal: str, reason: str, save: Path) -> None:
    """At the first own move: a hint, an illegal typed move, a move, undo, save, rules."""
    await until(pilot, ready(app))
    await pilot.press("f2")
    await until(pilot, lambda: not app.hinting and app.message != "")
    assert app.message.startswith("Hint: ") and "(win chance " in app.message
    assert app.last_hint is not None
    assert app.last_hint.move in app.session.state.legal_moves()
    assert 0 <= app.last_hint.win_chance <= 1
    highlighted = app.query_one("#moves", OptionList).highlighted
    assert highlighted is not None
    assert app.session.state.legal_moves()[highlighted] == app.last_hint.move
    typed = app.query_one("#typed", Input)
    typed.focus()
    typed.value = illegal
    await pilot.press("enter")
    assert app.message.startswith(f"Illegal move {illegal}: ")
    assert reason in app.message
    before = app.session.state.history()
    mine = len([e for e in app.session.log if e.player == app.session.humans[0]])
    typed.value = app.session.state.legal_moves()[-1]
    moves = len(app.session.log)
    await pilot.press("enter")
    await until(pilot, lambda: len(app.session.log) > moves)
    await until(pilot, ready(app))
    await pilot.press("f3")
    await until(pilot, ready(app))
    assert app.session.state.history() == before
    assert len([e for e in app.session.log if e.player == app.session.humans[0]]) == mine
    assert app.message.startswith("Taken back: ")
    await pilot.press("f4")
    await until(pilot, lambda: isinstance(app.screen, SaveScreen))
    app.screen.query_one(Input).value = str(save)
    await pilot.press("enter")
    await until(pilot, ready(app))
    assert save.exists() and app.message == f"Saved to {save}"
    await pilot.press("f1")
    await until(pilot, lambda: isinstance(app.screen, RulesScreen))
    assert app.screen.query_one(Markdown)
    await pilot.press("escape")
    await until(pilot, ready(app))


def run(coroutine: Any) -> None:
    asyncio.run(coroutine)


GAMES = [
    # game, options, computer levels, a typed illegal move, words of its explanation
    ("mahe", {"players": 4}, ["medium", "hard", "expert"], "card:3", "egg_cards_as_dice"),
    ("madn", {"players": 2, "max_rounds": 12}, ["expert"], "g3", "g3"),
    ("david_goliath", {"players": 3, "deals": 1}, ["easy", "hard"], "x9", "not a move"),
    ("mabula", {}, ["hard"], "b1-b8", "far edge"),
]


@pytest.mark.parametrize(
    ("name", "options", "levels", "illegal", "reason"), GAMES, ids=[g[0] for g in GAMES]
)
def test_a_whole_game_against_the_computer(
    tmp_path: Path,
    name: str,
    options: dict[str, Any],
    levels: list[str],
    illegal: str,
    reason: str,
) -> None:
    game = spieltisch.load(name, **options)
    seats = [HUMAN, *levels]
    session = Session(game, seats, seed=11, budget=BUDGET)
    saved = tmp_path / "saved.json"

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await features(pilot, app, illegal, reason, saved)
            await play_to_the_end(pilot, app)
            assert app.session.state.is_terminal()
            results = text_of(app.screen.query_one("#results", Static))
            assert "Result" in results
            for place, label, score in app.session.results():
                assert label in results and f"{score:g}" in results and str(place) in results
            final = tmp_path / "final.json"
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, SaveScreen))
            app.screen.query_one(Input).value = str(final)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, EndScreen))
            assert spieltisch.load_record(final).is_terminal()
            if name == "mabula":
                await pilot.press("n")
                await until(pilot, ready(app))
                assert app.session.seed == 12 and not app.session.state.is_terminal()
                assert not app.finished and len(app.screen_stack) == 1
                await pilot.press("q")
            else:
                await pilot.press("q")

        resumed = build_session(None, None, None, [], 3, saved, BUDGET_TEXT)
        assert resumed.seats == seats
        again = PlayApp(resumed, language="en", delay=0)
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, ready(again))
            assert again.session.state.history()[: len(resumed.log)] == [
                entry.move for entry in resumed.log
            ]
            await pick(pilot, again)

    run(scenario())


def test_hotseat_hides_the_hands_between_turns() -> None:
    game = spieltisch.load("david_goliath", players=3, deals=1)
    session = Session(game, [HUMAN, HUMAN, level()], seed=2, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="de", delay=0)
        async with app.run_test(size=SIZE) as pilot:
            passes = 0
            while passes < 3:
                await until(pilot, ready(app))
                if isinstance(app.screen, PassScreen):
                    seat = app.session.to_move
                    shown = text_of(app.screen.query_one("#pass", Static))
                    assert f"Spieler {seat + 1} (Mensch)" in shown
                    assert app.viewer() is None, "no hand is drawn behind the pass screen"
                    assert "Deine Hand" not in text_of(app.query_one("#board", Static))
                    await pilot.press("enter")
                    await until(pilot, ready(app))
                    assert app.viewer() == seat
                    state = app.session.state
                    assert isinstance(state, DavidGoliathState)
                    hand = state.view(seat)["hand"]
                    board = text_of(app.query_one("#board", Static))
                    assert "Deine Hand" in board
                    assert " ".join(card[1:] for card in hand if card[0] == hand[0][0]) in board
                    passes += 1
                    continue
                await pick(pilot, app)
            await pilot.press("f3")
            assert "nur ein Mensch" in app.message

    run(scenario())


class Sleepy(RandomAgent):
    """A computer player that thinks until the test lets it answer."""

    name = "sleepy"
    go = threading.Event()

    def choose(self, state: State) -> str:
        assert self.go.wait(30)
        return super().choose(state)


def test_the_app_stays_responsive_while_the_computer_thinks() -> None:
    register_agent("sleepy", Sleepy)
    Sleepy.go.clear()
    game = spieltisch.load("mabula")
    session = Session(game, ["sleepy", HUMAN], seed=1)

    async def scenario() -> None:
        app = PlayApp(session, language="fr", delay=0.05)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.thinking)
            assert "réfléchit" in str(app.query_one("#thinking-label", Label).content)
            assert app.query_one("#thinking").display
            await pilot.press("f1")
            assert isinstance(app.screen, RulesScreen), "keys work while the computer thinks"
            await pilot.press("escape")
            await pilot.press("f2")
            assert "quand c’est à vous" in app.message
            assert app.thinking and not app.session.log[1:]
            Sleepy.go.set()
            await until(pilot, ready(app))
            assert not app.query_one("#thinking").display
            assert app.session.log[-1].player == 0

    try:
        run(scenario())
    finally:
        Sleepy.go.set()
        _AGENTS.pop("sleepy", None)
