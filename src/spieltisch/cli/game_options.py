"""`--option key=value` pairs from the command line, turned into game options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.core import Game, OptionError, load


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(pair, pair, "key=value, e.g. --option egg_cards_as_dice=true")
        options[key.strip()] = value.strip()
    return options


def load_with_options(name: str, players: int | None, pairs: Sequence[str]) -> Game[Any]:
    options: dict[str, Any] = dict(parse_pairs(pairs))
    for key, value in list(options.items()):
        if "," in value:
            options[key] = value.split(",")
        elif value.lower() in ("none", "null", "auto"):
            options[key] = None
    if players is not None:
        options["players"] = players
    return load(name, **options)
