"""Properties of random games: marble counts, no way back to the edge, replay, refusals."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch import CHANCE, IllegalMove, State
from spieltisch.games.mabula.rules import EDGE_SQUARES, FIELD_SQUARES, NAMES
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
SEEDS = st.integers(0, 2**32 - 1)


def board(state: State) -> dict[str, str]:
    result: dict[str, str] = state.view(None)["board"]
    return result


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


def play(seed: int, options: dict[str, str]) -> State:
    """A random game, checking every move against a plain reference on square names."""
    rng = random.Random(seed)
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
@given(SEEDS, OPTIONS)
def test_random_games_keep_the_rules(seed: int, options: dict[str, str]) -> None:
    state = play(seed, options)
    assert state.view(None)["turn"] is None
    assert 1 <= len(state.history()) - 1 <= 24
    places = state.ranking()
    assert sorted(places) in ([1, 1], [1, 2])


@settings(max_examples=100, deadline=None)
@given(SEEDS, OPTIONS)
def test_replay_gives_an_equal_state(seed: int, options: dict[str, str]) -> None:
    rng = random.Random(seed)
    game = spieltisch.load("mabula", **options)
    state = game.new_state()
    while True:
        again = game.replay(state.history())
        assert again == state
        assert again.view(None) == state.view(None)
        assert again.legal_actions() == state.legal_actions()
        assert game.replay(state.action_history()) == state
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    record = state.to_record()
    assert spieltisch.load_record(record) == state


def random_token(rng: random.Random) -> str:
    columns, rows = "abcdefghi", "0123456789"
    return f"{rng.choice(columns)}{rng.choice(rows)}-{rng.choice(columns)}{rng.choice(rows)}"


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_illegal_moves_are_refused_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    game = spieltisch.load("mabula")
    state = game.new_state()
    state.sample_chance(rng)
    while not state.is_terminal():
        legal = set(state.legal_actions())
        illegal_actions = [a for a in range(game.num_actions) if a not in legal]
        candidates: list[int | str] = [random_token(rng) for _ in range(3)]
        if illegal_actions:
            action = rng.choice(illegal_actions)
            candidates += [action, game.action_to_move(action)]
        before = state.clone()
        view = state.view(None)
        for move in candidates:
            if move in legal or move in state.legal_moves():
                continue
            reason = state.explain(move)
            assert reason
            try:
                state.apply(move)
            except IllegalMove as refused:
                assert refused.reason
            else:
                raise AssertionError(f"{move!r} was accepted")
            assert state == before
            assert state.view(None) == view
            assert state.history() == before.history()
        move = rng.choice(state.legal_moves())
        assert state.explain(move) is None
        state.apply(move)


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_clones_are_independent(seed: int) -> None:
    rng = random.Random(seed)
    state = spieltisch.load("mabula").new_state()
    state.sample_chance(rng)
    for _ in range(rng.randrange(20)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    snapshot = (state.history(), state.view(None), state.legal_actions())
    while not copy.is_terminal():
        copy.apply(rng.choice(copy.legal_actions()))
    assert (state.history(), state.view(None), state.legal_actions()) == snapshot
