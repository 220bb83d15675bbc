"""`spieltisch render`: a record's position as the game's SVG board, or PNG."""

from __future__ import annotations

import json
import random
from pathlib import Path
from xml.etree import ElementTree

from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.cli.picture import chromium_path
from spieltisch.core import CHANCE
from spieltisch.core.svg import moves_in_picture
from spieltisch.games.david_goliath.rules import DavidGoliathState

runner = CliRunner(env={"COLUMNS": "200"})


def _record(tmp_path: Path, name: str, players: int, seed: int = 1) -> tuple[Path, list[str]]:
    state = spieltisch.load(name, players=players).new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(state.to_record()), encoding="utf-8")
    return path, state.history()


def test_render_draws_the_position_a_seat_sees(tmp_path: Path) -> None:
    record, history = _record(tmp_path, "david_goliath", 3)
    target = tmp_path / "board.svg"
    args = ["render", str(record), "--at", "5", "--seat", "1", "-o", str(target), "--lang", "fr"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    svg = target.read_text(encoding="utf-8")
    root = ElementTree.fromstring(svg)
    assert root.attrib["lang"] == "fr"
    state = spieltisch.load("david_goliath", players=3).replay(history[:5])
    assert isinstance(state, DavidGoliathState)
    expected = state.view(1)
    hand = {node.attrib["data-card"] for node in root.iter() if "data-card" in node.attrib}
    assert set(expected["hand"]) <= hand
    legal = set(state.legal_moves()) if state.current_player == 1 else set()
    assert moves_in_picture(svg) == legal


def test_render_refuses_a_position_outside_the_record(tmp_path: Path) -> None:
    record, history = _record(tmp_path, "mabula", 2)
    result = runner.invoke(app, ["render", str(record), "--at", str(len(history) + 1)])
    assert result.exit_code == 2
    assert f"--at must lie between 0 and {len(history)}" in result.output


def test_render_refuses_a_seat_that_is_not_at_the_table(tmp_path: Path) -> None:
    record, _history = _record(tmp_path, "mabula", 2)
    result = runner.invoke(app, ["render", str(record), "--seat", "2", "--lang", "de"])
    assert result.exit_code == 2
    assert "--seat muss zwischen 0 und 1 liegen" in result.output


def test_render_refuses_an_unknown_picture_format(tmp_path: Path) -> None:
    record, _history = _record(tmp_path, "mabula", 2)
    result = runner.invoke(app, ["render", str(record), "-o", str(tmp_path / "b.gif")])
    assert result.exit_code == 2
    assert "must end in .svg or .png" in result.output


def test_render_writes_a_png(tmp_path: Path) -> None:
    assert chromium_path() is not None, "scripts/test.sh installs Chromium"
    record, _history = _record(tmp_path, "madn", 2)
    target = tmp_path / "board.png"
    result = runner.invoke(app, ["render", str(record), "--at", "30", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(b"\x89PNG")
