"""The command line as a newcomer meets it: replaying simulate files, paths that cannot
be read or written, option mistakes, the version (issue 19, points 6, 9 and 10)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.markdown import Markdown
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.core import parts

runner = CliRunner()


def _simulate(tmp_path: Path, *args: str) -> Path:
    return _simulate_game(tmp_path, "mabula", *args)


def _simulate_game(tmp_path: Path, game: str, *args: str) -> Path:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(
        app, ["simulate", game, "-n", "3", "--seed", "1", "--out", str(out), *args]
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize(
    ("game", "players", "expected"),
    [
        ("madn", 2, ["Rot (Zufall)", "Gelb (Zufall)"]),
        ("david_goliath", 3, ["Spieler 1 (Zufall)", "Spieler 3 (Zufall)"]),
    ],
)
def test_replay_results_name_each_seat_by_colour_else_number_and_agent(
    tmp_path: Path, game: str, players: int, expected: list[str]
) -> None:
    out = _simulate_game(tmp_path, game, "--players", str(players))
    result = runner.invoke(app, ["replay", str(out), "--all", "--lang", "de"])
    assert result.exit_code == 0, result.output
    table = result.output[result.output.rindex("Ergebnis") :]
    for label in expected:
        assert label in table, table


def test_replay_reads_a_simulate_file_and_chooses_a_game(tmp_path: Path) -> None:
    out = _simulate(tmp_path)
    lines = out.read_text().splitlines()
    second = json.loads(lines[1])
    result = runner.invoke(app, ["replay", str(out), "--all", "--game", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    final = spieltisch.load_record(second)
    decisions = sum(1 for entry in final.action_history() if isinstance(entry, int))
    assert f"move {decisions} of {decisions}" in result.output
    assert "push the marble from" in result.output, "each step in words"
    # seats as the board and the web page name them: by colour, and the agent (issue 46)
    assert "White (random)" in result.output and "Player 1" not in result.output
    assert "Black (random)" in result.output
    first = runner.invoke(app, ["replay", str(out), "--all"])
    assert first.exit_code == 0 and "holds 3 games; this is game 1" in first.output
    beyond = runner.invoke(app, ["replay", str(out), "--all", "--game", "9"])
    assert beyond.exit_code == 2 and "choose --game 1 to 3" in beyond.output


def test_madn_replay_says_fields_in_words(tmp_path: Path) -> None:
    out = tmp_path / "madn.jsonl"
    result = runner.invoke(
        app, ["simulate", "madn", "-n", "1", "--players", "2", "--seed", "2", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    shown = runner.invoke(app, ["replay", str(out), "--all", "--lang", "en"])
    assert shown.exit_code == 0, shown.output
    assert "move from field" in shown.output or "bring a piece" in shown.output


def test_workers_keep_the_order_of_the_games(tmp_path: Path) -> None:
    one = _simulate(tmp_path).read_text()
    two = _simulate(tmp_path, "--workers", "2").read_text()
    assert one == two


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "duties"], "--option duties has no value: write duties=VALUE"),
        (["--option", "players=3", "--players", "4"], "disagree"),
    ],
)
def test_option_mistakes_are_named(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "madn", "-n", "1", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and spieltisch.__version__ in result.output


def _unreadable(tmp_path: Path) -> list[Path]:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    return [tmp_path / "missing.json", tmp_path, binary]


def test_no_path_ends_in_a_traceback(tmp_path: Path) -> None:
    """Every command that reads or writes a file, with paths it cannot use."""
    unwritable = tmp_path / "no" / "such" / "folder" / "x.jsonl"
    runs = [["simulate", "madn", "-n", "1", "--out", str(unwritable)]]
    runs += [["simulate", "madn", "-n", "1", "--out", str(tmp_path)]]
    for path in _unreadable(tmp_path):
        runs.append(["replay", str(path), "--all"])
        runs.append(["play", "--plain", "--resume", str(path)])
    for args in runs:
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, (args, result.output)
        assert not isinstance(result.exception, Exception) or isinstance(
            result.exception, SystemExit
        ), (args, result.exception)
        assert "Error" in result.output


def test_saving_to_a_bad_path_in_play_is_said_not_raised(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "spieltisch.cli", "play", "mabula", "--plain", "--seed", "1"]
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    script = f"save {tmp_path / 'no' / 'x.json'}\nsave {folder}\nquit\n"
    env = {**os.environ, "LANG": "C.UTF-8"}
    result = subprocess.run(
        command, input=script, capture_output=True, text=True, timeout=60, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.count("Could not save") == 2


def test_the_david_goliath_example_is_no_bullet() -> None:
    for code in ("de", "en", "fr"):
        text = parts(spieltisch.load("david_goliath")).rules_summary(code)
        console = Console(file=io.StringIO(), width=300, record=True)
        console.print(Markdown(text))
        shown = console.export_text()
        assert "10, 12 (22)" in shown
        line = next(line for line in shown.splitlines() if "10, 12 (22)" in line)
        assert not line.lstrip().startswith("•"), line
