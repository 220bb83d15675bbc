"""The command line's words and numbers follow the chosen language: counted nouns in
the right form, decimal commas in German, level and game names instead of ids."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from spieltisch.agents.names import level_name
from spieltisch.cli.app import app
from spieltisch.core.i18n import language
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
