"""`replay --step` answers an unknown key with the list of keys and jumps to a move or the
end (issue 34)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.cli.play.session import Session

runner = CliRunner(env={"COLUMNS": "200"})
MOVE = {"de": r"Zug (\d+) von (\d+)", "fr": r"coup (\d+) sur (\d+)"}
END = {"de": "ende", "fr": "fin"}
KEYS = {"de": "eine Zahl (12 oder #12)", "fr": "un nombre (12 ou #12)"}


def _record(tmp_path: Path) -> Path:
    session = Session(spieltisch.load("mabula"), ["random", "random"], seed=1)
    while len(session.state.history()) < 12:
        if session.state.is_chance_node():
            session.step_chance()
        else:
            session.play(session.state.legal_moves()[0])
    state = session.state
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.to_record(players=["random", "random"])))
    return path


def _moves_shown(output: str, code: str) -> list[int]:
    return [int(n) for n, _total in re.findall(MOVE[code], output)]


@pytest.mark.parametrize("code", ["de", "fr"])
def test_an_unknown_answer_shows_the_keys_and_does_not_step(tmp_path: Path, code: str) -> None:
    path = _record(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--step", "--lang", code], input="x\nq\n")
    assert result.exit_code == 0, result.output
    assert KEYS[code] in result.output
    assert _moves_shown(result.output, code) == [0], "an unknown answer does not step forward"


@pytest.mark.parametrize("code", ["de", "fr"])
def test_jump_to_a_move_and_to_the_end(tmp_path: Path, code: str) -> None:
    path = _record(tmp_path)
    result = runner.invoke(
        app, ["replay", str(path), "--step", "--lang", code], input=f"#5\n3\n{END[code]}\n"
    )
    assert result.exit_code == 0, result.output
    shown = _moves_shown(result.output, code)
    assert shown[:3] == [0, 5, 3] and len(shown) == 4
    total = int(re.findall(MOVE[code], result.output)[0][1])
    assert shown[-1] == total
