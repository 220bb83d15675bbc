"""Scenario tests: the worked examples and rulings of David & Goliath."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import spieltisch
from spieltisch.core import (
    CHANCE,
    TERMINAL,
    IllegalMove,
    LargeChanceNode,
    OptionError,
    SpieltischError,
)
from spieltisch.core.i18n import language
from spieltisch.games.david_goliath import DavidGoliath, DavidGoliathState
from spieltisch.games.david_goliath.rules import (
    CARD_NAMES,
    _deal_sequential,
    deal_constrained,
    pile_points,
)
from tests.games.david_goliath.helpers import dealt, deck, make_deal, play_random

# -- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "top"), [(3, 9), (4, 12), (5, 15), (6, 18)])
def test_each_player_count_deals_its_range_in_hands_of_15(players: int, top: int) -> None:
    game = spieltisch.load("david_goliath", players=players)
    assert isinstance(game, DavidGoliath)
    state = game.new_state()
    assert state.current_player == CHANCE
    token = state.sample_chance(random.Random(players))
    assert token.startswith("deal:")
    view = state.view(None)
    assert view["hand_sizes"] == [15] * players
    hands = [state.view(p)["hand"] for p in range(players)]
    everything = sorted(card for hand in hands for card in hand)
    assert everything == sorted(deck(players))
    assert len(everything) == 5 * top == 15 * players
    assert f"r{top}" in everything and f"r{top + 1}" not in everything
    assert state.history() == [token]
    assert hands == [part.split(",") for part in token.removeprefix("deal:").split("/")]


def test_a_deal_is_a_large_chance_node() -> None:
    state = spieltisch.load("david_goliath", players=3).new_state()
    with pytest.raises(LargeChanceNode):
        state.chance_outcomes()


def test_sampled_deals_look_uniform() -> None:
    """Each seat gets a given card about 1/n of the time."""
    game = spieltisch.load("david_goliath", players=4)
    rng = random.Random(7)
    counts = [0] * 4
    for _ in range(400):
        state = game.new_state()
        assert isinstance(state, DavidGoliathState)
        state.sample_chance(rng)
        for p in range(4):
            counts[p] += "g7" in state.view(p)["hand"]
    assert all(60 < c < 140 for c in counts), counts


@pytest.mark.parametrize(
    ("outcome", "reason"),
    [
        ("d3", "deal:<hand 0>"),
        ("deal:", "a deal has 3 hands"),
        ("deal:r1/r2", "a deal has 3 hands"),
        ("deal:r1/r2/r3", "hand 0 has 1 card;"),
    ],
)
def test_malformed_deals_are_refused(outcome: str, reason: str) -> None:
    state = spieltisch.load("david_goliath", players=3).new_state()
    before = state.clone()
    with pytest.raises(IllegalMove) as refused:
        state.apply(outcome)
    assert reason in refused.value.reason
    assert state == before


def test_deals_must_split_exactly_the_deck() -> None:
    good = make_deal(3, {})
    hands = [part.split(",") for part in good.removeprefix("deal:").split("/")]
    state = spieltisch.load("david_goliath", players=3).new_state()
    before = state.clone()

    def token(edit: list[list[str]]) -> str:
        return "deal:" + "/".join(",".join(hand) for hand in edit)

    twice = [hands[0], [hands[0][0], *hands[1][1:]], hands[2]]
    too_high = [hands[0], ["r10", *hands[1][1:]], hands[2]]
    not_a_card = [hands[0], ["x1", *hands[1][1:]], hands[2]]
    for edit, reason in [
        (twice, "is dealt twice"),
        (too_high, "r10 is not in this game: with 3 players the values run to 9"),
        (not_a_card, "'x1' is not a card"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            state.apply(token(edit))
        assert reason in refused.value.reason
        assert state == before
    state.apply(good)
    assert state.current_player == 1


def test_a_card_is_not_a_chance_outcome() -> None:
    state = spieltisch.load("david_goliath", players=3).new_state()
    with pytest.raises(IllegalMove):
        state.apply("g1")
    with pytest.raises(IllegalMove):
        state.apply(0)


# -- dealer and lead ----------------------------------------------------------------------


def test_the_player_after_the_dealer_leads_the_first_trick() -> None:
    state = dealt(4, make_deal(4, {}))
    view = state.view(None)
    assert view["dealer"] == 0 and view["deal"] == 0
    assert state.current_player == 1 == view["turn"]
    assert view["trick"] == []


def test_the_dealer_rotates_clockwise_over_the_deals() -> None:
    game = spieltisch.load("david_goliath", players=4, deals=6)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    rng = random.Random(3)
    seen = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            view = state.view(None)
            assert view["turn"] == view["dealer"]
            seen.append(view["dealer"])
            deal = view["deal"]
            assert view["dealer"] == deal % 4
            state.sample_chance(rng)
            assert state.current_player == (deal + 1) % 4
            assert state.view(None)["deal"] == deal
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert seen == [0, 1, 2, 3, 0, 1]
    assert len(state.deal_scores()) == 6
    assert state.view(None)["turn"] is None


@pytest.mark.parametrize(("players", "deals", "expected"), [(3, None, 3), (5, None, 5), (4, 2, 2)])
def test_number_of_deals(players: int, deals: int | None, expected: int) -> None:
    game = spieltisch.load("david_goliath", players=players, deals=deals)
    state = game.new_state()
    assert isinstance(state, DavidGoliathState)
    rng = random.Random(players)
    chances = 0
    moves = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            chances += 1
            state.sample_chance(rng)
        else:
            moves += 1
            state.apply(rng.choice(state.legal_actions()))
    assert chances == expected
    assert moves == expected * 15 * players
    assert len(state.deal_scores()) == expected
    assert state.current_player == TERMINAL


def test_options() -> None:
    assert spieltisch.load("david_goliath").num_players == 4
    assert spieltisch.load("david_goliath", deals="auto").options.deals is None
    assert spieltisch.load("david_goliath", deals=3).options.deals == 3
    bad_options: list[dict[str, object]] = [
        {"players": 2},
        {"players": 7},
        {"deals": 0},
        {"deals": "many"},
        {"deals": "3"},
        {"deals": "none"},
        {"deals": True},
        {"jokers": 1},
    ]
    for bad in bad_options:
        with pytest.raises(OptionError):
            spieltisch.load("david_goliath", **bad)


def test_the_action_space_is_the_same_90_cards_for_every_player_count() -> None:
    for players in range(3, 7):
        game = spieltisch.load("david_goliath", players=players)
        assert game.num_actions == 90
        assert [game.action_to_move(a) for a in range(90)] == list(CARD_NAMES)
        assert game.move_to_action("g12") == 2 * 18 + 11
        assert game.move_to_action("r1") == 0 and game.move_to_action("p18") == 89
        with pytest.raises(KeyError):
            game.move_to_action("g19")


# -- tricks -------------------------------------------------------------------------------


def five_player_example() -> DavidGoliathState:
    """Seat 1 (Andreas) leads after dealer 0; Ben 2, Clara 3, Dennis 4, Emma 0."""
    token = make_deal(
        5,
        {1: ["g4"], 2: ["g12"], 3: ["g7"], 4: ["r2"], 0: ["g2"]},
        voids={4: "g"},
    )
    return dealt(5, token)


def test_the_five_player_example() -> None:
    state = five_player_example()
    assert state.current_player == 1
    for move in ("g4", "g12", "g7", "r2"):
        state.apply(move)
    assert state.view(None)["trick"] == [[1, "g4"], [2, "g12"], [3, "g7"], [4, "r2"]]
    state.apply("g2")
    view = state.view(None)
    assert view["won"][0] == ["g12"]  # Emma's 2 was the later 2: lowest, takes the 12
    assert view["won"][2] == ["r2", "g2", "g4", "g7"]  # Ben takes the other four
    assert view["won"][1] == view["won"][3] == view["won"][4] == []
    assert view["trick"] == []
    assert state.current_player == 2 == view["turn"]  # Ben leads the next trick
    assert view["hand_sizes"] == [14] * 5
    assert state.voids(4) == [2]  # Dennis did not follow green


def test_following_the_colour_led() -> None:
    state = five_player_example()
    state.apply("g4")
    ben = state.view(2)["hand"]
    assert state.legal_moves() == [card for card in ben if card[0] == "g"]
    state.apply("g12")
    clara = state.view(3)["hand"]
    off_colour = next(card for card in clara if card[0] != "g")
    assert state.explain(off_colour) == "you hold a green card: green was led"
    with language("de"):
        assert state.explain(off_colour) == (
            "du hast Grün auf der Hand: Grün wurde ausgespielt und muss bedient werden"
        )
    with language("fr"):
        assert state.explain(off_colour) == (
            "vous avez du vert en main\u202f: le vert a été entamé et doit être fourni"
        )
    before = state.clone()
    with pytest.raises(IllegalMove) as refused:
        state.apply(off_colour)
    assert refused.value.reason == "you hold a green card: green was led"
    assert state == before
    state.apply("g7")
    # Dennis has no green: every card of his is legal
    assert state.legal_moves() == state.view(4)["hand"]
    assert all(card[0] != "g" for card in state.legal_moves())


def test_refusals_name_the_reason() -> None:
    state = five_player_example()
    assert state.explain("g17") == ("g17 is not in this game: with 5 players the values run to 15")
    assert state.explain("g12") == "you do not hold g12"
    assert state.explain("g4") is None
    state.apply("g4")
    assert state.explain("g4") == "you do not hold g4"


def test_all_equal_values_last_is_highest_and_the_one_before_lowest() -> None:
    state = dealt(3, make_deal(3, {1: ["r5"], 2: ["y5"], 0: ["g5"]}, voids={2: "r", 0: "r"}))
    for move in ("r5", "y5", "g5"):
        state.apply(move)
    view = state.view(None)
    assert view["won"][2] == ["g5"]  # y5, played before the last card, is the lowest
    assert view["won"][0] == ["r5", "y5"]  # g5, played last, is the highest
    assert view["won"][1] == []
    assert state.current_player == 0


def test_all_equal_with_four_players() -> None:
    fixed = {1: ["r5"], 2: ["y5"], 3: ["g5"], 0: ["b5"]}
    token = make_deal(4, fixed, voids={2: "r", 3: "r", 0: "r"})
    state = dealt(4, token)
    for move in ("r5", "y5", "g5", "b5"):
        state.apply(move)
    view = state.view(None)
    assert view["won"][3] == ["b5"]
    assert view["won"][0] == ["r5", "y5", "g5"]
    assert state.current_player == 0


def test_equal_highest_values_the_later_card_is_higher() -> None:
    state = dealt(3, make_deal(3, {1: ["r9"], 2: ["r3"], 0: ["y9"]}, voids={0: "r"}))
    for move in ("r9", "r3", "y9"):
        state.apply(move)
    view = state.view(None)
    assert view["won"][2] == ["y9"]  # lowest (r3) takes the later 9
    assert view["won"][0] == ["r3", "r9"]  # the later 9 takes the rest
    assert state.current_player == 0


def test_the_leader_may_play_any_card() -> None:
    state = dealt(3, make_deal(3, {}))
    assert state.legal_moves() == state.view(1)["hand"]


def test_fifteen_tricks_then_the_next_deal() -> None:
    state = dealt(3, make_deal(3, {}))
    rng = random.Random(1)
    for _ in range(15 * 3 - 1):
        state.apply(rng.choice(state.legal_actions()))
        assert state.current_player >= 0
    state.apply(rng.choice(state.legal_actions()))
    assert state.current_player == CHANCE
    view = state.view(None)
    assert view["hand_sizes"] == [0, 0, 0]
    assert sum(len(pile) for pile in view["won"]) == 45  # the finished deal's piles stay
    assert view["deal"] == 1 and view["dealer"] == 1 and view["turn"] == 1
    assert len(view["deal_scores"]) == 1
    assert view["deal_scores"][0] == [pile_points(pile) for pile in view["won"]]
    state.sample_chance(rng)
    assert state.view(None)["won"] == [[], [], []]
    assert state.current_player == 2


# -- scoring ------------------------------------------------------------------------------


def test_the_52_point_example() -> None:
    assert pile_points(["r4", "r10", "r11"]) == 3
    assert pile_points(["y8"]) == 8
    assert pile_points(["g5", "g9"]) == 14
    assert pile_points(["b2", "b3", "b6", "b10", "b12"]) == 5
    assert pile_points(["p10", "p12"]) == 22
    pile = ["r4", "r10", "r11", "y8", "g5", "g9", "b2", "b3", "b6", "b10", "b12", "p10", "p12"]
    assert pile_points(pile) == 52
    assert pile_points([]) == 0


def test_scores_and_shared_places() -> None:
    game = spieltisch.load("david_goliath", players=3, deals=1)
    rng = random.Random(0)
    for _ in range(200):
        state = game.new_state()
        assert isinstance(state, DavidGoliathState)
        play_random(state, rng, 10_000)
        totals = state.scores()
        assert totals == [float(pile_points(pile)) for pile in state.view(None)["won"]]
        places = state.ranking()
        for p in range(3):
            assert places[p] == 1 + sum(1 for t in totals if t > totals[p])
        if len(set(totals)) < 3:
            break
    else:
        pytest.fail("no tie in 200 games")
    assert len(set(places)) < 3


# -- hidden information -------------------------------------------------------------------


def test_views_show_only_what_a_seat_may_see() -> None:
    state = five_player_example()
    state.apply("g4")
    spectator = state.view(None)
    assert "hand" not in spectator
    assert set(spectator) == {
        "turn",
        "deal",
        "dealer",
        "trick",
        "last_trick",
        "won",
        "hand_sizes",
        "deal_scores",
    }
    mine = state.view(3)
    assert set(mine) == set(spectator) | {"hand"}
    assert "g7" in mine["hand"] and "g7" not in state.view(2)["hand"]
    assert mine["trick"] == [[1, "g4"]]


def test_determinize_respects_shown_voids_and_rewrites_the_deal() -> None:
    state = five_player_example()
    for move in ("g4", "g12", "g7", "r2", "g2"):
        state.apply(move)
    assert state.voids(4) == [2]  # Dennis showed he has no green
    rng = random.Random(11)
    for seat in (None, 0, 1, 2, 3):
        for _ in range(20):
            sampled = state.determinize(seat, rng)
            assert not any(card[0] == "g" for card in sampled.view(4)["hand"])
            if seat is not None:
                assert sampled.view(seat) == state.view(seat)
            assert sampled.view(None) == state.view(None)
            assert sampled.game.replay(sampled.history()) == sampled
            assert sampled.history()[1:] == state.history()[1:]
    # the seat itself keeps its hand, everything else is drawn anew
    hands = {tuple(state.determinize(0, rng).view(1)["hand"]) for _ in range(10)}
    assert len(hands) > 1


def test_constrained_dealing_never_fails() -> None:
    """Tight voids: each of 5 seats lacks a different colour; all pools fit exactly."""
    rng = random.Random(5)
    pool = [c * 18 + v for c in range(5) for v in range(4)]  # 4 cards of each colour
    colour = [((1 << 18) - 1) << (18 * c) for c in range(5)]
    forbidden = [colour[q] | colour[(q + 1) % 5] for q in range(5)]  # two colours each
    seen = set()
    for turn in range(300):
        deal = deal_constrained if turn % 2 else _deal_sequential
        hands = deal(pool, [4] * 5, forbidden, rng)
        assert [h.bit_count() for h in hands] == [4] * 5
        assert all(not h & f for h, f in zip(hands, forbidden, strict=True))
        assert sum(hands) == sum(1 << a for a in pool)
        seen.add(tuple(hands))
    assert len(seen) > 50


def test_the_sequential_fallback_reports_impossible_voids() -> None:
    pool = [0, 1, 18]  # r1, r2, y1
    forbidden = [((1 << 18) - 1)] * 2  # neither seat may hold red
    with pytest.raises(SpieltischError):
        _deal_sequential(pool, [2, 1], forbidden, random.Random(0))


def test_constrained_dealing_is_uniform_over_the_consistent_deals() -> None:
    """A small case counted out: every consistent deal comes up about equally often."""
    pool = [0, 1, 18, 19, 36, 37]  # r1 r2 y1 y2 g1 g2
    red, yellow = (1 << 18) - 1, ((1 << 18) - 1) << 18
    sizes, forbidden = [2, 2, 2], [red, yellow, 0]
    consistent = set()
    for owners in itertools.product(range(3), repeat=6):
        hands = [sum(1 << a for a, o in zip(pool, owners, strict=True) if o == q) for q in range(3)]
        fits = all(h & f == 0 for h, f in zip(hands, forbidden, strict=True))
        if fits and [h.bit_count() for h in hands] == sizes:
            consistent.add(tuple(hands))
    rng = random.Random(1)
    draws = 200 * len(consistent)
    counts = Counter(tuple(deal_constrained(pool, sizes, forbidden, rng)) for _ in range(draws))
    assert set(counts) == consistent
    assert all(140 < c < 260 for c in counts.values()), sorted(counts.values())
