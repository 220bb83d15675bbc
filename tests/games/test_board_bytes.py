"""Boards drawn from cached pieces are the boards drawn whole, byte for byte: many
boards of random games of the four games (each seat to move, a spectator, another
seat; the last move marked; three languages) hash to what the boards hashed to before
the caches (issue 41, recorded on bdea5c6; Mabula and Mahé recorded again on 2026-12-07
when their words changed: French typographic apostrophes, Mabula's groups in words — the
boards compared text by text, nothing else differed). Each board is drawn twice, so the second
comes from pieces the first left in the caches."""

from __future__ import annotations

import hashlib
import random

import pytest

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.server.table import parts

DIGESTS = {
    "mabula": "14dfd59388fbff9e5bbdac5e373e53b1f47f0a6a6ead7de6d2b26d8b7dc65629",
    "madn": "13345b54be55b7ea95a535719402db199e72267da1b99d64bd846eca6b52fd6b",
    "mahe": "3f09c500be8249d0c5e9a9553e4f70723b21968bdfe87a156339e9f77789ac40",
    "david_goliath": "c821b54f245a586ee6af88ac1af52bc95fce449db23d740655e7c820e2ace00e",
}
"""sha256 of every board drawn, in order, as the code before the caches drew them."""

PLAYERS = {"mabula": 2, "madn": 4, "mahe": 3, "david_goliath": 3}


def boards_digest(name: str, games: int = 3, every: int = 3) -> str:
    digest = hashlib.sha256()
    rng = random.Random(41)
    for _game in range(games):
        state = spieltisch.load(name, players=PLAYERS[name]).new_state()
        last: str | None = None
        step = 0
        while not state.is_terminal() and step < 400:
            if state.current_player == CHANCE:
                state.sample_chance(rng)
                continue
            if step % every == 0:
                mover = state.current_player
                for seat in (mover, None, (mover + 1) % PLAYERS[name]):
                    legal = state.legal_moves() if seat == mover else []
                    for lang in ("de", "en", "fr"):
                        for _twice in range(2):
                            svg = parts.board_svg(state, seat, legal, last, lang)
                            assert svg is not None
                            digest.update(svg.encode())
            last = rng.choice(state.legal_moves())
            state.apply(last)
            step += 1
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_boards_are_the_same_bytes_as_before_the_caches(name: str) -> None:
    assert boards_digest(name) == DIGESTS[name]
