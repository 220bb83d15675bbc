"""`replay` and `play --resume` with records that are broken, hostile or long."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.core import Game
from spieltisch.core.records import make_record
from spieltisch.sim.play import play_randomly
from tests.core.test_record_checks import finished_record

runner = CliRunner()


def write(tmp_path: Path, record: dict[str, object]) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["replay", "--all"], ["play", "--plain", "--resume"]])
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff{}", "not UTF-8"),
        (b"[" * 50_000, "nested too deeply"),
        (b'{"x": ' + b"1" * 5000 + b"}", "ordinary values"),
    ],
)
def test_broken_files_end_in_a_clear_error(
    tmp_path: Path, command: list[str], content: bytes, message: str
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    result = runner.invoke(app, [*command, str(path)], input="q\n")
    assert result.exit_code == 2 and message in result.output, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("command", [["replay", "--all"], ["play", "--plain", "--resume"]])
def test_player_names_that_are_not_strings_are_refused(tmp_path: Path, command: list[str]) -> None:
    path = write(tmp_path, {**finished_record(), "players": [[1], [1]]})
    result = runner.invoke(app, [*command, str(path)], input="q\n")
    assert result.exit_code == 2 and "'players.0' is [1]" in result.output, result.output


def test_names_are_shown_as_written_never_as_markup(tmp_path: Path) -> None:
    names = ["[/]", "[link=https://example.org]x[/link]"]
    path = write(tmp_path, {**finished_record(), "players": names})
    result = runner.invoke(app, ["replay", "--all", str(path)])
    assert result.exit_code == 0, result.output
    assert "[/]" in result.output and "[link=https://example.org]x[/link]" in result.output


def test_replay_shows_a_game_given_up_with_the_resigner_last(tmp_path: Path) -> None:
    state = play_randomly(spieltisch.load("mabula").new_state(), random.Random(3), 12)
    record = make_record(state, ["Ana", "Bo"], resigned=[0])
    path = write(tmp_path, dict(record))
    result = runner.invoke(app, ["replay", "--all", "--lang", "de", str(path)])
    assert result.exit_code == 0, result.output
    assert "endet vor" not in result.output  # not "the record ends before the game does"
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["1", "2"]
    assert "(Bo)" in rows[0] and "(Ana)" in rows[1]
    assert "Weiß (Ana) hat aufgegeben." in result.output


def test_replay_all_steps_forward_instead_of_replaying_each_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = finished_record("madn", players=2)
    path = write(tmp_path, record)
    game_class = type(spieltisch.load("madn"))
    starts: list[Game[Any]] = []
    original = game_class.new_state

    def counted(game: Game[Any]) -> spieltisch.State:
        starts.append(game)
        return original(game)

    monkeypatch.setattr(game_class, "new_state", counted)
    result = runner.invoke(app, ["replay", "--all", str(path)])
    assert result.exit_code == 0, result.output
    assert len(record["history"]) > 100 and len(starts) <= 3
    shown = [line for line in result.output.splitlines() if "move " in line and " of " in line]
    assert len(shown) == len(record["history"]) + 1


def test_replay_step_goes_back_without_replaying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, finished_record())
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n\n\nb\nb\n\nq\n")
    assert result.exit_code == 0, result.output
    shown = [line for line in result.output.splitlines() if " of " in line and "move " in line]
    positions = [s.split("step " if "step " in s else "move ")[1].split(" of")[0] for s in shown]
    assert positions == [
        "0",
        "1",
        "2",
        "3",
        "2",
        "1",
        "2",
    ]
