"""A seat's review uses only what that seat could see: other hands, the same view
history, the same review."""

from __future__ import annotations

import random

import spieltisch
from spieltisch.agents import Budget
from spieltisch.core import CHANCE, State
from spieltisch.review import ReviewFile, review_game
from spieltisch.sim.play import play_randomly


def _cards(hand: str) -> list[str]:
    return hand.split(",")


def _swap_unplayed(deal: str, played: set[str], seat: int) -> str:
    """The deal with one card of each colour swapped between the two other hands, where
    both cards are of one colour (so every play stays legal) and neither was played."""
    hands = [_cards(hand) for hand in deal.removeprefix("deal:").split("/")]
    first, second = [p for p in range(len(hands)) if p != seat][:2]
    for card in hands[first]:
        if card in played:
            continue
        for other in hands[second]:
            if other[0] == card[0] and other not in played:
                hands[first][hands[first].index(card)] = other
                hands[second][hands[second].index(other)] = card
                return "deal:" + "/".join(",".join(sorted(hand)) for hand in hands)
    raise AssertionError("no two unplayed cards of one colour to swap")


def _seat_decisions(state: State, seat: int) -> list[int]:
    replayed = state.game.new_state()
    found = []
    for index, move in enumerate(state.history()):
        if replayed.current_player == seat and len(replayed.legal_actions()) > 1:
            found.append(index)
        replayed.apply(move)
    return found


def _analyses(review: ReviewFile) -> list[object]:
    return [(step.index, step.analysis) for step in review.decisions()]


def test_david_goliath_other_hands_do_not_change_a_seats_review() -> None:
    game = spieltisch.load("david_goliath", players=4, deals=1)
    state = game.new_state()
    state.sample_chance(random.Random(3))
    play_randomly(state, random.Random(4), steps=24)  # six tricks
    history = state.history()
    played = set(history[1:])
    other_deal = _swap_unplayed(history[0], played, seat=2)
    assert other_deal != history[0]
    twin = game.replay([other_deal, *history[1:]])
    assert [twin.view(2)] == [state.view(2)]
    assert twin.view(1) != state.view(1)  # the hands differ, seat 2 cannot tell
    steps = _seat_decisions(state, 2)
    assert len(steps) >= 4
    budget = Budget(iterations=150)
    mine = review_game(state.to_record(), seats=[2], budget=budget, seed=5, only=steps)
    theirs = review_game(twin.to_record(), seats=[2], budget=budget, seed=5, only=steps)
    assert len(mine.decisions()) == len(steps)
    assert _analyses(mine) == _analyses(theirs)


def test_mahe_unseen_cards_do_not_change_the_review() -> None:
    game = spieltisch.load("mahe", players=3)
    state = game.new_state()
    state.sample_chance(random.Random(8))
    rng = random.Random(9)
    while len(state.history()) < 60 and not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    history = state.history()
    deck = history[0].removeprefix("deck:")
    boxed = sorted(set(deck[:4]))
    assert len(boxed) >= 2, "the box needs two different cards to swap"
    a, b = deck.index(boxed[0]), deck.index(boxed[1])
    swapped = list(deck)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    twin = game.replay(["deck:" + "".join(swapped), *history[1:]])
    assert all(twin.view(p) == state.view(p) for p in range(3))
    mine = review_game(state.to_record(), seed=2)
    theirs = review_game(twin.to_record(), seed=2)
    assert mine.decisions() and _analyses(mine) == _analyses(theirs)
