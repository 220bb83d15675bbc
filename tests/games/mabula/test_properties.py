"""Properties of random games: marble counts, no way back to the edge, the next mover.

The protocol's own promises (replay, refusals, clones) are the conformance suite's."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch import State
from spieltisch.games.mabula.rules import EDGE_SQUARES, FIELD_SQUARES, NAMES, MabulaState
from tests.games.drawn import Drawn
from tests.games.mabula.helpers import line_of, reference_push

EDGE_NAMES = frozenset(NAMES[sq] for sq in EDGE_SQUARES)
FIELD_NAMES = frozenset(NAMES[sq] for sq in FIELD_SQUARES)
OPTIONS = st.sampled_from(
    [
        {},
        {"scoring": "product"},
        {"tiebreak": "groups"},
        {"scoring": "product", "tiebreak": "groups"},
    ]
)


def board(state: State) -> dict[str, str]:
    assert isinstance(state, MabulaState)
    return state.view(None)["board"]


def expected_moves(squares: dict[str, str], letter: str) -> list[str]:
    """Every legal push of one colour, found square by square."""
    moves = []
    for edge in EDGE_SQUARES:
        source = NAMES[edge]
        if squares.get(source) != letter:
            continue
        line = line_of(source)
        free = 6 - sum(1 for square in line if square in squares)
        moves += [f"{source}-{line[k]}" for k in range(free)]
    return moves


def play(rng: random.Random, options: dict[str, str]) -> State:
    """A random game, checking every move against a plain reference on square names."""
    state = spieltisch.load("mabula", **options).new_state()
    state.sample_chance(rng)
    previous = board(state)
    while not state.is_terminal():
        player = state.current_player
        letter = "wb"[player]
        assert sorted(state.legal_moves()) == sorted(expected_moves(previous, letter))
        move = rng.choice(state.legal_moves())
        state.apply(move)
        squares = board(state)
        assert squares == reference_push(previous, move)
        # 24 marbles, 12 of each colour, always
        assert len(squares) == 24
        assert sum(1 for c in squares.values() if c == "w") == 12
        # what a move's words ask of single squares agrees with the whole board
        assert isinstance(state, MabulaState)
        assert {name for name in (*NAMES, "z9", "") if state.occupied(name)} == set(squares)
        # a marble in the field never returns to the edge: the edge only loses the pusher
        edge_before = {sq for sq in previous if sq in EDGE_NAMES}
        edge_after = {sq for sq in squares if sq in EDGE_NAMES}
        assert edge_after == edge_before - {move.split("-")[0]}
        assert sum(1 for sq in squares if sq in FIELD_NAMES) == 24 - len(edge_after)
        # the next mover: the opponent if able, else the same player, else the end
        if expected_moves(squares, "wb"[1 - player]):
            assert state.current_player == 1 - player
        elif expected_moves(squares, letter):
            assert state.current_player == player
        else:
            assert state.is_terminal()
        previous = squares
    assert not expected_moves(previous, "w") and not expected_moves(previous, "b")
    return state


@settings(max_examples=100, deadline=None)
@given(st.data(), OPTIONS)
def test_random_games_keep_the_rules(data: st.DataObject, options: dict[str, str]) -> None:
    state = play(Drawn(data), options)
    assert state.view(None)["turn"] is None
    assert 1 <= len(state.history()) - 1 <= 24
    places = state.ranking()
    assert sorted(places) in ([1, 1], [1, 2])


def random_token(rng: random.Random) -> str:
    columns, rows = "abcdefghi", "0123456789"
    return f"{rng.choice(columns)}{rng.choice(rows)}-{rng.choice(columns)}{rng.choice(rows)}"
