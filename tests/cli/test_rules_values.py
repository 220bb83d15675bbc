"""`spieltisch rules` never names a value its option refuses (issue 34: `deals: none`,
`turtles_per_player: none` were refused when typed)."""

from __future__ import annotations

import re

import pytest

import spieltisch
from spieltisch.cli.game_options import load_with_options
from spieltisch.core.registry import parts

OPTION_LINE = re.compile(r"^[-*] `(?P<name>\w+)`[\s\u202f]*:(?P<text>.*)$", re.MULTILINE)
WORDS = re.compile(r"(?<![\w-])`?(none|auto)`?(?![\w-])")


@pytest.mark.parametrize("code", ["de", "en", "fr"])
@pytest.mark.parametrize("game", [info.name for info in spieltisch.games()])
def test_every_value_word_of_the_rules_is_accepted(game: str, code: str) -> None:
    summary = parts(spieltisch.load(game)).rules_summary(code)
    options = set(type(spieltisch.load(game).options).model_fields)
    checked = 0
    for match in OPTION_LINE.finditer(summary):
        name = match["name"]
        if name not in options:
            continue
        for word in set(WORDS.findall(match["text"])):
            load_with_options(game, None, [f"{name}={word}"])  # raises when refused
            checked += 1
    if game in ("mahe", "david_goliath"):
        # The options as typed stand in the notation, in every language (the web leaves
        # that section out and names options in words)
        assert checked, "the summary names its options' special values"
