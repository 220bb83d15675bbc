"""Turning off the automatic playing of a person's only move: the flag, the `auto`
command (F6 in the app) and the kept setting (issue 19)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import spieltisch
from spieltisch.cli.play.plain import PlainPlay
from spieltisch.cli.play.preferences import Preferences
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from tests.play.conftest import BUDGET, BUDGET_TEXT
from tests.play.test_tui import until
from tests.waiting import WHOLE_GAME

ONLY_B = ["d6"]
"""Mensch ärgere Dich nicht, two players: red rolled a 6 with every piece at home, so
bringing one out (`b`) is red's only move."""


def forced_session() -> Session:
    game = spieltisch.load("madn", players=2)
    session = Session(game, [HUMAN, "random"], seed=1, budget=BUDGET, history=ONLY_B)
    assert session.forced_move() == "b"
    return session


def run_plain(lines: list[str], auto_move: bool) -> tuple[str, list[bool]]:
    remembered: list[bool] = []
    out = io.StringIO()
    plain = PlainPlay(
        forced_session(),
        Console(file=out, width=100, color_system=None),
        auto_move=auto_move,
        remember=remembered.append,
    )
    plain.run(io.StringIO("".join(f"{line}\n" for line in lines)))
    return out.getvalue(), remembered


def test_plain_asks_for_the_only_move_when_told_to() -> None:
    transcript, _remembered = run_plain(["quit"], auto_move=False)
    assert "#1 b — " in transcript, "the only move is offered like any other"
    assert "(the only move)" not in transcript
    transcript, _remembered = run_plain(["#1", "quit"], auto_move=False)
    assert "Red (you): bring a piece" in transcript


def test_plain_plays_the_only_move_by_default() -> None:
    transcript, _remembered = run_plain(["quit"], auto_move=True)
    played = next(line for line in transcript.splitlines() if "bring a piece" in line)
    assert "(the only move)" in played
    assert "#1 b — " not in transcript.split(played)[0], "it was not offered first"


def test_the_auto_command_switches_and_is_remembered() -> None:
    transcript, remembered = run_plain(["auto", "auto", "quit"], auto_move=False)
    assert "is now played for you" in transcript and "now waits for you" in transcript
    assert remembered == [True, False]


def test_the_setting_is_kept_in_a_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "play.json"
    assert Preferences.load(target).auto_move is True
    assert Preferences(auto_move=False).keep(target)
    assert Preferences.load(target).auto_move is False
    target.write_text("{not json")
    assert Preferences.load(target).auto_move is True, "a broken file means the defaults"
    assert not Preferences(auto_move=False).keep(target / "under-a-file")


def _play(config: Path, *args: str, script: str) -> str:
    command = [sys.executable, "-m", "spieltisch.cli", "play", "madn", "--players", "2"]
    command += ["--seats", "human,random", "--plain", "--budget", BUDGET_TEXT, "--seed", "4"]
    command.append("--new")  # each run a new game, not the one the last run's quit kept
    env = {**os.environ, "LANG": "C.UTF-8", "SPIELTISCH_CONFIG": str(config)}
    result = subprocess.run(
        [*command, *args], input=script, capture_output=True, text=True, timeout=WHOLE_GAME, env=env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_command_line_flag_and_the_kept_setting(tmp_path: Path) -> None:
    """`auto` in one game is remembered for the next; --auto-move overrides it once."""
    config = tmp_path / "play.json"
    script = "\n".join(["auto", *["#1"] * 40, "quit"]) + "\n"
    first = _play(config, script=script)
    assert json.loads(config.read_text()) == {"auto_move": False}
    assert "now waits for you" in first
    moves = "\n".join(["#1"] * 40 + ["quit"]) + "\n"
    asked = _play(config, script=moves)
    assert "(the only move)" not in asked
    once = _play(config, "--auto-move", script=moves)
    assert "(the only move)" in once, "the same game has only moves, played when asked to"
    assert json.loads(config.read_text()) == {"auto_move": False}, "the flag is for one game"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_app_waits_for_the_only_move_and_f6_switches(size: tuple[int, int]) -> None:
    remembered: list[bool] = []
    session = forced_session()

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0, auto_move=False, remember=remembered.append)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.waiting_for_human)
            await pilot.pause(0.2)
            assert app.session.state.history() == ONLY_B, "nothing was played for the person"
            await pilot.press("f6")
            await until(pilot, lambda: len(app.session.state.history()) > len(ONLY_B))
            assert app.session.log[len(ONLY_B)].move == "b"
            assert "is now played for you" in app.message

    asyncio.run(scenario())
    assert remembered == [True]
