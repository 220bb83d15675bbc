"""`--option key=value` pairs from the command line, turned into game options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.core import Game, OptionError, game_class, load


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(pair, pair, "key=value, e.g. --option egg_cards_as_dice=true")
        options[key.strip()] = value.strip()
    return options


def load_with_options(name: str, players: int | None, pairs: Sequence[str]) -> Game[Any]:
    """The game with options written as text, each in its documented form (`auto`, `true`)."""
    options = game_class(name).Options.values_from_text(parse_pairs(pairs))
    if players is not None:
        options["players"] = players
    return load(name, **options)
