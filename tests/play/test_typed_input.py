"""`play --plain`: every typed line is a move, a command or a clear refusal, never a crash."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import spieltisch
from spieltisch.cli.play.plain import PlainPlay
from spieltisch.cli.play.session import Session
from tests.play.conftest import BUDGET


def run_plain(game: str, lines: list[str], **options: object) -> str:
    """Play `lines` as the only human (seat 0) against random seats; the transcript."""
    loaded = spieltisch.load(game, **options)
    seats = ["human"] + ["random"] * (loaded.num_players - 1)
    session = Session(loaded, seats, seed=3, budget=BUDGET)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    PlainPlay(session, console).run(io.StringIO("".join(f"{line}\n" for line in lines)))
    return out.getvalue()


CRASHING_LINES = {
    "mahe": ["turtle:xyz", "turtle:", "card:x", "²", "#²", "9" * 5000, "#" + "9" * 5000],
    "madn": ["lot:²", "lot:", "d²", "²", "#²", "9" * 5000, "g²"],
    "david_goliath": ["²", "#٣", "r²", "9" * 5000],
    "mabula": ["²", "a²-a3", "9" * 5000],
}


@pytest.mark.parametrize("game", sorted(CRASHING_LINES))
def test_lines_that_used_to_crash_are_refused(game: str) -> None:
    lines = CRASHING_LINES[game]
    options: dict[str, object] = {"players": 3, "deals": 1} if game == "david_goliath" else {}
    transcript = run_plain(game, lines, **options)
    assert transcript.count("Illegal move") == len(lines), transcript[-2000:]


@pytest.mark.parametrize("name", [".", "/", "~nosuchuser-edges/x", "a\0b"])
def test_saving_under_a_name_that_is_no_file_says_so(name: str) -> None:
    transcript = run_plain("mabula", [f"save {name}", "quit"])
    assert "Could not save" in transcript and "Goodbye." in transcript


def test_saving_still_works(tmp_path: Path) -> None:
    target = tmp_path / "game"
    transcript = run_plain("mabula", [f"save {target}", "quit"])
    assert f"Saved to {target}.json" in transcript
    assert not spieltisch.load_record(target.with_suffix(".json")).is_terminal()


def test_the_end_of_input_names_the_save_command_as_it_is_typed() -> None:
    """It said `s FILE`, a letter that is no command (commands are words)."""
    transcript = run_plain("mabula", [])
    assert "save it with save FILE next time" in transcript
