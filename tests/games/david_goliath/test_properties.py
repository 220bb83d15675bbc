"""Properties of random David & Goliath games whose moves hypothesis draws (and shrinks)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.games.david_goliath import DavidGoliathState
from tests.games.david_goliath.helpers import deck
from tests.games.drawn import Drawn


def new_game(rng: random.Random) -> DavidGoliathState:
    players = rng.randint(3, 6)
    state = spieltisch.load("david_goliath", players=players, deals=rng.choice([1, 2])).new_state()
    assert isinstance(state, DavidGoliathState)
    return state


def direct_points(pile: list[str]) -> int:
    """The book's scoring, written out once more: per colour, 1-2 cards at value, else 1."""
    total = 0
    for colour in "rygbp":
        values = [int(card[1:]) for card in pile if card[0] == colour]
        total += sum(values) if len(values) <= 2 else len(values)
    return total


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_every_card_is_in_exactly_one_place_and_deals_score_by_direct_count(
    data: st.DataObject,
) -> None:
    rng = Drawn(data)
    state = new_game(rng)
    n = state.game.num_players
    full = sorted(deck(n))
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            finished = len(state.deal_scores())
            state.apply(rng.choice(state.legal_actions()))
            if len(state.deal_scores()) > finished:
                view = state.view(None)
                assert view["deal_scores"][-1] == [direct_points(pile) for pile in view["won"]]
        view = state.view(None)
        places = [card for _, card in view["trick"]]
        places += [card for pile in view["won"] for card in pile]
        places += [card for p in range(n) for card in state.view(p)["hand"]]
        assert sorted(places) == full
        assert view["hand_sizes"] == [len(state.view(p)["hand"]) for p in range(n)]
    totals = [sum(deal[p] for deal in state.deal_scores()) for p in range(n)]
    assert state.scores() == [float(t) for t in totals]


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_determinize_keeps_the_view_and_every_void(data: st.DataObject) -> None:
    rng = Drawn(data)
    state = new_game(rng)
    n = state.game.num_players
    voids: list[set[str]] = [set() for _ in range(n)]
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            voids = [set() for _ in range(n)]
            continue
        trick = state.view(None)["trick"]
        move = rng.choice(state.legal_moves())
        led = str(trick[0][1])[0] if trick else None
        if led is not None and move[0] != led:
            voids[state.current_player].add(led)
        state.apply(move)
        if rng.random() < 0.15 and not state.is_terminal():
            seat = rng.choice([None, *range(n)])
            sampled = state.determinize(seat, rng)
            assert sampled.current_player == state.current_player
            assert sampled.view(None) == state.view(None)
            if seat is not None:
                assert sampled.view(seat) == state.view(seat)
            for q in range(n):
                hand = sampled.view(q)["hand"]
                assert not any(card[0] in voids[q] for card in hand), (q, voids[q], hand)
            assert sampled.game.replay(sampled.history()) == sampled
            assert bool(sampled.legal_actions()) == (state.current_player >= 0)
