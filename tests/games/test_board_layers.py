"""Static board layers (issue 41): each board with placeholders for its static layers
gives the whole board back byte for byte once the layers are put in, the layers are the
same in every position of a game, and they are most of the board where a game has them."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.core.svg import LAYER, expand, layer_markup, layered
from spieltisch.server.table import parts

SETTINGS = [("mabula", 2), ("madn", 4), ("madn", 2), ("mahe", 3), ("david_goliath", 3)]
LEAST_SAVED = {"mabula": 0.4, "madn": 0.5, "mahe": 0.4, "david_goliath": 0.03}
"""The least share of a board its layers take (measured: 47 %, 64 %, 50 %, 5 %)."""


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_a_layered_board_is_the_whole_board_once_its_layers_are_put_in(
    name: str, players: int
) -> None:
    rng = random.Random(41)
    state = spieltisch.load(name, players=players).new_state()
    last: str | None = None
    keys_seen: set[str] = set()
    whole_bytes = layered_bytes = step = 0
    while not state.is_terminal() and step < 150:
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        mover = state.current_player
        for seat, lang in ((mover, "fr"), (None, "de"), ((mover + 1) % players, "en")):
            legal = state.legal_moves() if seat == mover else []
            board = parts.board_svg(state, seat, legal, last, lang)
            assert board is not None
            small, keys = layered(board, name)
            assert list(dict.fromkeys(LAYER.findall(small))) == list(keys)
            assert all(key.startswith((f"{name}-", "board-")) for key in keys)
            layers = {key: layer_markup(key) for key in keys}
            assert not any(LAYER.search(markup) for markup in layers.values())
            assert expand(small, layers) == board
            keys_seen.update(keys)
            whole_bytes += len(board)
            layered_bytes += len(small)
        last = rng.choice(state.legal_moves())
        state.apply(last)
        step += 1
    # The same few layers all game long (the style sheet; the track, fields or ring).
    assert 1 <= len(keys_seen) <= 2
    assert 1 - layered_bytes / whole_bytes >= LEAST_SAVED[name]


def test_a_board_without_layers_of_its_game_keeps_all_but_the_style() -> None:
    state = spieltisch.load("madn", players=4).new_state()
    board = parts.board_svg(state, None, [], None, "en")
    assert board is not None
    small, keys = layered(board, "another game")
    assert (
        len(keys) == 1
        and "<style>" not in small
        and expand(small, {keys[0]: layer_markup(keys[0])}) == board
    )
