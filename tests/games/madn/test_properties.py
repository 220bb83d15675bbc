"""Hypothesis properties over random games of every mode and player count, the moves
drawn by hypothesis (refusals and clones are the conformance suite's)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core import CHANCE, TERMINAL
from spieltisch.games.madn.rules import COLOURS, Madn, MadnState
from tests.games.drawn import Drawn
from tests.games.madn.helpers import start
from tests.games.madn.reference import duties

MODES = st.sampled_from(
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "duties": "penalized"},
        {"players": 3, "duties": "penalized"},
        {"players": 2, "rules": "openspiel"},
        {"players": 4, "rules": "openspiel"},
        {"players": 4, "max_rounds": 25},
    ]
)


def check_position(state: MadnState) -> None:
    """16 pieces at most, four per colour, each on one square; one piece per field."""
    view = state.view(None)
    pieces = view["pieces"]
    assert len(pieces) == state.game.num_players
    track: list[str] = []
    for squares in pieces.values():
        assert len(squares) == 4
        goal = [s for s in squares if s.startswith("g")]
        assert len(goal) == len(set(goal)), "two own pieces on one goal field"
        track += [s for s in squares if s != "b" and not s.startswith("g")]
    assert len(track) == len(set(track)), "two pieces on one track field"
    assert all(1 <= int(s) <= 40 for s in track)
    finished = view["finished"]
    for player in finished:
        colour = list(pieces)[player]
        assert sorted(pieces[colour]) == ["g1", "g2", "g3", "g4"]
    if state.current_player >= 0:
        assert view["turn"] == state.current_player
        assert state.current_player not in finished


def actions(game: Madn, moves: list[str]) -> list[int]:
    return sorted(game.move_to_action(move) for move in moves)


def in_action_order(game: Madn, moves: list[str]) -> list[str]:
    return [game.action_to_move(action) for action in actions(game, moves)]


def penalised(squares: list[str], penalty: str | None) -> list[str]:
    """A colour's squares after a void move: unchanged, but for the piece sent home."""
    if penalty is None:
        return squares
    rest = squares.copy()
    rest[rest.index(penalty)] = "b"
    return rest


def play_random(state: MadnState, rng: random.Random, time_at: int | None = None) -> int:
    """Play to the end with random moves, checking every node and every roll's duties
    against the independent reference; returns the node count."""
    game = state.game
    steps = 0
    while not state.is_terminal():
        check_position(state)
        if steps == time_at:
            state.apply("time")
        player = state.current_player
        if player == CHANCE:
            state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            expected = duties(state)
            if game.options.duties == "enforced":
                assert state.legal_moves() == in_action_order(game, expected.obliged)
                state.apply(rng.choice(legal))
            else:
                assert state.legal_moves() == [*in_action_order(game, expected.allowed), "pass"]
                assert list(state.obliged_moves) == actions(game, expected.obliged)
                move = game.action_to_move(rng.choice(legal))
                colour = COLOURS[game.colours[player]]
                before = state.view(None)["pieces"][colour]
                state.apply(move)
                after = state.view(None)["pieces"][colour]
                if move not in expected.obliged:  # void, and the penalty of rules 6 and 12
                    assert sorted(after) == sorted(penalised(before, expected.penalty))
        steps += 1
        assert steps < 20_000
    check_position(state)
    return steps


@settings(max_examples=100, deadline=None)
@given(data=st.data(), options=MODES)
def test_random_games_keep_the_invariants_and_replay(
    data: st.DataObject, options: dict[str, int]
) -> None:
    rng = Drawn(data)
    state = start(**options)
    time_at = rng.randrange(0, 600) if rng.random() < 0.3 else None
    play_random(state, rng, time_at)
    assert state.current_player == TERMINAL and state.view(None)["turn"] is None
    places = state.ranking()
    n = state.game.num_players
    finished = state.view(None)["finished"]
    if state.game.options.rules == "tournament":
        assert sorted(places) == list(range(1, n + 1))  # lots break every tie
    else:
        assert sorted(places) == [1] + [2] * (n - 1) or state.time_called
    if finished:
        assert places[finished[0]] == 1
    replayed = state.game.replay(state.history())
    assert replayed == state
    assert replayed.view(None) == state.view(None)
    assert replayed.ranking() == places


def test_dice_are_fair() -> None:
    rng = random.Random(7)
    counts: Counter[str] = Counter()
    state = start(players=4)
    for _ in range(30_000):
        if state.is_terminal():
            state = start(players=4)
        if state.current_player == CHANCE:
            counts[state.sample_chance(rng)] += 1
        else:
            state.apply(rng.choice(state.legal_actions()))
    total = sum(counts.values())
    assert set(counts) == {f"d{i}" for i in range(1, 7)}
    assert all(abs(count / total - 1 / 6) < 0.01 for count in counts.values())
