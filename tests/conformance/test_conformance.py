"""Every registered game runs through hundreds of seeded random games, checked at every node.

A game that joins the registry is checked here without further work. The number of
games per game is SPIELTISCH_CONFORMANCE_GAMES (default 200).
"""

from __future__ import annotations

import os

import pytest

import spieltisch
from spieltisch.core import game_class, game_names
from tests.conformance.checks import play_checked_game

GAMES_PER_GAME = int(os.environ.get("SPIELTISCH_CONFORMANCE_GAMES", "200"))
BATCH = 10


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for name in game_names():
        cls = game_class(name)
        counts = list(range(cls.min_players, cls.max_players + 1))
        for batch in range(0, GAMES_PER_GAME, BATCH):
            players = counts[(batch // BATCH) % len(counts)]
            cases.append((name, players, batch))
    return cases


@pytest.mark.parametrize(("name", "players", "first_seed"), _cases())
def test_random_games_keep_the_protocol(name: str, players: int, first_seed: int) -> None:
    game = spieltisch.load(name, players=players)
    for seed in range(first_seed, min(first_seed + BATCH, GAMES_PER_GAME)):
        try:
            play_checked_game(game, seed)
        except AssertionError as failure:
            raise AssertionError(f"{name}, {players} players, seed {seed}: {failure}") from None
