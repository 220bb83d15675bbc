"""A fifth game needs one folder and one registration: `coin_race/` beside this file is
copied to a temporary folder, imported from there, and runs through the conformance
suite, the CLI's `games`, `simulate` and `play --plain`, and the interop suites."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.core import SpieltischError, registry
from spieltisch.games import EXTRA_GAMES, load_extra_games
from tests.conformance import test_conformance as conformance

TEMPLATE = Path(__file__).parent / "coin_race"
NAME = "coin_race"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The game's folder copied somewhere else, on sys.path, its package imported."""
    root = tmp_path_factory.mktemp("fifth")
    shutil.copytree(TEMPLATE, root / NAME, ignore=shutil.ignore_patterns("__pycache__"))
    sys.path.insert(0, str(root))
    try:
        importlib.import_module(NAME)
        yield root
    finally:
        registry.unregister(NAME)
        sys.path.remove(str(root))
        for module in [m for m in sys.modules if m == NAME or m.startswith(NAME + ".")]:
            del sys.modules[module]


def test_it_is_registered_from_its_own_folder(folder: Path) -> None:
    assert NAME in registry.game_names()
    declared = registry.parts(NAME)
    assert declared.rules_summary("en").startswith("# Coin race")
    assert declared.text_board is not None and declared.svg_board is None


def test_conformance(folder: Path) -> None:
    cls = registry.game_class(NAME)
    assert conformance.missing_variants(cls) == []
    for variant in cls.variants:
        conformance.play_variant(NAME, variant, 0)


def test_cli_games_and_simulate(folder: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    listed = runner.invoke(app, ["games", "--lang", "en"])
    assert listed.exit_code == 0 and "Coin race" in listed.output
    options = runner.invoke(app, ["games", NAME, "--lang", "en"])
    assert options.exit_code == 0 and "cautious" in options.output
    simulated = runner.invoke(
        app, ["simulate", NAME, "-n", "4", "--seed", "1", "--option", "cautious=true"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert "win rate" in simulated.output


def test_cli_play_plain_in_a_process_of_its_own(folder: Path) -> None:
    """A separate process finds the game through SPIELTISCH_GAMES and PYTHONPATH."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "COLUMNS": "100",
        "PYTHONPATH": str(folder),
        EXTRA_GAMES: NAME,
        "SPIELTISCH_STATE": str(folder / "kept"),  # the finished game is kept: not at home
    }
    command = [sys.executable, "-m", "spieltisch.cli", "play", NAME, "--plain"]
    result = subprocess.run(
        [*command, "--seats", "human,easy", "--seed", "3", "--lang", "en"],
        input="1\n" * 40 + "q\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "step one field" in result.stdout and "Ranking (points):" in result.stdout


def test_a_missing_extra_game_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(EXTRA_GAMES, "no_such_game_package")
    with pytest.raises(SpieltischError, match="'no_such_game_package', which cannot be imported"):
        load_extra_games()


def test_interop_suites(folder: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from spieltisch.interop import gymnasium, openspiel
    from tests.interop import test_gymnasium as gym_suite
    from tests.interop import test_openspiel as openspiel_suite
    from tests.interop import test_pettingzoo as pettingzoo_suite

    if openspiel.PREFIX + NAME not in pyspiel.registered_names():
        openspiel.register(NAME)
    gymnasium.register(NAME)
    openspiel_suite.test_random_sim_test(NAME, {"players": 3, "cautious": True}, 2)
    openspiel_suite.test_serialization_round_trip(NAME)
    openspiel_suite.test_history_in_notation_rebuilds_the_state(NAME)
    openspiel_suite.test_games_played_by_the_engine_replay_in_openspiel(NAME)
    pettingzoo_suite.test_api_test(NAME, {"players": 3})
    pettingzoo_suite.test_seed_test(NAME)
    for seat in (0, 1):
        gym_suite.test_check_env(NAME, seat)
    gym_suite.test_reward_is_the_final_return_of_the_seat(NAME)
    gym_suite.test_seeded_episodes_repeat(NAME)
    assert spieltisch.load(NAME).num_players == 2
