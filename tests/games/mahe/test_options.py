"""Options of Mahé: defaults, the automatic number of turtles, the deck, bad values."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.core import CHANCE, IllegalMove, LargeChanceNode, OptionError
from spieltisch.games.mahe.rules import STANDARD_DECK, MaheOptions
from tests.games.mahe.helpers import deck, load, play, start


def test_defaults() -> None:
    game = load()
    options = game.options
    assert isinstance(options, MaheOptions)
    assert options.players == 4
    assert options.turtles_per_player is None
    assert options.egg_cards_as_dice is False
    assert options.third_die_at_seven is False
    assert options.deck is None
    assert game.deck_values == STANDARD_DECK
    assert sorted(STANDARD_DECK) == [1] * 3 + [2] * 3 + [3] * 5 + [4] * 5 + [5] * 5 + [6] * 3
    assert game.num_actions == 18


def test_info_lists_every_option() -> None:
    info = next(info for info in spieltisch.games() if info.name == "mahe")
    assert info.players == (2, 7)
    names = [option.name for option in info.options]
    assert names == [
        "players",
        "turtles_per_player",
        "egg_cards_as_dice",
        "third_die_at_seven",
        "deck",
    ]
    assert all(option.description for option in info.options)


@pytest.mark.parametrize(
    ("players", "each", "turtles"), [(2, 2, 4), (3, 2, 6), (4, 1, 4), (5, 1, 5), (7, 1, 7)]
)
def test_turtles_per_player_is_automatic(players: int, each: int, turtles: int) -> None:
    game = load(players=players)
    assert game.turtles_each == each and game.num_turtles == turtles
    assert list(start(game).view(None)["turtles"].values()) == [t % players for t in range(turtles)]


def test_turtles_per_player_overrides() -> None:
    game = load(players=2, turtles_per_player=1)
    state = start(game)
    assert state.current_player == CHANCE  # no choice of turtle: red's die is rolled
    assert state.view(None)["turtles"] == {"red": 0, "yellow": 1}
    game = load(players=3, turtles_per_player="auto")  # the documented word
    assert game.num_turtles == 6
    game = load(players=4, turtles_per_player=None)
    assert game.num_turtles == 4


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"players": 1}, "players"),
        ({"players": 8}, "players"),
        ({"players": 4, "turtles_per_player": 2}, "turtles_per_player"),
        ({"players": 7, "turtles_per_player": 2}, "turtles_per_player"),
        ({"turtles_per_player": 3}, "turtles_per_player"),
        ({"turtles_per_player": 0}, "turtles_per_player"),
        ({"deck": [1] * 23}, "deck"),
        ({"deck": [1] * 25}, "deck"),
        ({"deck": [0] + [1] * 23}, "deck"),
        ({"deck": [10] + [1] * 23}, "deck"),
        ({"deck": "12x"}, "deck"),
        ({"deck": "1" * 24}, "deck"),  # text is the command line's form, not the API's
        ({"turtles_per_player": "1"}, "turtles_per_player"),
        ({"turtles_per_player": "none"}, "turtles_per_player"),
        ({"egg_cards_as_dice": 1}, "egg_cards_as_dice"),
        ({"players": 4.0}, "players"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], option: str) -> None:
    with pytest.raises(OptionError) as refused:
        load(**options)
    assert refused.value.option == option
    assert refused.value.game == "mahe"


def test_three_players_with_two_turtles_fit() -> None:
    assert load(players=3, turtles_per_player=2).num_turtles == 6


def test_a_deck_of_its_own() -> None:
    values = [9] * 4 + [6] * 20
    game = load(players=4, deck=values)
    assert game.deck_values == tuple(values)
    state = game.new_state()
    with pytest.raises(IllegalMove):
        state.apply(deck([]))  # the standard deck is not this game's deck
    state.apply("deck:" + "9999" + "6" * 20)
    assert state.view(None)["face_up"] == 6


def test_the_deck_option_written_as_text() -> None:
    def from_text(text: str) -> tuple[int, ...]:
        return load(**MaheOptions.values_from_text({"deck": text})).deck_values

    assert from_text("9" * 24) == (9,) * 24
    assert from_text(",".join(["2"] * 24)) == (2,) * 24
    assert from_text(" ".join(["3"] * 24)) == (3,) * 24
    assert from_text("none") == STANDARD_DECK


def test_the_set_up_is_a_large_chance_node_of_24_digits() -> None:
    state = load().new_state()
    assert state.current_player == CHANCE
    with pytest.raises(LargeChanceNode):
        state.chance_outcomes()
    before = state.clone()
    for bad in ("deck:", "deck:123", "deck:" + "0" * 24, "d3", "deck:" + "1" * 24, "roll"):
        with pytest.raises(IllegalMove):
            state.apply(bad)
        assert state == before
    reason = state.explain("deck:" + "1" * 24)
    assert reason is not None and "111222333334444455555666" in reason
    token = state.clone().sample_chance(random.Random(3))
    assert token.startswith("deck:") and sorted(token[5:]) == sorted("111222333334444455555666")


def test_the_dice_are_six_equal_outcomes() -> None:
    state = start(load())
    outcomes = state.chance_outcomes()
    assert [token for token, _ in outcomes] == ["d1", "d2", "d3", "d4", "d5", "d6"]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    before = state.clone()
    for bad in ("d0", "d7", "deck:" + "1" * 24, "6", "roll", "stop", "turtle:red", "card:2"):
        with pytest.raises(IllegalMove):
            state.apply(bad)
        assert state == before
    reason = state.explain("roll")
    assert reason is not None and "first die" in reason
    play(state, "d2", "roll")
    reason = state.explain("stop")
    assert reason is not None and "d1 to d6" in reason


def test_moves_map_to_fixed_actions() -> None:
    game = load(players=2)
    moves = [game.action_to_move(a) for a in range(game.num_actions)]
    assert moves[:7] == [
        "turtle:red",
        "turtle:yellow",
        "turtle:blue",
        "turtle:green",
        "turtle:orange",
        "turtle:purple",
        "turtle:white",
    ]
    assert moves[7:9] == ["roll", "stop"]
    assert moves[9:] == [f"card:{v}" for v in range(1, 10)]
    assert all(game.move_to_action(m) == a for a, m in enumerate(moves))
    assert load(players=7).move_to_action("card:9") == 17
    with pytest.raises(KeyError):
        game.move_to_action("d3")


def test_sampled_dice_are_fair_and_recorded() -> None:
    rng = random.Random(5)
    counts: dict[str, int] = {}
    for _ in range(600):
        state = start(load())
        token = state.sample_chance(rng)
        counts[token] = counts.get(token, 0) + 1
        assert state.history()[-1] == token
        assert state == play(start(load()), token)
    assert sorted(counts) == ["d1", "d2", "d3", "d4", "d5", "d6"]
    assert all(60 <= count <= 140 for count in counts.values())
