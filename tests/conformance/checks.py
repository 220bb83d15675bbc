"""Checks every registered game must pass, written as functions so tests can aim them
at deliberately broken toy games too (tests/conformance/test_checks_fire.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import spieltisch
from spieltisch.core import CHANCE, TERMINAL, Game, IllegalMove, LargeChanceNode, State
from spieltisch.sim import play_randomly

GARBAGE_MOVES: tuple[Any, ...] = ("not-a-move", "", -1, 10**9, 2.5, None, True)


def play_checked_game(game: Game[Any], seed: int, deep_every: int = 10) -> State:
    """Play one random game, checking the protocol at every node; return the final state.

    Cheap checks run at every node; refusals, views, clones, replay and hidden
    information every `deep_every` nodes early on and every `5 * deep_every` later
    (replay is linear in the history, so long games would be quadratic otherwise);
    records at the end.
    """
    rng = random.Random(seed)
    state = game.new_state()
    step = 0
    while not state.is_terminal():
        player = state.current_player
        assert player == CHANCE or 0 <= player < game.num_players, player
        if step % deep_every == 0 and (step < 10 * deep_every or step % (5 * deep_every) == 0):
            check_refusals(state, rng)
            check_views(state)
            check_clone_independent(state, rng)
            check_replay(state)
            check_hidden_information(state, rng)
        if player == CHANCE:
            check_chance_node(state)
            state.sample_chance(rng)
        else:
            check_decision_node(state, rng)
            state.apply(rng.choice(state.legal_actions()))
        step += 1
        assert step < 100_000, "game does not end"
    check_terminal(state)
    check_replay(state)
    check_record_round_trip(state)
    check_hidden_information(state, rng)
    return state


def check_decision_node(state: State, rng: random.Random) -> None:
    game = state.game
    actions = state.legal_actions()
    moves = state.legal_moves()
    assert actions, "a decision node without legal moves"
    assert actions == sorted(set(actions)), "legal_actions must be ascending and unique"
    assert all(0 <= a < game.num_actions for a in actions), "action outside num_actions"
    assert moves == [game.action_to_move(a) for a in actions], "legal_moves != legal_actions"
    assert [game.move_to_action(m) for m in moves] == actions, "notation does not round-trip"
    for move in moves:
        assert move == move.lower() and " " not in move, f"bad notation token {move!r}"
    move = rng.choice(moves)
    assert state.explain(move) is None, f"explain() refuses the legal move {move!r}"


def check_chance_node(state: State) -> None:
    try:
        outcomes = state.chance_outcomes()
    except LargeChanceNode:
        return
    assert outcomes, "a chance node without outcomes"
    tokens = [token for token, _ in outcomes]
    assert len(set(tokens)) == len(tokens), "duplicate chance outcomes"
    assert all(p > 0 for _, p in outcomes), "a chance outcome with probability <= 0"
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, "chance probabilities do not sum to 1"


def check_refusals(state: State, rng: random.Random) -> None:
    """Illegal moves raise IllegalMove with a reason and change nothing."""
    before = state.clone()
    views = [state.view(p) for p in [None, *range(state.game.num_players)]]
    candidates: list[Any] = list(GARBAGE_MOVES)
    if state.current_player >= 0:
        legal = set(state.legal_actions())
        illegal = [a for a in range(state.game.num_actions) if a not in legal]
        if illegal:
            action = rng.choice(illegal)
            candidates += [action, state.game.action_to_move(action)]
    elif state.current_player == CHANCE:
        candidates += ["d0", "deal:", "setup:", "deck:"]
    for move in candidates:
        try:
            state.apply(move)
        except IllegalMove as refused:
            assert refused.reason, f"IllegalMove for {move!r} without a reason"
        else:
            raise AssertionError(f"illegal move {move!r} was accepted")
        reason = state.explain(move)
        assert isinstance(reason, str) and reason, f"explain({move!r}) gives no reason"
    assert state == before, "a refused move changed the state"
    after = [state.view(p) for p in [None, *range(state.game.num_players)]]
    assert after == views, "a refused move changed a view"


def check_views(state: State) -> None:
    players = state.game.num_players
    for seat in [None, *range(players)]:
        json.dumps(state.view(seat))
    turn = state.turn
    if state.is_terminal():
        assert turn is None, "state.turn is None once the game is over"
    else:
        assert turn is None or 0 <= turn < players, f"state.turn is {turn!r}"
    if state.current_player >= 0:
        assert turn is not None, "state.turn is None at a decision node"


def check_clone_independent(state: State, rng: random.Random) -> None:
    # Compared by what the state shows, not with another clone, which could share too.
    before = [state.view(p) for p in [None, *range(state.game.num_players)]]
    history = state.history()
    copy = state.clone()
    assert copy == state
    play_randomly(copy, rng, steps=5)
    after = [state.view(p) for p in [None, *range(state.game.num_players)]]
    assert after == before, "changing a clone changed the original"
    assert state.history() == history


def check_replay(state: State) -> None:
    rebuilt = state.game.replay(state.history())
    assert rebuilt == state, "replay(history()) does not rebuild an equal state"
    assert rebuilt.view(None) == state.view(None)
    assert rebuilt.legal_actions() == state.legal_actions()
    assert state.game.replay(state.action_history()) == state, "int actions do not replay"


def check_record_round_trip(state: State) -> None:
    record = state.to_record()
    text = json.dumps(record)
    loaded = spieltisch.load_record(text)
    assert loaded == state, "a record does not round-trip"
    assert loaded.to_record() == record


def check_hidden_information(state: State, rng: random.Random) -> None:
    """view(p) is the same in every full state consistent with what p has seen; in a
    game without hidden information every seat's view is the spectator's (the server
    draws one board for all of them)."""
    if not state.game.hidden_information:
        spectator = state.view(None)
        for seat in range(state.game.num_players):
            assert state.view(seat) == spectator, f"view({seat}) differs from a spectator's"
    for seat in range(state.game.num_players):
        for attempt in range(2):
            sampled = state.determinize(seat, rng)
            assert sampled.view(seat) == state.view(seat), (
                f"view({seat}) differs in a state that differs only in what seat {seat} cannot see"
            )
            assert sampled.current_player == state.current_player
            if seat == attempt == 0:
                assert sampled.game.replay(sampled.history()) == sampled, "determinized history"


def check_terminal(state: State) -> None:
    n = state.game.num_players
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.legal_actions() == [] and state.legal_moves() == []
    scores = state.scores()
    assert len(scores) == n
    places = state.ranking()
    assert len(places) == n and all(1 <= p <= n for p in places), f"bad ranking {places}"
    for place in places:
        assert sum(1 for other in places if other < place) == place - 1, f"bad ranking {places}"
    returns = state.returns()
    assert len(returns) == n and all(-1.0 <= r <= 1.0 for r in returns)
    assert abs(sum(returns)) < 1e-9, "returns of a ranking sum to zero"
    best = min(places)
    assert all(r == max(returns) for r, p in zip(returns, places, strict=True) if p == best)
    try:
        state.apply(0)
    except IllegalMove:
        pass
    else:
        raise AssertionError("a move after the end was accepted")
