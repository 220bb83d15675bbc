"""Random games of Mahé whose moves hypothesis draws: invariants at every node, replay,
hidden information (refusals and clones are the conformance suite's)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core import CHANCE, TERMINAL
from spieltisch.games.mahe.rules import COLOURS, MaheGame, MaheState
from tests.games.drawn import Drawn
from tests.games.mahe.helpers import load


def random_game(seed: int) -> MaheGame:
    rng = random.Random(seed ^ 0x5EED)
    players = rng.randint(2, 7)
    each = rng.choice([None, 1, 2]) if players <= 3 else rng.choice([None, 1])
    return load(
        players=players,
        turtles_per_player=each,
        egg_cards_as_dice=rng.random() < 0.5,
        third_die_at_seven=rng.random() < 0.3,
    )


def step(state: MaheState, rng: random.Random) -> None:
    if state.current_player == CHANCE:
        state.sample_chance(rng)
    else:
        state.apply(rng.choice(state.legal_actions()))


def check_invariants(state: MaheState) -> None:
    game = state.game
    view = state.view(None)
    # cards are conserved: pile (with the face-up card) + box + won + spent = 24
    won = [value for cards in view["cards"] for value in cards]
    assert view["cards_left"] + 4 + len(won) + len(view["spent"]) == 24
    seen = Counter(won) + Counter(view["spent"])
    if view["face_up"] is not None:
        seen[view["face_up"]] += 1
    assert seen + Counter(state.unseen_cards()) == Counter(game.deck_values)
    assert view["beach_open"] == (view["cards_left"] == 0)
    # every turtle is on exactly one field or the raft
    placed = list(view["raft"]) + [t for stack in view["fields"].values() for t in stack]
    assert sorted(placed) == sorted(COLOURS[: game.num_turtles])
    positions = state.positions()
    for field, stack in view["fields"].items():
        assert 1 <= int(field) <= 21 and stack
        assert all(positions[colour] == int(field) for colour in stack)
    assert all(positions[colour] == 0 for colour in view["raft"])
    # scores are the eggs on the won cards, plus the beach
    for player, cards in enumerate(view["cards"]):
        assert cards == sorted(cards)
        assert view["scores"][player] == sum(cards) + (7 if view["beach"] == player else 0)
    # whose turn and who decides
    player = state.current_player
    if player == TERMINAL:
        assert view["turn"] is None and view["beach"] is not None
        return
    turn, moving = view["turn"], view["moving"]
    assert turn is not None and 0 <= turn < game.num_players
    if view["phase"] == "decide":
        assert player == view["controller"] and moving is not None
        top = view["fields"].get(str(positions[moving]), [moving])[-1]
        assert player == view["turtles"][top]
        assert 1 <= len(view["dice"]) <= 2 and sum(view["dice"]) <= 7
        assert state.legal_moves()[:2] == ["roll", "stop"]
    elif view["phase"] == "choose":
        assert player == view["turn"] and game.turtles_each == 2
    else:
        assert player == CHANCE


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_random_games_keep_the_invariants_and_replay(data: st.DataObject) -> None:
    rng = Drawn(data)
    game = random_game(rng.getrandbits(32))
    state = game.new_state()
    steps = 0
    while not state.is_terminal():
        step(state, rng)
        check_invariants(state)
        steps += 1
        assert steps < 50_000
    ranking = state.ranking()
    keys = list(zip(state.scores(), state.card_counts(), strict=True))
    for a in range(game.num_players):
        for b in range(game.num_players):
            assert (ranking[a] < ranking[b]) == (keys[a] > keys[b])
    assert game.replay(state.history()) == state


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_determinize_reshuffles_only_the_unseen_cards(data: st.DataObject) -> None:
    rng = Drawn(data)
    game = random_game(rng.getrandbits(32))
    state = game.new_state()
    target = rng.randrange(1, 400)
    while not state.is_terminal() and len(state.history()) < target:
        step(state, rng)
    for player in range(game.num_players):
        sampled = state.determinize(player, rng)
        assert sampled.view(player) == state.view(player)
        assert sampled.current_player == state.current_player
        assert sorted(sampled.unseen_cards()) == sorted(state.unseen_cards())
        assert game.replay(sampled.history()) == sampled
        assert sampled.history()[1:] == state.history()[1:]
    # the game goes on the same way in the sampled world until a card is taken
    sampled = state.determinize(0, rng)
    for _ in range(30):
        if state.is_terminal() or state.view(None)["phase"] == "setup":
            break
        if state.current_player == CHANCE:
            sampled.apply(state.sample_chance(rng))
        else:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            sampled.apply(action)
        assert state.view(None)["fields"] == sampled.view(None)["fields"]
        if state.view(None)["cards"] != sampled.view(None)["cards"]:
            break


def test_the_unseen_cards_are_shuffled_uniformly_enough() -> None:
    game = load(players=4)
    state = game.new_state()
    state.apply("deck:" + "111222333334444455555666")
    tops: Counter[int] = Counter()
    rng = random.Random(7)
    for _ in range(2000):
        sampled = state.determinize(1, rng)
        assert sampled.view(None)["face_up"] == 2
        tops[int(sampled.history()[0][5 + 5])] += 1  # the card under the face-up one
    # 23 unseen cards: 3 ones, 2 twos, 5 threes, 5 fours, 5 fives, 3 sixes
    for value, count in ((1, 3), (2, 2), (3, 5), (4, 5), (5, 5), (6, 3)):
        assert abs(tops[value] / 2000 - count / 23) < 0.05
