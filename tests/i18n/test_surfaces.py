"""The command line's words and numbers follow the chosen language: counted nouns in
the right form, decimal commas in German, level and game names instead of ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.agents.names import level_name
from spieltisch.cli.app import app
from spieltisch.core.i18n import language, set_language
from spieltisch.core.names import game_title
from tests.core.conftest import toy

runner = CliRunner(env={"COLUMNS": "200"})
__all__ = ["toy"]


@pytest.mark.usefixtures("toy")
def test_simulate_in_german_counts_and_writes_decimal_commas() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "1", "--seed", "4", "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "1 Partie" in result.output and "1 Partien" not in result.output
    assert re.search(r"\d+,\d\u00a0%", result.output), result.output
    assert not re.search(r"\d\.\d", result.output), result.output
    assert "mittlere Länge in Zügen: " in result.output


@pytest.mark.usefixtures("toy")
def test_simulate_in_english_keeps_decimal_points() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "2", "--seed", "4", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "2 games" in result.output
    assert re.search(r"\d+\.\d%", result.output), result.output


def test_levels_and_games_are_named_not_identified() -> None:
    with language("de"):
        assert level_name("easy") == "leicht"
        assert level_name("level:medium") == "mittel"
        assert level_name("random") == "Zufall"
        assert game_title("madn") == "Mensch ärgere Dich nicht"
    with language("fr"):
        assert level_name("hard") == "difficile"
    assert level_name("no-such-agent") == "no-such-agent"


def test_the_groups_lang_reaches_the_tournament_export(tmp_path: Path) -> None:
    """`spieltisch tournament --lang de export ID --html DIR` writes German files and
    says so in German (export's own --lang used to reset it to the environment's)."""
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'cup.sqlite3'}")

    def run(*args: str) -> str:
        result = runner.invoke(app, ["tournament", *args, *db], env={"LANG": "en_GB.UTF-8"})
        assert result.exit_code == 0, result.output
        return result.output

    created = run("new", "Pokal", "--seed", "s", "--rounds", "1")
    identifier = re.findall(r"Tournament (\S+) created", created)[0]
    run("players", identifier, *(f"--add=P{n}" for n in range(4)))
    run("seat", identifier)
    run("result", identifier, "1", "1", "--places", "1,2,3,4")
    pages = tmp_path / "pages"
    results = tmp_path / "results.csv"
    files = ["--html", str(pages), "--results", str(results)]
    command = ["tournament", "--lang", "de", "export", identifier, *files, *db]
    result = runner.invoke(app, command, env={"LANG": "en_GB.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "geschrieben" in result.output and "Wrote" not in result.output
    standings = (pages / "standings.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in standings and "Tabelle nach Runde 1" in standings
    assert results.read_text(encoding="utf-8").startswith("\ufeffRunde;Tisch;")
    set_language("en")


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize(("code", "random"), [("de", "Zufall"), ("fr", "hasard")])
def test_simulates_table_names_the_agents_in_the_readers_language(code: str, random: str) -> None:
    """The summary's agent column read "random" in German and French (issue 46)."""
    result = runner.invoke(app, ["simulate", "toy", "-n", "2", "--seed", "4", "--lang", code])
    assert result.exit_code == 0, result.output
    assert random in result.output and " random " not in result.output, result.output
