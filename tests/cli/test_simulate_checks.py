"""`simulate` checks its agents and its output file before the first game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["mahe", "--agents", "alphabeta"], "alpha-beta plays two-player games"),
        (["madn", "--players", "2", "--agents", "random,nobody"], "unknown agent 'nobody'"),
        (["mahe", "--out", "/nonexistent-edges/x.jsonl"], "cannot write"),
        (["mahe", "--out", "/"], "cannot write /"),
        (["mahe", "--budget", "²"], "bad budget"),
    ],
)
def test_bad_agents_and_paths_fail_before_the_first_game(
    arguments: list[str], message: str
) -> None:
    result = runner.invoke(app, ["simulate", *arguments, "-n", "3"])
    assert result.exit_code == 2, result.output
    assert message in result.output and "win rate" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_good_run_still_writes_its_records(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(
        app, ["simulate", "mabula", "-n", "2", "--agents", "random", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
