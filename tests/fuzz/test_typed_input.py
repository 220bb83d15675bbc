"""Fuzz `play --plain`: any typed line is a move, a command or a refusal, never a crash."""

from __future__ import annotations

import contextlib
import io
import tempfile
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

import spieltisch
from spieltisch.cli.play.plain import PlainPlay
from spieltisch.cli.play.session import Session
from tests.fuzz.budget import both_forms, bounded
from tests.fuzz.conftest import TRIED
from tests.play.conftest import BUDGET

GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "mahe": {"players": 2},
    "madn": {"players": 2},
    "david_goliath": {"players": 3, "deals": 1},
    "mabula": {},
}
TOKENS = [
    "turtle:red",
    "turtle:xyz",
    "roll",
    "stop",
    "card:2",
    "card:x",
    "lot:0,1",
    "lot:²",
    "time",
    "pass",
    "b",
    "g1",
    "g²",
    "d3",
    "r5",
    "y15",
    "a2-a3",
    "a²-a3",
    "#1",
    "#²",
    "²",
    "٣",
    "0",
    "-1",
    "9" * 5000,
    "h",
    "u",
    "?",
    "b",
    "help",
    "",
    " ",
    "s",
    "s .",
    "s /",
    "s ~nosuch/x",
    "s a\0b",
    "save .",
    "save /",
    "save a\0b",
    "undo",
    "board",
    "speichern /",
    "n",
]
SAVE_NAMES = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="/~\\"), max_size=12
).filter(lambda name: ".." not in name)
LINES = (
    st.sampled_from(TOKENS)
    | st.text(max_size=12)
    | st.builds(lambda token, noise: token + noise, st.sampled_from(TOKENS), st.text(max_size=3))
    | st.integers(-3, 200).map(str)
    | st.builds(lambda name: f"s {name}", SAVE_NAMES)
    | st.builds(lambda name: f"save {name}", SAVE_NAMES)
)


def _typed_lines(examples: int) -> Any:
    @bounded(examples)
    @given(game=st.sampled_from(sorted(GAME_OPTIONS)), lines=st.lists(LINES, max_size=12))
    def test(game: str, lines: list[str]) -> None:
        TRIED["typed lines"] += len(lines)
        loaded = spieltisch.load(game, **GAME_OPTIONS[game])
        seats = ["human"] + ["random"] * (loaded.num_players - 1)
        session = Session(loaded, seats, seed=len(lines), budget=BUDGET)
        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None)
        text = "".join(line.replace("\n", " ").replace("\r", " ") + "\n" for line in lines)
        with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
            PlainPlay(session, console).run(io.StringIO(text))
        final = session.state
        assert loaded.replay(final.history()) == final

    return test


test_typed_lines, test_typed_lines_long = both_forms(_typed_lines, 150)
