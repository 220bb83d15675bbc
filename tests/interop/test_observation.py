"""Each game's observation encoding: its shape, range, and that it never leaks."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.games.david_goliath.rules import DavidGoliathState
from spieltisch.interop import observation_for
from tests.interop.conftest import GAMES

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("mahe", {}),
    ("mahe", {"players": 2, "egg_cards_as_dice": True}),
    ("mahe", {"players": 7}),
    ("madn", {}),
    ("madn", {"players": 3, "max_rounds": 4}),
    ("david_goliath", {"players": 3}),
    ("david_goliath", {"players": 6, "deals": 1}),
    ("mabula", {}),
]


def _positions(name: str, options: dict[str, Any], seed: int, every: int) -> list[State]:
    game = spieltisch.load(name, **options)
    rng = random.Random(seed)
    state = game.new_state()
    out = [state.clone()]
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_shape_dtype_and_range(name: str, options: dict[str, Any]) -> None:
    game = spieltisch.load(name, **options)
    module = observation_for(game)
    shape = module.observation_shape(game)
    for state in _positions(name, options, seed=1, every=3):
        for player in [None, *range(game.num_players)]:
            encoded = module.encode(state, player)
            assert encoded.shape == shape
            assert encoded.dtype == np.float32
            assert encoded.min() >= 0.0 and encoded.max() <= 1.0


@pytest.mark.parametrize("name", GAMES)
def test_seats_see_the_game_from_their_own_side(name: str) -> None:
    game = spieltisch.load(name)
    module = observation_for(game)
    state = _positions(name, {}, seed=2, every=5)[3]
    encodings = [module.encode(state, p) for p in range(game.num_players)]
    assert not all(np.array_equal(encodings[0], e) for e in encodings[1:])
    assert np.array_equal(module.encode(state, None), module.encode(state, 0)) == (
        name != "david_goliath"  # a spectator sees no hand
    )


@pytest.mark.parametrize("name", ["mahe", "david_goliath"])
def test_hidden_information_never_shows(name: str) -> None:
    """What a seat observes is the same in every world consistent with what it saw."""
    game = spieltisch.load(name)
    module = observation_for(game)
    rng = random.Random(3)
    changed = 0
    for state in _positions(name, {}, seed=3, every=7):
        for player in range(game.num_players):
            world = state.determinize(player, rng)
            changed += world != state
            assert np.array_equal(module.encode(world, player), module.encode(state, player))
    assert changed, "determinize never changed anything: the check proves nothing"


def test_david_goliath_hand_is_in_the_observation() -> None:
    game = spieltisch.load("david_goliath", players=4)
    module = observation_for(game)
    state = _positions("david_goliath", {"players": 4}, seed=4, every=1)[1]
    assert isinstance(state, DavidGoliathState)
    hand = state.view(2)["hand"]
    encoded = module.encode(state, 2)
    assert encoded[: 5 * 12].sum() == len(hand) == 15
    colour, value = "rygbp".index(hand[0][0]), int(hand[0][1:])
    assert encoded[colour * 12 + value - 1] == 1.0


def test_mabula_planes() -> None:
    game = spieltisch.load("mabula")
    state = game.new_state()
    state.apply("setup:" + "wwbb" * 6)
    module = observation_for(game)
    white, black = module.encode(state, 0), module.encode(state, 1)
    assert white[0, 0, 1] == 1.0 and white[1, 0, 3] == 1.0  # b1 white, d1 black
    assert np.array_equal(white[0], black[1]) and np.array_equal(white[1], black[0])
    assert white[2].all() and not black[2].any()  # white moves first
