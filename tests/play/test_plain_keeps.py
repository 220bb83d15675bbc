"""Plain mode keeps a running game as the full-screen app does (issue 34): on quit (asked
first), at the end of the input and on Ctrl+C; the next start offers it, and deleting it
asks first, naming it."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import spieltisch
from spieltisch.cli.play.autosave import KeptGames
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.core.i18n import language
from tests.play.conftest import BUDGET_TEXT, level
from tests.play.test_plain import play, play_environment

QUIT = {"de": "beenden", "fr": "quitter"}
DELETE = {"de": "löschen", "fr": "supprimer"}
YES = {"de": "j", "fr": "o"}
KEPT = {"de": "beim nächsten Start angeboten", "fr": "proposée au prochain lancement"}
GOES_ON = {"de": "Die aufbewahrte Partie geht weiter.", "fr": "La partie gardée continue."}


def kept_histories(state: Path) -> list[list[str]]:
    """The histories of the unfinished kept games of Mabula, newest first."""
    return [
        list(json.loads(kept.path.read_text())["history"])
        for kept in KeptGames(state).unfinished("mabula")
    ]


def kept_history(state: Path) -> list[str] | None:
    """The one kept game's history (None: none is kept)."""
    kept = kept_histories(state)
    assert len(kept) <= 1, kept
    return kept[0] if kept else None


def mabula(state: Path, code: str, script: list[str]) -> str:
    seats = f"human,{level()}"
    result = play(
        "mabula",
        "--seats",
        seats,
        "--seed",
        "4",
        "--lang",
        code,
        script="".join(f"{line}\n" for line in script),
        state=state,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    return result.stdout


@pytest.mark.parametrize("code", ["de", "fr"])
def test_quit_asks_and_enter_keeps_the_game_for_the_next_start(tmp_path: Path, code: str) -> None:
    out = mabula(tmp_path, code, ["1", QUIT[code], ""])
    assert KEPT[code] in out
    first = kept_history(tmp_path)
    assert first is not None and len(first) >= 2
    out = mabula(tmp_path, code, ["", "1", QUIT[code], ""])
    assert GOES_ON[code] in out
    second = kept_history(tmp_path)
    assert second is not None and second[: len(first)] == first and len(second) > len(first)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_end_of_the_input_keeps_the_game(tmp_path: Path, code: str) -> None:
    out = mabula(tmp_path, code, ["1"])
    assert KEPT[code] in out
    assert kept_history(tmp_path) is not None


@pytest.mark.parametrize("code", ["de", "fr"])
def test_deleting_asks_first_and_names_the_game(tmp_path: Path, code: str) -> None:
    out = mabula(tmp_path, code, ["1", QUIT[code], DELETE[code], ""])  # Enter: no, keep it
    assert "Mabula" in out
    assert kept_history(tmp_path) is not None, "Enter at the question keeps the game"
    out = mabula(tmp_path, code, ["", QUIT[code], DELETE[code], YES[code]])
    assert kept_history(tmp_path) is None


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_new_game_deletes_no_kept_one(tmp_path: Path, code: str) -> None:
    mabula(tmp_path, code, ["1"])
    kept = kept_history(tmp_path)
    with language(code):
        from spieltisch.cli.messages import _

        new = _("new").lower()
    out = mabula(tmp_path, code, [new, "1"])  # a new game, kept beside the first
    assert "Mabula 1" in out
    histories = kept_histories(tmp_path)
    assert len(histories) == 2 and kept in histories
    out = mabula(tmp_path, code, ["2", "1"])  # the older one, by its number in the list
    assert GOES_ON[code] in out
    longer = [history for history in kept_histories(tmp_path) if history[: len(kept)] == kept]
    assert len(kept_histories(tmp_path)) == 2 and any(len(h) > len(kept) for h in longer)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_ctrl_c_keeps_the_game(tmp_path: Path, code: str) -> None:
    command = [sys.executable, "-m", "spieltisch.cli", "play", "--budget", BUDGET_TEXT]
    command += ["--plain", "mabula", "--seats", f"human,{level()}", "--seed", "4"]
    command += ["--lang", code]
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=play_environment(tmp_path),
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("1\n")
    process.stdin.flush()
    seen = ""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + 60
    while seen.count("> ") < 2:  # the second prompt: the move was played, it waits again
        assert time.monotonic() < deadline, seen
        if selector.select(timeout=1):
            chunk = os.read(process.stdout.fileno(), 4096).decode()
            assert chunk, seen
            seen += chunk
    process.send_signal(signal.SIGINT)
    rest, errors = process.communicate(timeout=30)
    assert KEPT[code] in seen + rest, errors
    assert kept_history(tmp_path) is not None


def test_resume_of_a_file_of_many_games_asks_which(tmp_path: Path) -> None:
    states = []
    for number in range(2):
        session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=number)
        while len(session.state.history()) < 3 + 2 * number:
            if session.state.is_chance_node():
                session.step_chance()
            else:
                session.play(session.state.legal_moves()[0])
        states.append(session.state)
    many = tmp_path / "many.jsonl"
    many.write_text(
        "\n".join(json.dumps(s.to_record(players=["human", "random"])) for s in states) + "\n"
    )
    refused = play("--resume", str(many), "--lang", "en", script="")
    assert refused.returncode != 0
    assert "holds 2 games: choose --game 1 to 2" in refused.stdout + refused.stderr
    chosen = play("--resume", str(many), "--game", "2", "--lang", "en", script="save\n")
    assert chosen.returncode == 0, chosen.stderr
    assert "Saved to " in chosen.stdout and f"Saved to {many}" not in chosen.stdout
    assert len(many.read_text().splitlines()) == 2, "the file of many games is left whole"
    single = tmp_path / "one.json"
    single.write_text(json.dumps(states[1].to_record(players=["human", "random"])))
    again = play("--resume", str(single), "--lang", "en", script="1\nsave\n")
    assert again.returncode == 0, again.stderr
    assert f"Saved to {single}" in again.stdout, "save suggests the file the game came from"
    saved = spieltisch.load_record(single)
    assert len(saved.history()) > len(states[1].history())
