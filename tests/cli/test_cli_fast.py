"""simulate's engine choice and cluster option, and `spieltisch analyse`, from the command line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from spieltisch.cli.app import app

runner = CliRunner(env={"COLUMNS": "200"})


def test_simulate_says_which_engine_it_uses() -> None:
    small = runner.invoke(app, ["simulate", "mabula", "-n", "20", "--lang", "en"])
    assert small.exit_code == 0, small.output
    assert "engine: python (too few games to pay for compiling the kernel)" in small.output
    fast = ["simulate", "mabula", "-n", "300", "--engine", "fast", "--agents", "policy,random"]
    result = runner.invoke(app, [*fast, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "engine: fast (as asked)" in result.output and "300 games" in result.output


def test_simulate_refuses_the_kernel_where_it_cannot_play(tmp_path: Path) -> None:
    args = ["simulate", "madn", "-n", "5", "--engine", "fast", "--agents", "expert"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "r.jsonl"), "--lang", "en"])
    assert result.exit_code == 2
    assert "--engine fast is not possible" in result.output
    assert "records are written" in result.output and "neither a random" in result.output
    bad = runner.invoke(app, ["simulate", "madn", "--engine", "turbo", "--lang", "en"])
    assert bad.exit_code == 2 and "allowed are auto, python, fast" in bad.output
    cluster = runner.invoke(app, ["simulate", "madn", "--cluster", "local:0", "--lang", "en"])
    assert cluster.exit_code == 2 and "local:N" in cluster.output


def test_analyse_writes_a_report_with_plots(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["analyse", "mahe", "--players", "3", "-n", "3000", "--out", str(out), "--seed", "2"]
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 0, result.output
    text = (out / "README.md").read_text(encoding="utf-8")
    assert "# Mahé: 3,000 games" in text and "## Win share by seat" in text
    assert "Busts of own turtles per game" in text
    for stem in ("lengths", "scores", "wins"):
        assert (out / f"{stem}.png").stat().st_size > 1000
        assert (out / f"{stem}.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    again = runner.invoke(app, [*args, "--out", str(tmp_path / "again"), "--lang", "en"])
    assert again.exit_code == 0
    assert (tmp_path / "again" / "README.md").read_text(encoding="utf-8") == text.replace(
        str(out), str(tmp_path / "again")
    )


def test_analyse_in_german() -> None:
    result = runner.invoke(app, ["analyse", "madn", "--agents", "expert", "--lang", "de"])
    assert result.exit_code == 2 and "random oder policy" in result.output
