"""Fuzz option parsing: any text from the command line and any Python value in the API is
a game or an OptionError; a game's options always load again as they are."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import spieltisch
from spieltisch.cli.game_options import load_with_options
from spieltisch.core import OptionError, game_class
from tests.fuzz.budget import both_forms, bounded
from tests.fuzz.conftest import TRIED

GAMES = sorted(info.name for info in spieltisch.games())
OPTION_NAMES = sorted({name for game in GAMES for name in game_class(game).Options.model_fields})
NAMES = st.sampled_from([*OPTION_NAMES, "name", "colour", ""])
TEXT = st.sampled_from(
    ["auto", "none", "true", "false", "1", "2", "3", "²", "1.0", "9" * 5000, "-1"]
) | st.text(max_size=30)
VALUES = (
    st.none()
    | st.booleans()
    | st.integers(-2, 30)
    | st.integers()
    | st.floats(allow_nan=True)
    | TEXT
    | st.lists(st.integers(0, 10) | st.text(max_size=2), max_size=30)
    | st.tuples(st.integers(1, 9))
)


def loads_again(game: spieltisch.Game[Any]) -> None:
    assert spieltisch.load(game.name, **game.options.to_json()) == game


def _python_values(examples: int) -> Any:
    @bounded(examples)
    @given(game=st.sampled_from(GAMES), options=st.dictionaries(NAMES, VALUES, max_size=4))
    def test(game: str, options: dict[str, Any]) -> None:
        TRIED["options (Python)"] += 1
        try:
            loaded = spieltisch.load(game, **options)
        except OptionError as refused:
            assert refused.game == game and refused.option is not None and refused.allowed
        else:
            loads_again(loaded)

    return test


def _command_line(examples: int) -> Any:
    @bounded(examples)
    @given(
        game=st.sampled_from(GAMES),
        players=st.none() | st.integers(-1, 9),
        pairs=st.lists(
            st.builds(lambda name, value: f"{name}={value}", NAMES, TEXT) | st.text(max_size=10),
            max_size=4,
        ),
    )
    def test(game: str, players: int | None, pairs: list[str]) -> None:
        TRIED["options (command line)"] += 1
        try:
            loaded = load_with_options(game, players, pairs)
        except OptionError as refused:
            assert refused.allowed
        else:
            loads_again(loaded)

    return test


test_python_values, test_python_values_long = both_forms(_python_values, 300)
test_command_line, test_command_line_long = both_forms(_command_line, 300)
