"""Every ruling of GAMES.md, played out (the books' worked examples: test_book_examples.py)."""

from __future__ import annotations

import pytest

from spieltisch.core import CHANCE, IllegalMove
from spieltisch.core.examples import examples
from spieltisch.games.mahe.rules import MaheState
from tests.games.mahe.helpers import (
    BUST,
    TAKE,
    deck,
    deck_for,
    load,
    play,
    scripted_game,
    start,
)


def stack_on_eighteen() -> MaheState:
    """Blue, red, yellow on field 18, red to move: the books' picture (examples.py)."""
    state = examples("mahe")["the-stack"].state("mahe", before=True)
    assert isinstance(state, MaheState)
    return state


# --- the rulings ------------------------------------------------------------------------


def test_a_bust_sends_the_moving_part_to_the_raft_each_on_its_own() -> None:
    state = stack_on_eighteen()
    play(state, "d2", "roll", "d6")  # yellow's owner rolled: 8
    view = state.view(None)
    assert state.stack(18) == ["blue"]  # the turtle below stays
    assert state.positions()["red"] == 0 and state.positions()["yellow"] == 0
    assert {"red", "yellow"} <= set(view["raft"])
    assert "0" not in view["fields"]
    play(state, "d1", "stop")  # yellow moves alone from the raft
    assert state.positions() == {"red": 0, "yellow": 1, "blue": 18, "green": 2}


def test_carrying_takes_only_the_turtles_above() -> None:
    state = stack_on_eighteen()
    play(state, "d1", "stop")
    assert state.stack(18) == ["blue"] and state.stack(19) == ["red", "yellow"]


def test_landing_on_a_stack_goes_on_top_keeping_the_order() -> None:
    state = start(load(players=4))
    play(state, "d2", "stop")  # red 2
    play(state, "d2", "stop")  # yellow on red
    play(state, "d4", "stop")  # blue 4
    play(state, "d4", "stop")  # green on blue
    play(state, "d2", "stop")  # red carries yellow onto blue and green
    assert state.stack(4) == ["blue", "green", "red", "yellow"]
    assert state.stack(2) == []


def test_with_two_turtles_the_player_chooses_which_moves_first() -> None:
    state = start(load(players=2))
    assert state.current_player == 0
    assert state.legal_moves() == ["turtle:red", "turtle:blue"]
    play(state, "turtle:blue")
    view = state.view(None)
    assert view["moving"] == "blue" and view["still_to_move"] == "red"
    play(state, "d1", "stop")
    view = state.view(None)
    assert view["moving"] == "red" and view["turn"] == 0 and view["still_to_move"] is None
    play(state, "d2", "stop")
    assert state.positions() == {"red": 2, "yellow": 0, "blue": 1, "green": 0}
    assert state.current_player == 1
    assert state.legal_moves() == ["turtle:yellow", "turtle:green"]


def test_three_players_move_two_turtles_each() -> None:
    game = load(players=3)
    assert game.turtles_of == ((0, 3), (1, 4), (2, 5))
    state = start(game)
    assert state.legal_moves() == ["turtle:red", "turtle:green"]
    # still a choice when both turtles stand on the raft
    assert state.view(None)["raft"] == ["red", "yellow", "blue", "green", "orange", "purple"]


def test_the_other_turtle_moves_after_a_bust_too() -> None:
    state = start(load(players=2))
    play(state, "turtle:red", *BUST)
    view = state.view(None)
    assert view["turn"] == 0 and view["moving"] == "blue"
    assert state.current_player == CHANCE


def test_seven_with_two_dice_moves_at_once() -> None:
    state = start(load(players=4))
    play(state, "d3", "roll", "d4")
    assert state.positions()["red"] == 14
    assert state.view(None)["moving"] == "yellow"
    reason = state.explain("roll")
    assert reason is not None and "7" in reason


def test_third_die_at_seven_lets_the_controller_roll_or_stop() -> None:
    state = start(load(players=4, third_die_at_seven=True))
    play(state, "d3", "roll", "d4")
    assert state.current_player == 0 and state.legal_moves() == ["roll", "stop"]
    stopped = play(state.clone(), "stop")
    assert stopped.positions()["red"] == 14
    play(state, "roll", "d1")
    assert state.positions()["red"] == 0  # 8: a bust


def test_three_dice_end_the_move() -> None:
    state = start(load(players=4))
    play(state, "d1", "roll", "d1", "roll", "d1")
    assert state.positions()["red"] == 9
    reason = state.explain("roll")
    assert reason is not None and "three" in reason


def two_players_with_cards() -> MaheState:
    """Variant, two players: red holds a 2 under yellow on the beach, yellow's owner a 1."""
    state = start(load(players=2, egg_cards_as_dice=True), deck([2, 1]))
    play(state, "turtle:red", *TAKE)  # red on 21 with the 2 for player 0
    play(state, "d1", "stop")  # blue to 1
    play(state, "turtle:yellow", *TAKE)  # yellow onto red, the 1 for player 1
    play(state, "d2", "stop")  # green to 2
    assert state.stack(21) == ["red", "yellow"]
    assert state.view(None)["cards"] == [[2], [1]]
    return state


def test_the_controller_may_spend_only_own_cards() -> None:
    state = two_players_with_cards()
    play(state, "turtle:red", "d1")
    assert state.current_player == 1  # yellow's owner decides for red
    assert state.legal_moves() == ["roll", "stop", "card:1"]
    reason = state.explain("card:2")
    assert reason is not None and "own cards" in reason
    play(state, "card:1")
    assert state.view(None)["cards"] == [[2], []]


def test_at_most_one_card_per_turn_whoever_plays_it() -> None:
    state = two_players_with_cards()
    play(state, "turtle:red", "d1", "card:1")  # player 1 spends a card in player 0's turn
    assert state.legal_moves() == ["roll", "stop"]
    play(state, "stop")  # (1 + 1) × 2 = 4: red and yellow to field 4
    assert state.stack(4) == ["red", "yellow"]
    play(state, "d1")  # blue: player 0 decides and holds the 2, but a card was played
    assert state.current_player == 0 and state.legal_moves() == ["roll", "stop"]
    reason = state.explain("card:2")
    assert reason is not None and "one egg card" in reason
    play(state, "stop")  # blue to 2, onto green
    play(state, "turtle:green", "d1")  # player 1's turn: a card is allowed again,
    assert state.current_player == 0  # and blue's owner decides for green
    assert state.legal_moves() == ["roll", "stop", "card:2"]


def test_a_card_cannot_take_the_sum_above_seven() -> None:
    state = two_players_with_cards()
    play(state, "turtle:blue", "d6")
    assert state.legal_moves() == ["roll", "stop"]
    reason = state.explain("card:2")
    assert reason is not None and "8" in reason and "above 7" in reason
    reason = state.explain("card:5")
    assert reason is not None and "no card with 5" in reason


def test_cards_as_dice_need_the_option() -> None:
    state = start(load(players=4))
    play(state, *TAKE)
    play(state, "d1", "stop", "d1", "stop", "d1", "stop", "d1")
    reason = state.explain("card:1")
    assert reason is not None and "egg_cards_as_dice" in reason


def test_a_card_as_second_die_still_allows_a_third_die() -> None:
    state = two_players_with_cards()
    play(state, "turtle:blue", "d1", "card:2")
    view = state.view(None)
    assert view["dice"] == [1, 2] and view["card_die"] == 1
    assert state.legal_moves() == ["roll", "stop"]
    play(state, "roll", "d3")  # 6 × 3 = 18 from field 1
    assert state.positions()["blue"] == 19


def test_the_beach_ends_the_game_at_once() -> None:
    game = load(players=2)
    state, _ = scripted_game(game, deck([]), [10, 10], 0, until_beach=True)
    assert state.view(None)["beach_open"] and state.view(None)["face_up"] is None
    # bring the game to player 0's choice with red on the raft
    while not (state.current_player == 0 and state.positions()["red"] == 0):
        if state.current_player == CHANCE:
            play(state, *BUST)
        else:
            play(state, state.legal_moves()[0])
    blue = state.positions()["blue"]
    play(state, "turtle:red", *TAKE)
    assert state.is_terminal()
    view = state.view(None)
    assert view["beach"] == 0 and view["turn"] is None and view["still_to_move"] is None
    assert state.positions()["blue"] == blue  # the other turtle does not move any more
    assert state.scores()[0] == sum(view["cards"][0]) + 7
    with pytest.raises(IllegalMove):
        state.apply("d1")


def test_equal_eggs_and_cards_share_the_place() -> None:
    values = [1] * 19 + [3, 4, 4, 5, 5]
    game = load(players=6, deck=values)
    hands = [[3, 4], [4, 5, 5], [1] * 4, [1] * 4, [1] * 4, [1] * 3]
    wants = [len(hand) for hand in hands]
    plain = deck([], values=values)
    _, takers = scripted_game(game, plain, wants, beach_player=0)
    final, _ = scripted_game(game, deck_for(takers, hands, [1] * 4, values), wants, 0)
    assert final.scores() == [14.0, 14.0, 4.0, 4.0, 4.0, 3.0]
    assert final.card_counts() == [3, 3, 4, 4, 4, 3]
    assert final.ranking() == [1, 1, 3, 3, 3, 6]
    returns = final.returns()
    assert returns[0] == returns[1] > returns[2]


def test_eggs_decide_before_cards() -> None:
    game = load(players=2, turtles_per_player=1)
    hands = [[6, 6, 6], [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5]]
    wants = [len(hand) for hand in hands]
    _, takers = scripted_game(game, deck([]), wants, beach_player=1)
    final, _ = scripted_game(game, deck_for(takers, hands, [5, 5, 5, 5]), wants, 1)
    assert final.scores() == [18.0, 56.0]
    assert final.ranking() == [2, 1]


def test_the_choice_of_turtle_explains_its_refusals() -> None:
    state = start(load(players=3))
    reason = state.explain("roll")
    assert reason == "first choose which of your turtles moves first: turtle:red or turtle:green"
    assert state.explain("turtle:yellow") == "the yellow turtle belongs to player 2"
    assert state.explain("turtle:white") == "there is no white turtle in this game"
    assert state.explain("turtle:green") is None
    play(state, "turtle:green", "d1")
    reason = state.explain("turtle:red")
    assert reason is not None and "green turtle is moving" in reason
    single = start(load(players=4))
    play(single, "d1")
    reason = single.explain("turtle:red")
    assert reason is not None and "one turtle" in reason
