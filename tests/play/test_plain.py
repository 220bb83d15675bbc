"""`spieltisch play --plain`: run as a subprocess with scripted input, as scripts would."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from tests.play.conftest import BUDGET_TEXT, level
from tests.waiting import WHOLE_GAME


def play(
    *args: str,
    script: str,
    timeout: float = WHOLE_GAME,
    plain: bool = True,
    state: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """One run of `spieltisch play`; unfinished games are kept in `state` (a folder of
    its own for each run unless given: a test never meets another's kept game). A whole
    game's deadline: at load 33 two French plain games took longer than the 60 s it was."""
    command = [sys.executable, "-m", "spieltisch.cli", "play", "--budget", BUDGET_TEXT]
    if plain:
        command.append("--plain")
    return subprocess.run(
        [*command, *args],
        input=script,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=play_environment(state),
        check=False,
    )


def play_environment(state: Path | None = None) -> dict[str, str]:
    folder = state if state is not None else Path(tempfile.mkdtemp(prefix="spieltisch-state-"))
    return {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "COLUMNS": "100",
        "SPIELTISCH_STATE": str(folder),
        "SPIELTISCH_CONFIG": str(folder / "play.json"),
    }


def test_a_whole_game_with_every_command(tmp_path: Path) -> None:
    saved = tmp_path / "mabula.json"
    final = tmp_path / "final.json"
    script = "\n".join(
        [
            "hint",
            "zz",
            "a2-a3",
            "1",
            "undo",
            "1",
            f"save {saved}",
            "rules",
            "board",
            *["1"] * 30,
            f"save {final}",
            "quit",
        ]
    )
    seats = f"human,{level()}"
    result = play("mabula", "--seats", seats, "--seed", "4", "--lang", "en", script=script + "\n")
    out = result.stdout
    assert result.returncode == 0, result.stderr + out
    assert "White (you) to move." in out
    assert "#1 " in out and "push the marble from" in out
    assert "Illegal move zz: a move is written <from>-<to>" in out
    assert "Taken back: push the marble from" in out
    assert f"Saved to {saved}" in out and f"Saved to {final}" in out
    assert "Ranking (points):" in out and re.search(r"1\. (White|Black) \(", out)
    assert "Mabula" in out  # the rules summary
    assert "Hint: " in out and "(win chance " in out
    middle = spieltisch.load_record(saved)
    assert not middle.is_terminal() and len(middle.history()) >= 3
    done = json.loads(final.read_text())
    assert done["result"] is not None and done["players"] == ["human", level()]


GAME_OVER_DE = re.compile(r"Spielende|Spiel vorbei|ist vorbei|Spiel zu Ende")
"""How the four boards and the plain mode say in German that the game is over."""


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("madn", "human,random"),
        ("mahe", "human,random"),
        ("david_goliath", "human,random,random"),
        ("mabula", "human,random"),
    ],
)
def test_the_end_of_a_whole_game_in_german(game: str, seats: str) -> None:
    """The board says the game is over, the ranking does not say it again; the end
    prompt names each answer with what it does, and an unknown answer is told so."""
    script = "\n".join(["#1"] * 300 + ["vielleicht", "beenden"]) + "\n"
    result = play(game, "--seats", seats, "--seed", "3", "--lang", "de", script=script)
    out = result.stdout
    assert result.returncode == 0, result.stderr + out
    end = out[max(0, out.index("Rangfolge (Punkte):") - 2000) :]  # the last board, the ranking
    assert len(GAME_OVER_DE.findall(end)) == 1, end
    assert re.search(r"\n  1\. .+: \d+\n  2\. .+: \d+\n", end), end
    choices = (
        "neu (noch eine Partie), speichern DATEI, löschen (das aufbewahrte Protokoll) oder beenden"
    )
    assert f"{choices}> vielleicht" in out
    assert f"„vielleicht“ ist keine der Antworten: {choices}" in out
    assert "Auf Wiedersehen" in out


def test_end_of_input_stops_cleanly_and_resume_continues(tmp_path: Path) -> None:
    first = play("mahe", "--players", "3", "--seed", "2", "--lang", "de", script="1\n")
    assert first.returncode == 0, first.stderr
    assert "Würfeln" in first.stdout and "Ende der Eingabe" in first.stdout
    game = spieltisch.load("madn", players=2)
    record = game.replay(["d6", "b", "d3"]).to_record(players=["human", level()])
    path = tmp_path / "madn.json"
    path.write_text(json.dumps(record))
    resumed = play("--resume", str(path), "--lang", "fr", script="#1\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Rouge (vous)\u202f: aller de la case 1 à la case 4" in resumed.stdout
    assert "Fin de l’entrée" in resumed.stdout


def test_hotseat_passes_the_keyboard_before_showing_a_hand() -> None:
    seats = f"human,human,{level()}"
    script = "\n1\n\n1\n"
    result = play("david_goliath", "--seats", seats, "--seed", "1", "--lang", "en", script=script)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    first_pass = out.index("Pass the keyboard to Player")
    assert out.index("Your hand") > first_pass
    assert out.count("Pass the keyboard to") >= 2


runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["mahe", "--option", "egg_cards_as_dice=maybe"], "egg_cards_as_dice"),
        (["mahe", "--option", "colour"], "key=value"),
        (["mabula", "--seats", "human,genius"], "unknown seat 'genius'"),
        (["mahe", "--players", "3", "--seats", "human,human"], "seats for 3 players"),
        (["chess"], "unknown game 'chess'"),
        ([], "name a game"),
        (["mabula", "--lang", "it"], "allowed are de, en, fr"),
        (["--resume", "/nonexistent.json"], "cannot read record"),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", "--plain", *args], input="")
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_an_option_reaches_the_game() -> None:
    result = runner.invoke(
        app,
        ["play", "mahe", "--plain", "--option", "egg_cards_as_dice=true", "--seed", "1"],
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Goodbye." in result.output


def test_without_a_terminal_the_plain_mode_is_chosen() -> None:
    result = play("mabula", "--seed", "1", "--lang", "fr", script="quitter\n", plain=False)
    assert result.returncode == 0, result.stderr
    assert "C’est à Blanc (vous) de jouer." in result.stdout and "Au revoir." in result.stdout
