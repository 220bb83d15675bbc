from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app

runner = CliRunner(env={"COLUMNS": "200"})
pytestmark = pytest.mark.usefixtures("toy")


def test_games_lists_every_registered_game() -> None:
    result = runner.invoke(app, ["games", "--lang", "en"])
    assert result.exit_code == 0, result.output
    for info in spieltisch.games():
        assert info.name in result.output


def test_games_describes_options() -> None:
    result = runner.invoke(app, ["games", "toy", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "goal" in result.output and "a whole number from 3 to 30" in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["games", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_simulate_prints_win_rates_and_writes_records(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    args = ["simulate", "toy", "-n", "30", "--players", "3", "--seed", "4", "--out", str(out)]
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "95% CI" in result.output
    assert "mean length" in result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 30
    records = [json.loads(line) for line in lines]
    for record in records:
        assert spieltisch.load_record(record).is_terminal()
    assert {tuple(r["players"]) for r in records} == {("random", "random", "random")}
    again = runner.invoke(app, [*args, "--workers", "2"])
    assert again.exit_code == 0
    assert sorted(out.read_text().splitlines()) == sorted(lines), "same seed, same games"


def test_simulate_refuses_bad_input() -> None:
    bad_agents = runner.invoke(app, ["simulate", "toy", "--agents", "random,genius"])
    assert bad_agents.exit_code == 2 and "unknown agent 'genius'" in bad_agents.output
    bad_count = runner.invoke(
        app, ["simulate", "toy", "--players", "3", "--agents", "random,random"]
    )
    assert bad_count.exit_code == 2 and "give 1 or 3" in bad_count.output
    bad_option = runner.invoke(app, ["simulate", "toy", "--option", "goal=99"])
    assert bad_option.exit_code == 2 and "goal=" in bad_option.output
    assert "a whole number from 3 to 30" in bad_option.output


def test_simulate_output_is_translated() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "5", "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Siegquote" in result.output


def _record(tmp_path: Path) -> Path:
    state = spieltisch.load("toy", goal=3).replay(["secret:1,2", "d1", "go", "d3", "go"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.to_record(players=["ann", "bob"])))
    return path


def test_replay_prints_every_move_and_the_result(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_record(tmp_path)), "--all", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "move 2 of 2 · step 5 of 5" in result.output and "bob" in result.output
    assert "Result" in result.output


def test_replay_steps_back_and_quits(tmp_path: Path) -> None:
    path = _record(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--step", "--lang", "en"], input="\n\nb\nq\n")
    assert result.exit_code == 0, result.output
    shown = [line for line in result.output.splitlines() if " of 5" in line]
    assert [s.split("step ")[1].split(" of")[0] for s in shown] == ["0", "1", "2", "1"]


def test_replay_refuses_a_corrupt_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "spieltisch-record/1", "game": "toy", "options": {}, "history": ["x"]}'
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "history entry 0" in result.output


def test_rules_without_a_summary_names_what_exists() -> None:
    result = runner.invoke(app, ["rules", "toy", "--lang", "fr"])
    assert result.exit_code == 2 and "no rules summary" in result.output


def test_unknown_language_is_refused() -> None:
    result = runner.invoke(app, ["games", "--lang", "it"])
    assert result.exit_code == 2 and "allowed are de, en, fr" in result.output
