"""David & Goliath's easy level: the lowest card it may play, except as the last card of a
trick, where it takes what scores most."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents import make
from spieltisch.agents.greedy import PolicyAgent
from spieltisch.core import CHANCE
from spieltisch.games.david_goliath.agent import DavidGoliathKnowledge
from spieltisch.games.david_goliath.rules import (
    COLOUR_MASK,
    COLOUR_OF,
    VALUE_OF,
    DavidGoliath,
    DavidGoliathState,
)


def test_the_easy_level_plays_the_lowest_card_unless_it_completes_the_trick() -> None:
    game = spieltisch.load("david_goliath", players=4)
    assert isinstance(game, DavidGoliath)
    known = DavidGoliathKnowledge(game)
    rng = random.Random(5)
    seen = {"lowest": 0, "last": 0}
    for deal in range(6):
        state = game.new_state()
        assert isinstance(state, DavidGoliathState)
        while not state.is_terminal() and state.deals_finished < 1:
            if state.current_player == CHANCE:
                state.sample_chance(rng)
                continue
            cards = state.legal_actions()
            player = state.current_player
            won = state.won_masks[player]
            draw = random.Random(deal)
            chosen = known.policy_action(state, draw)
            assert chosen in cards
            if len(cards) > 1 and len(state.trick) == 3:
                expected = known.last_card(state.trick, cards, won, random.Random(deal))
                assert chosen == expected
                seen["last"] += 1
            elif len(cards) > 1:
                assert VALUE_OF[chosen] == min(VALUE_OF[card] for card in cards)
                taken = [
                    (won & COLOUR_MASK[COLOUR_OF[card]]).bit_count()
                    for card in cards
                    if VALUE_OF[card] == VALUE_OF[chosen]
                ]
                assert (won & COLOUR_MASK[COLOUR_OF[chosen]]).bit_count() == min(taken)
                seen["lowest"] += 1
            state.apply(rng.choice(cards))
    assert seen["lowest"] > 50 and seen["last"] > 10


def test_the_easy_agent_uses_the_rules_of_thumb_and_the_playouts_stay_random() -> None:
    """The `policy` level asks the game's `policy_action`; the searches' playouts do not."""
    game = spieltisch.load("david_goliath", players=3)
    state = game.new_state()
    rng = random.Random(2)
    state.sample_chance(rng)
    easy = make("easy", game, seed=1)
    lowest = min(VALUE_OF[card] for card in state.legal_actions())
    assert VALUE_OF[game.move_to_action(easy.choose(state))] == lowest
    assert isinstance(game, DavidGoliath) and isinstance(state, DavidGoliathState)
    known = DavidGoliathKnowledge(game)
    values = {VALUE_OF[known.playout_action(state, random.Random(s))] for s in range(40)}
    assert len(values) > 3  # the leader's playout card is drawn at random


def test_the_policy_agent_keeps_the_playout_policy_that_the_kernel_copies() -> None:
    """`policy` is the playout policy (the simulation kernel plays the same); only a level
    that asks for `rules="own"` plays the game's own rules of thumb, and a game without
    them refuses it by name."""
    game = spieltisch.load("david_goliath", players=3)
    state = game.new_state()
    state.sample_chance(random.Random(2))
    chosen = {
        VALUE_OF[game.move_to_action(make("policy", game, seed=s).choose(state))] for s in range(30)
    }
    assert len(chosen) > 3
    own = PolicyAgent(game, seed=1, rules="own")
    assert VALUE_OF[game.move_to_action(own.choose(state))] == min(
        VALUE_OF[card] for card in state.legal_actions()
    )
    with pytest.raises(ValueError, match=r"allowed are playouts$"):
        PolicyAgent(spieltisch.load("mabula"), seed=1, rules="own")
    with pytest.raises(ValueError, match="allowed are playouts, own"):
        PolicyAgent(game, seed=1, rules="lowest")
