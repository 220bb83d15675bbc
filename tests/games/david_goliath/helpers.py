"""Building chosen deals for David & Goliath scenario tests."""

from __future__ import annotations

import random

import spieltisch
from spieltisch.games.david_goliath import DavidGoliathState
from spieltisch.games.david_goliath.examples import deal_with, every_card
from spieltisch.sim import play_randomly

deck = every_card
make_deal = deal_with


def dealt(players: int, token: str, **options: object) -> DavidGoliathState:
    """A new game with that many players after the given first deal."""
    state = spieltisch.load("david_goliath", players=players, **options).new_state()
    assert isinstance(state, DavidGoliathState)
    state.apply(token)
    return state


def play_random(state: DavidGoliathState, rng: random.Random, moves: int) -> None:
    """Up to `moves` random moves and deals."""
    play_randomly(state, rng, steps=moves)
