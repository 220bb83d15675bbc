"""The declared parts of a game: one lookup, lazy imports, clear errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import spieltisch
from spieltisch.agents.knowledge import Generic, knowledge_for
from spieltisch.cli.boards import render_board
from spieltisch.cli.play.moves import describe
from spieltisch.core import GameParts, SpieltischError, game_class, game_names, parts
from spieltisch.core.game_parts import FOLDER_PARTS, MODULE_PARTS, OPTIONAL
from spieltisch.core.i18n import language
from tests.core.toy import ToyGame, ToyOptions

SOURCE = Path(spieltisch.__file__).parent


@pytest.mark.parametrize("name", game_names())
def test_every_declared_part_of_a_registered_game_is_there(name: str) -> None:
    declared = parts(name)
    assert declared is parts(game_class(name)) is parts(spieltisch.load(name))
    for part in MODULE_PARTS:
        if getattr(declared, part) is not None and part not in OPTIONAL:
            assert declared.module(part) is not None, part
    for part in FOLDER_PARTS:
        if getattr(declared, part) is not None:
            assert declared.has(part), part
    assert declared.text_board is not None and declared.describe_move is not None
    assert declared.observation_module is not None and declared.knowledge is not None


@pytest.mark.parametrize("name", game_names())
def test_seat_labels_tell_every_seat_apart_in_every_language(name: str) -> None:
    label = parts(name).seat_label
    if label is None:
        return  # seats are numbers only (David & Goliath): interfaces say "player N"
    cls = game_class(name)
    for players in range(cls.min_players, cls.max_players + 1):
        game = spieltisch.load(name, players=players)
        words = {}
        for code in ("en", "de", "fr"):
            with language(code):
                words[code] = [label(game, seat) for seat in range(players)]
            assert len(set(words[code])) == players and all(words[code]), words
        assert words["de"] != words["en"], "the labels are translated"


@pytest.mark.parametrize("name", game_names())
def test_seat_colours_are_notation_the_same_in_every_language(name: str) -> None:
    colour = parts(name).seat_colour
    if colour is None:
        return  # no single colour per seat (Mahé's turtles, David & Goliath's numbers)
    cls = game_class(name)
    for players in range(cls.min_players, cls.max_players + 1):
        game = spieltisch.load(name, players=players)
        shown = {}
        for code in ("en", "de", "fr"):
            with language(code):
                shown[code] = [colour(game, seat) for seat in range(players)]
        assert shown["de"] == shown["en"] == shown["fr"], shown
        assert len(set(shown["en"])) == players
        assert all(c.isascii() and c.isalpha() and c.islower() for c in shown["en"]), shown


def test_a_game_without_declared_parts_falls_back() -> None:
    game = ToyGame(ToyOptions())
    state = game.new_state()
    assert parts(game) == GameParts("tests.core.toy")
    assert isinstance(knowledge_for(game), Generic)
    assert render_board(state).plain.lstrip().startswith("{")  # type: ignore[union-attr]
    assert describe(state, "go") == "go"
    assert parts(game).gettext("a text") == "a text"
    assert parts(game).seat_label is None and parts(game).seat_colour is None
    with pytest.raises(SpieltischError, match="no rules summary"):
        parts(game).rules_summary("en")


def test_optional_part_may_be_missing_but_a_required_one_may_not() -> None:
    declared = GameParts("spieltisch.games.mahe", svg="no_such_svg", describe="no_such_module")
    assert declared.module("svg") is None and declared.svg_board is None
    assert not declared.has("svg")
    with pytest.raises(ModuleNotFoundError):
        declared.module("describe")


def test_a_declared_module_without_its_function_is_named() -> None:
    declared = GameParts("spieltisch.games.mahe", describe="messages")
    with pytest.raises(SpieltischError, match="describe part but has no 'describe_move'"):
        _ = declared.describe_move


def test_unknown_part_names_the_parts() -> None:
    with pytest.raises(ValueError, match="parts are text, svg"):
        parts("mahe").module("board")


def test_importing_spieltisch_imports_no_part_and_no_heavy_library() -> None:
    code = (
        "import sys, spieltisch; "
        "heavy = [m for m in sys.modules if m.split('.')[0] in "
        "('numba', 'numpy', 'textual', 'pyspiel')] + "
        "[m for m in sys.modules if m.startswith('spieltisch.games.') and "
        "m.rsplit('.', 1)[-1] in ('agent', 'observation', 'text', 'svg', 'kernel', 'describe')]; "
        "print(heavy)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_no_interface_builds_a_module_name() -> None:
    scripts = SOURCE.parent.parent / "scripts"
    builders = [
        path.name
        for path in [*SOURCE.rglob("*.py"), *scripts.glob("*.py")]
        if "import_module(f" in path.read_text(encoding="utf-8")
    ]
    builders += [
        str(path.relative_to(SOURCE))
        for path in SOURCE.rglob("*.py")
        if "spieltisch.games.{" in path.read_text(encoding="utf-8")
    ]
    assert builders == []


def test_the_learned_evaluation_and_its_training_are_declared_parts() -> None:
    """`scripts/train_evaluation.py` finds them through the registry (issue 30)."""
    learned = [
        name
        for name in game_names()
        if parts(name).has("evaluation") and parts(name).has("training")
    ]
    assert learned == ["madn", "mahe"]
    for name in learned:
        module = parts(name).module("evaluation")
        assert module is not None and module.__name__.endswith(f"{name}.evaluation")


def test_no_agent_part_reads_an_engine_private_field() -> None:
    """Agents use the states' read-only properties, never their private fields."""
    private = re.compile(r"\b(?!self\b)[a-z_]+\._[a-z]\w*")
    readers = {
        str(path.relative_to(SOURCE)): found
        for path in (SOURCE / "games").glob("*/agent.py")
        if (found := private.findall(path.read_text(encoding="utf-8")))
    }
    assert readers == {}
