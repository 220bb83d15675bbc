"""One rule for `view(player)` in every game: a seat 0..n-1 or None, else SeatError."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.core import SeatError, SpieltischError

GAMES = [info.name for info in spieltisch.games()]


def a_position(game: str) -> spieltisch.State:
    state = spieltisch.load(game).new_state()
    rng = random.Random(5)
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "player", ["x", "0", 99, -1, 4.0, True, False, [0], 10**5000], ids=lambda p: type(p).__name__
)
def test_a_player_that_is_no_seat_is_refused(game: str, player: object) -> None:
    state = a_position(game)
    before = state.clone()
    with pytest.raises(SeatError, match="seats are numbered 0 to") as refused:
        state.view(player)  # type: ignore[arg-type]
    assert isinstance(refused.value, SpieltischError) and isinstance(refused.value, ValueError)
    assert state == before


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_and_the_spectator_have_a_view(game: str) -> None:
    state = a_position(game)
    views = [state.view(seat) for seat in range(state.game.num_players)]
    assert all(isinstance(view, dict) for view in [*views, state.view(None)])
