"""Boards drawn from cached pieces are the boards drawn whole, byte for byte: many
boards of random games of the four games (each seat to move, a spectator, another
seat; the last move marked; three languages) hash to what the boards hashed to before
the caches (issue 41, recorded on bdea5c6; Mabula and Mahé recorded again on 2026-12-07
when their words changed: French typographic apostrophes, Mabula's groups in words — the
boards compared text by text, nothing else differed; all four recorded again the same day
when coordinates were written with at most two decimals: the boards compared element by
element, the same elements, attributes and words, every number within 0.005 of before;
Mahé once more when its fields became one static layer drawn under every stack: the same
elements, the fields before the stacks, and 41 boards rasterized by Chromium at 1x and 2x
pixel for pixel the same).
Each board is drawn twice, so the second comes from pieces the first left in the caches."""

from __future__ import annotations

import hashlib
import random

import pytest

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.server.table import parts

DIGESTS = {
    "mabula": "396aab28b267a77713cd6f31376d195af2c6ac87f3373bf9b2c43e4b3b64366c",
    "madn": "f1d7e06900a44908b00607cf916fee92c7e84145c565d09f86cb41d55b99014f",
    "mahe": "6a13e7c706f114633462cc8cca5e969a79c2d9e2357f0ac00996285826cf04da",
    "david_goliath": "6d5bd73c7db5314ccaf0f6e3def252362d63769213b12e86d6494f87fa0c0d3c",
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
