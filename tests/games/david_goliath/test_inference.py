"""Where the unseen cards are: the public plays of the deal read back, worlds drawn by the
model's scores, and nothing in them the seat could not know (issue 49)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.agents import Budget, NoDecision
from spieltisch.agents.ismcts import ISMCTSAgent
from spieltisch.core import CHANCE
from spieltisch.games.david_goliath import DavidGoliathState
from spieltisch.games.david_goliath.inference import (
    InferredSampler,
    Play,
    card_scores,
    deal_plays,
    inferred_world,
    log_scores,
)
from spieltisch.games.david_goliath.rules import BIT
from spieltisch.sim.duplicate import build_entrant
from tests.games.david_goliath.helpers import play_random

Sampler = Callable[[DavidGoliathState, int, random.Random], DavidGoliathState]


def position(seed: int, players: int = 4, moves: int = 30) -> DavidGoliathState:
    """A decision some way into a game (the second deal when `moves` is large)."""
    state = spieltisch.load("david_goliath", players=players, deals=2).new_state()
    assert isinstance(state, DavidGoliathState)
    rng = random.Random(seed)
    for _ in range(moves):
        before = state.clone()
        play_random(state, rng, 1)
        if state.is_terminal():
            state = before
            break
    while state.current_player == CHANCE:
        play_random(state, rng, 1)
    return state


def world_of(world: DavidGoliathState) -> tuple[object, ...]:
    return (tuple(world.hand_masks), world.history())


def worlds_agree(sampler: Callable[[], Sampler], state: DavidGoliathState, seed: int) -> bool:
    """Whether a position and another the seat to move cannot tell apart (the unseen
    cards dealt anew among the others) give the same worlds for the same random numbers
    (`sampler` makes a fresh sampler: one for each position)."""
    seat = state.current_player
    twin = state.determinize(seat, random.Random(seed + 1))
    mine, theirs = sampler(), sampler()
    rng_mine, rng_theirs = random.Random(seed), random.Random(seed)
    for _draw in range(6):
        if world_of(mine(state, seat, rng_mine)) != world_of(theirs(twin, seat, rng_theirs)):
            return False
    return True


def test_the_plays_of_the_deal_are_read_back_as_they_were_made() -> None:
    state = spieltisch.load("david_goliath", players=4, deals=2).new_state()
    assert isinstance(state, DavidGoliathState)
    rng = random.Random(4)
    made: list[Play] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            made = []
            continue
        card = rng.choice(state.legal_actions())
        led = state.led_colour
        made.append(Play(state.current_player, card, led))
        state.apply(card)
        if state.current_player >= 0:
            assert deal_plays(state) == made


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 6), st.integers(0, 110))
def test_positions_the_seat_cannot_tell_apart_give_the_same_worlds(
    seed: int, players: int, moves: int
) -> None:
    state = position(seed, players, moves)
    seat = state.current_player
    twin = state.determinize(seat, random.Random(seed + 1))
    assert twin.view(seat) == state.view(seat)
    assert card_scores(twin, seat) == card_scores(state, seat)
    assert worlds_agree(lambda: inferred_world, state, seed)
    assert worlds_agree(InferredSampler, state, seed)


def leaky(state: DavidGoliathState, player: int, rng: random.Random) -> DavidGoliathState:
    """A planted leak: the scores favour the cards the others really hold."""
    scores = card_scores(state, player)
    for q, cards in scores.items():
        hand = state.hand_masks[q]
        for card in range(90):
            if hand & BIT[card]:
                cards[card] = cards.get(card, 0.0) + 3.0
    return inferred_world(state, player, rng, scores=scores)


def test_the_property_catches_a_planted_leak() -> None:
    caught = sum(not worlds_agree(lambda: leaky, position(seed, 4, 24), seed) for seed in range(8))
    assert caught >= 6


def test_a_world_keeps_what_the_seat_sees_and_the_voids() -> None:
    state = position(7, 4, 40)
    seat = state.current_player
    for draw in range(5):
        world = inferred_world(state, seat, random.Random(draw))
        assert world.view(seat) == state.view(seat)
        for q in range(4):
            assert world.hand_masks[q].bit_count() == state.hand_masks[q].bit_count()
            assert world.voids(q) == state.voids(q)
            for colour in state.voids(q):
                assert not any(world.hand_masks[q] & BIT[colour * 18 + v] for v in range(18)), (
                    "a void colour dealt"
                )


def test_the_shipped_model_scores_every_bucket() -> None:
    scores = log_scores()
    assert len(scores) == 36 and any(scores)
    assert all(abs(score) < 5 for score in scores)


def test_is_mcts_deals_its_worlds_by_the_inferred_sampler() -> None:
    state = position(3, 4, 20)
    agent = ISMCTSAgent(state.game, seed=1, budget=Budget(iterations=40), sampler="inferred")
    assert agent.sampler_name == "inferred"
    chosen = agent.choose(state)
    assert chosen in state.legal_moves()
    again = ISMCTSAgent(state.game, seed=1, budget=Budget(iterations=40), sampler="inferred")
    assert again.choose(state) == chosen
    with pytest.raises(NoDecision):
        agent.choose(spieltisch.load("david_goliath", players=4).new_state())
    entrant = build_entrant("hard@inferred:30", state.game, seed=2)
    assert isinstance(entrant, ISMCTSAgent) and entrant.sampler is not None
    with pytest.raises(ValueError, match="no sampler 'psychic'"):
        ISMCTSAgent(state.game, sampler="psychic")
    with pytest.raises(ValueError, match="no sampler"):
        ISMCTSAgent(spieltisch.load("mahe"), sampler="inferred")
