"""Every registered game runs through hundreds of seeded random games over its declared
option variants, checked at every node.

A game that joins the registry is checked here without further work. The number of
games per game is SPIELTISCH_CONFORMANCE_GAMES (default 200); they are spread over the
game's `variants` in batches.
"""

from __future__ import annotations

import json
import os
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, get_args, get_origin

import pytest

import spieltisch
from spieltisch.core import Game, game_class, game_names
from tests.conformance.checks import play_checked_game

GAMES_PER_GAME = int(os.environ.get("SPIELTISCH_CONFORMANCE_GAMES", "200"))
BATCH = 10


def play_variant(name: str, options: Mapping[str, Any], first_seed: int) -> None:
    """A batch of checked random games of one option variant."""
    game = spieltisch.load(name, **options)
    for seed in range(first_seed, min(first_seed + BATCH, GAMES_PER_GAME)):
        try:
            play_checked_game(game, seed)
        except AssertionError as failure:
            raise AssertionError(f"{name} {dict(options)}, seed {seed}: {failure}") from None


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for name in game_names():
        variants = game_class(name).variants
        for batch in range(0, GAMES_PER_GAME, BATCH):
            cases.append((name, (batch // BATCH) % len(variants), batch))
    return cases


@pytest.mark.parametrize(("name", "variant", "first_seed"), _cases())
def test_random_games_keep_the_protocol(name: str, variant: int, first_seed: int) -> None:
    play_variant(name, game_class(name).variants[variant], first_seed)


def missing_variants(cls: type[Game[Any]]) -> list[str]:
    """What the declared variants leave out: player counts, option values (Literal and
    bool options: every value; other options: the default and one more)."""
    seen: dict[str, set[str]] = {}
    for variant in cls.variants:
        for key, value in cls.Options.parse(variant).to_json().items():
            seen.setdefault(key, set()).add(json.dumps(value))
    missing = []
    players = {str(count) for count in range(cls.min_players, cls.max_players + 1)}
    if not players <= seen["players"]:
        missing.append(f"players {sorted(players - seen['players'])}")
    for key, field in cls.Options.model_fields.items():
        if key == "players":
            continue
        annotation = field.annotation
        if get_origin(annotation) in (typing.Union, types.UnionType):
            options = [a for a in get_args(annotation) if a is not type(None)]
            annotation = options[0] if len(options) == 1 else annotation
        if get_origin(annotation) is Literal:
            wanted = {json.dumps(value) for value in get_args(annotation)}
            if not wanted <= seen[key]:
                missing.append(f"{key} {sorted(wanted - seen[key])}")
        elif annotation is bool:
            if not {"true", "false"} <= seen[key]:
                missing.append(f"{key} true and false")
        elif len(seen[key]) < 2:
            missing.append(f"{key}: a value besides the default")
    return missing


@pytest.mark.parametrize("name", game_names())
def test_declared_variants_cover_every_option_value_and_player_count(name: str) -> None:
    assert missing_variants(game_class(name)) == []


def test_the_coverage_check_names_what_is_missing() -> None:
    class Narrow(game_class("madn")):  # type: ignore[misc]
        variants = ({"players": 4},)

    missing = missing_variants(Narrow)
    assert "players ['2', '3']" in missing
    assert "duties ['\"penalized\"']" in missing and "rules ['\"openspiel\"']" in missing
    assert "max_rounds: a value besides the default" in missing
