"""The CLI over the real games: every command with every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.core import game_names

runner = CliRunner(env={"COLUMNS": "200"})


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_rules_summary_in_each_language(game: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", game, "--lang", lang])
    assert result.exit_code == 0, result.output
    assert len(result.output.splitlines()) > 20
    assert "example:" not in result.output and "{#" not in result.output  # pictures, anchors


def test_rules_summaries_differ_by_language() -> None:
    texts = {
        lang: runner.invoke(app, ["rules", "mabula", "--lang", lang]).output
        for lang in ("de", "en", "fr")
    }
    assert len(set(texts.values())) == 3


@pytest.mark.parametrize("game", game_names())
def test_games_describes_each_game_in_german(game: str) -> None:
    result = runner.invoke(app, ["games", game, "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Optionen" in result.output and "players" in result.output


@pytest.mark.parametrize("game", game_names())
def test_simulate_and_replay_each_game(game: str, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", game, "-n", "3", "--seed", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    first = json.loads(out.read_text().splitlines()[0])
    assert first["game"] == game and first["result"] is not None
    record = tmp_path / "game.json"
    record.write_text(json.dumps(first))
    replayed = runner.invoke(app, ["replay", str(record), "--all", "--lang", "en"])
    assert replayed.exit_code == 0, replayed.output
    steps = len(first["history"])
    moves = sum(
        1 for entry in spieltisch.load_record(first).action_history() if isinstance(entry, int)
    )
    assert f"move {moves} of {moves} · step {steps} of {steps}" in replayed.output
    assert "Result" in replayed.output


def test_simulate_with_game_options() -> None:
    result = runner.invoke(
        app,
        ["simulate", "mahe", "-n", "5", "--players", "3", "--option", "egg_cards_as_dice=true"],
    )
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["simulate", "mabula", "--option", "scoring=biggest"])
    assert bad.exit_code == 2
    assert "scoring" in bad.output and "largest, product" in bad.output
