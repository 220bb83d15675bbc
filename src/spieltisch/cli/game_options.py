"""`--option key=value` pairs from the command line, turned into game options."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from spieltisch.cli.messages import _
from spieltisch.core import Game, OptionError, SpieltischError, game_class, load


def parse_pairs(pairs: Sequence[str], game: str | None = None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise _missing_value(pair.strip(), game)
        options[key.strip()] = value.strip()
    return options


def _missing_value(key: str, game: str | None) -> OptionError:
    """`--option duties`: name the option's values where the game has such an option."""
    known: dict[str, str] = {}
    if game is not None:
        with contextlib.suppress(SpieltischError):
            known = {option.name: option.allowed for option in game_class(game).info().options}
    if key in known:
        message = _("--option {key} has no value: write {key}=VALUE, VALUE being {allowed}")
        return worded(
            OptionError(key, None, known[key], game), message.format(key=key, allowed=known[key])
        )
    example = "key=value, e.g. --option egg_cards_as_dice=true"
    message = _("--option takes key=value, e.g. --option egg_cards_as_dice=true; not {pair}")
    return worded(OptionError(key, key, example, game), message.format(pair=repr(key)))


def worded(error: OptionError, message: str) -> OptionError:
    """The error with a message of its own (what the command line said, not a key=value)."""
    error.args = (message,)
    return error


def load_with_options(name: str, players: int | None, pairs: Sequence[str]) -> Game[Any]:
    """The game with options written as text, each in its documented form (`auto`, `true`)."""
    options = game_class(name).Options.values_from_text(parse_pairs(pairs, name))
    if players is not None:
        given = options.get("players")
        if given is not None and str(given) != str(players):
            message = _("--players {players} and --option players={option} disagree: give one")
            raise worded(
                OptionError("players", given, str(players), name),
                message.format(players=players, option=given),
            )
        options["players"] = players
    return load(name, **options)
