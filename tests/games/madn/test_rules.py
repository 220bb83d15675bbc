"""Scenario tests: each of the 18 tournament rules and each ruling of GAMES.md.

Positions are reached by playing chosen dice and moves (see helpers.py). With 2 players
the colours are red (player 0, start field 1, goal after field 40) and yellow (player 1,
start field 21, goal after field 20).
"""

from __future__ import annotations

import random

import pytest

from spieltisch.core import CHANCE, TERMINAL, IllegalMove, OptionError
from spieltisch.core.i18n import language
from spieltisch.games.madn.rules import MadnState
from tests.games.madn.helpers import (
    BLACK,
    GREEN,
    RED,
    YELLOW,
    bring_to_last_field,
    dice,
    idle,
    load,
    march,
    play,
    squares,
    start,
    turn_of,
)

# -- rule 1: four pieces per colour, in the base ------------------------------------------


@pytest.mark.parametrize(
    ("players", "colours"),
    [(2, [RED, YELLOW]), (3, [RED, BLACK, YELLOW]), (4, [RED, BLACK, YELLOW, GREEN])],
)
def test_rule_1_four_pieces_each_in_the_base(players: int, colours: list[str]) -> None:
    state = start(players=players)
    view = state.view(None)
    assert list(view["pieces"]) == colours
    assert all(squares == ["b"] * 4 for squares in view["pieces"].values())
    assert view["finished"] == [] and view["dice"] == []


# -- rule 2: red starts, then clockwise ---------------------------------------------------


def test_rule_2_red_starts_and_play_goes_clockwise() -> None:
    state = start(players=4)
    assert state.current_player == CHANCE and turn_of(state) == 0
    seen = []
    for _ in range(5):
        seen.append(turn_of(state))
        idle(state)
    assert seen == [0, 1, 2, 3, 0]
    assert state.rounds == 1


# -- rules 3 and 4: three tries for a 6 ---------------------------------------------------


def test_rule_3_three_tries_enter_on_the_third_then_roll_again() -> None:
    state = start()
    play(state, "d2", "d3")
    assert state.current_player == CHANCE and turn_of(state) == 0 and dice(state) == [2, 3]
    play(state, "d6")
    assert state.legal_moves() == ["b"]
    play(state, "b")
    assert squares(state, RED) == ["1", "b", "b", "b"]
    assert state.current_player == CHANCE and turn_of(state) == 0  # rule 8: roll again
    assert dice(state) == [2, 3, 6]
    play(state, "d4")
    assert state.legal_moves() == ["1"]
    play(state, "1")
    assert turn_of(state) == 1 and dice(state) == []  # one roll only after the 6


def test_rule_4_no_six_in_three_tries_passes_the_turn() -> None:
    state = start()
    play(state, "d1", "d2", "d5")
    assert turn_of(state) == 1 and state.current_player == CHANCE
    assert squares(state, RED) == ["b"] * 4


def test_rule_3_three_tries_also_with_a_piece_stuck_on_g4() -> None:
    state = start()
    bring_to_last_field(state)
    play(state, "d4", "40")  # 40 -> g4
    assert squares(state, RED) == ["b", "b", "b", "g4"]
    idle(state)  # yellow
    play(state, "d2")
    assert turn_of(state) == 0 and state.current_player == CHANCE  # a second try
    play(state, "d3", "d1")
    assert turn_of(state) == 1


# -- rule 5: enter on a 6 -----------------------------------------------------------------


def test_rule_5_a_six_with_pieces_in_the_base_must_enter() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")  # red piece on 5
    play(state, "d6")
    assert state.legal_moves() == ["b"]
    assert state.explain("5") == (
        "rule 5: a 6 with pieces in the base must bring a piece onto the start field (b)"
    )
    play(state, "b")
    assert squares(state, RED) == ["1", "5", "b", "b"]


# -- rule 6: clear the start field --------------------------------------------------------


def test_rule_6_a_six_with_own_piece_on_the_start_field_moves_that_piece() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")  # red on 5
    play(state, "d6", "b")  # red on 1 and 5
    play(state, "d6")
    assert state.legal_moves() == ["1"]
    assert state.explain("5") == (
        "rule 6: the start field must be cleared while pieces wait in the base: "
        "the piece on 1 must move"
    )
    assert state.explain("b") == "rule 10: your own piece stands on your start field"
    play(state, "1")
    assert squares(state, RED) == ["5", "7", "b", "b"]
    assert state.current_player == CHANCE and turn_of(state) == 0


def test_rule_6_the_blocking_piece_moves_instead() -> None:
    state = start()
    play(state, "d6", "b", "d3", "1", "idle")  # red on 4
    play(state, "d6", "b", "d3")  # red on 1 and 4: 1 + 3 is blocked by the piece on 4
    assert state.legal_moves() == ["4"]
    assert state.explain("1") == "rule 10: a field holds one piece and your own piece stands on 4"
    play(state, "4")
    assert squares(state, RED) == ["1", "7", "b", "b"]


def test_rule_6_applies_only_while_pieces_wait_in_the_base() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d6", "b", "d6", "1", "d6", "b", "d6")  # 1, 5, 7 and a new one on 1
    # The 6 again: start field held by red, so no entry; the piece on 1 is blocked by 7,
    # the blocker on 7 can move to 13.
    assert state.legal_moves() == ["7"]
    play(state, "7", "d2")  # 1, 5, 13 and one in base: the piece on 1 must move
    assert state.legal_moves() == ["1"]
    play(state, "1", "idle")  # 3, 5, 13
    play(state, "d6", "b", "d6", "1", "d1")  # base now empty: any piece may move
    assert squares(state, RED) == ["13", "3", "5", "7"]
    assert state.legal_moves() == ["3", "5", "7", "13"]


# -- rules 7 and 15: one roll when a piece can advance; the goal --------------------------


def test_rule_7_a_piece_on_g3_with_g4_free_means_one_roll_only() -> None:
    state = start()
    bring_to_last_field(state)
    play(state, "d3", "40")  # 40 -> g3
    assert squares(state, RED) == ["b", "b", "b", "g3"]
    idle(state)  # yellow
    play(state, "d2")  # g3 + 2 is past g4: no move, and no second try
    assert turn_of(state) == 1 and state.current_player == CHANCE


def test_rule_15_from_the_last_field_a_four_reaches_g4() -> None:
    state = start()
    bring_to_last_field(state)
    play(state, "d4")
    assert state.legal_moves() == ["40"]
    play(state, "40")
    assert squares(state, RED) == ["b", "b", "b", "g4"]


def _red_on_g2_40_and_6() -> MadnState:
    state = start()
    bring_to_last_field(state)
    play(state, "d2", "40", "idle")  # g2
    play(state, "d6", "b", "d4", "1", "idle")  # second piece on 5
    march(state, 5, [5, 5, 5, 5, 5, 5, 5])  # ... on 40
    play(state, "d6", "b", "d5", "1", "idle")  # third piece on 6
    assert squares(state, RED) == ["40", "6", "b", "g2"]
    return state


def test_rule_15_no_jumping_over_own_pieces_in_the_goal() -> None:
    state = _red_on_g2_40_and_6()
    play(state, "d4")  # 40 + 4 would pass the own piece on g2
    assert state.legal_moves() == ["6"]
    assert state.explain("40") == "rule 15: own pieces in the goal cannot be jumped over"
    assert state.explain("g2") == (
        "rule 15: the goal is entered by exact count and there is no second lap"
    )


def test_rule_15_exact_count_no_second_lap_and_moving_up_in_the_goal() -> None:
    state = _red_on_g2_40_and_6()
    play(state, "d5")
    assert state.legal_moves() == ["6"]  # 40 + 5 would be a second lap
    assert state.explain("40") == (
        "rule 15: the goal is entered by exact count and there is no second lap"
    )
    play(state, "6", "idle", "d1")
    assert state.legal_moves() == ["11", "40", "g2"]
    play(state, "g2")  # g2 -> g3 inside the goal
    assert squares(state, RED) == ["11", "40", "b", "g3"]
    idle(state)
    play(state, "d2")
    assert "40" in state.legal_moves()  # 40 + 2 = g2: g1 is free, g2 is free
    assert state.explain("g3") == (
        "rule 15: the goal is entered by exact count and there is no second lap"
    )


# -- rule 8: another roll after a 6 -------------------------------------------------------


def test_rule_8_after_a_six_another_piece_may_move() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")  # red on 5
    play(state, "d2", "5", "idle")  # red on 7
    play(state, "d6", "b")  # entering with the 6 ...
    assert state.current_player == CHANCE and turn_of(state) == 0
    play(state, "d3")  # ... and the second roll moves another piece
    assert state.legal_moves() == ["1"]


def test_rule_8_roll_again_also_when_the_six_cannot_be_used() -> None:
    state = start()
    # Four red pieces: g4, g3, g2 and field 40; a 6 moves none of them.
    for goal in ("g4", "g3", "g2", None):
        play(state, "d6", "b", "d4", "1")
        while turn_of(state) != 0:
            idle(state)
        march(state, 5, [5, 5, 5, 5, 5, 5, 5])
        if goal is not None:
            play(state, f"d{int(goal[1])}", "40", "idle")
    assert squares(state, RED) == ["40", "g2", "g3", "g4"]
    play(state, "d6")
    assert state.current_player == CHANCE and turn_of(state) == 0 and dice(state) == [6]
    play(state, "d1")
    assert state.legal_moves() == ["40"]
    play(state, "40")
    assert state.view(None)["finished"] == [0]
    assert state.is_terminal()  # with 2 players the game ends when places are decided
    assert state.ranking() == [1, 2]


# -- rules 9 and 10: must move; jumping; one piece per field ------------------------------


def test_rule_9_there_is_no_pass_while_a_move_exists() -> None:
    state = start()
    play(state, "d6", "b", "d2")
    assert state.legal_moves() == ["1"]
    with pytest.raises(IllegalMove) as refused:
        state.apply("pass")
    assert refused.value.rule == "rule 9"
    assert state.explain("pass") == (
        "rule 9: there is no pass: a move must be played when one exists"
    )


def test_rule_9_without_a_move_the_turn_passes_by_itself() -> None:
    state = start()
    bring_to_last_field(state)  # red on 40
    play(state, "d5")  # 40 + 5 overshoots the goal; a piece could advance: one roll
    assert turn_of(state) == 1 and state.current_player == CHANCE
    assert state.history()[-1] == "d5"


def test_rule_10_pieces_jump_and_jumped_fields_count() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d6", "b", "d3", "1", "idle")  # 4 and 5
    play(state, "d2")
    assert state.legal_moves() == ["4", "5"]  # 4 jumps over 5 to 6
    play(state, "4", "idle")
    assert squares(state, RED) == ["5", "6", "b", "b"]
    play(state, "d1")
    assert state.legal_moves() == ["6"]
    assert state.explain("5") == "rule 10: a field holds one piece and your own piece stands on 6"
    assert state.explain("17") == "no piece of yours stands on 17"
    assert state.explain("b") == "rule 5: a piece enters only on a 6"


# -- rule 11: capture ---------------------------------------------------------------------


def _red_on_17_yellow_on_22() -> MadnState:
    """Red: 6 and 17 (two in the base), yellow: 22; red to roll."""
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")
    march(state, 5, [4, 4, 4])  # 5 -> 17
    play(state, "d6", "b", "d5", "1")  # a second piece: 1 -> 6
    play(state, "d6", "b", "d1", "21")  # yellow: 21 -> 22
    assert squares(state, RED) == ["17", "6", "b", "b"]
    assert squares(state, YELLOW) == ["22", "b", "b", "b"]
    assert turn_of(state) == 0
    return state


def test_rule_11_a_capture_leaves_only_the_capturing_move() -> None:
    state = _red_on_17_yellow_on_22()
    play(state, "d5")
    assert state.legal_moves() == ["17"]
    assert state.explain("6") == "rule 11: a capture is possible (piece on 17 takes 22)"
    play(state, "17")
    assert squares(state, YELLOW) == ["b"] * 4  # captured pieces go back to their base
    assert squares(state, RED) == ["22", "6", "b", "b"]


def test_rule_11_entering_comes_before_capturing() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")
    march(state, 5, [4, 4, 4], idle_after=False)  # red on 17
    play(state, "d6", "b", "d6", "21", "d6", "b", "d2", "21")  # yellow on 23 and 27
    assert squares(state, YELLOW) == ["23", "27", "b", "b"]
    play(state, "d6")  # 17 + 6 = 23 would capture, but entering comes first
    assert state.legal_moves() == ["b"]
    assert state.explain("17").startswith("rule 5:")  # type: ignore[union-attr]


def test_rule_11_clearing_the_start_field_comes_before_capturing() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")
    march(state, 5, [4, 4, 4], idle_after=False)  # red on 17
    assert turn_of(state) == 1
    play(state, "d6", "b", "d1", "21")  # yellow: 22
    play(state, "d6", "b", "d5")  # red on 1 and 17; 17 + 5 = 22 would capture
    assert state.legal_moves() == ["1"]
    assert state.explain("17") == (
        "rule 6: the start field must be cleared while pieces wait in the base: "
        "the piece on 1 must move"
    )


def test_rule_11_a_choice_among_several_captures() -> None:
    state = start(players=3)
    play(state, "d6", "b", "d4", "1", "idle", "idle")  # red on 5
    march(state, 5, [4, 4, 4])  # 17
    play(state, "d6", "b", "d6", "1", "d6", "b", "d2", "1")  # red: 3, 7, 17
    play(state, "d6", "b", "d1", "11")  # black: 12
    play(state, "d6", "b", "d1", "21")  # yellow: 22
    play(state, "d5")
    assert state.legal_moves() == ["7", "17"]
    assert state.explain("3") == (
        "rule 11: a capture is possible (piece on 7 takes 12, piece on 17 takes 22)"
    )
    play(state, "7")
    assert squares(state, BLACK) == ["b"] * 4


def test_captures_on_the_own_start_field_of_the_victim() -> None:
    state = start()
    play(state, "d6", "b", "d4", "1", "idle")
    march(state, 5, [4, 4, 4])  # 17
    play(state, "d4", "17")  # 21, yellow's start field, free
    play(state, "d6")
    assert state.legal_moves() == ["b"]
    play(state, "b")  # yellow enters on 21 and captures red there
    assert squares(state, RED) == ["b"] * 4
    assert squares(state, YELLOW) == ["21", "b", "b", "b"]


# -- rules 12 and 14 and rule 6's penalty: the referee mode ---------------------------------


def test_penalized_every_movement_legal_move_plus_pass() -> None:
    state = start(duties="penalized")
    play(state, "d6")
    assert state.legal_moves() == ["b", "pass"]
    play(state, "b", "d3")
    assert state.legal_moves() == ["1", "pass"]


def _rule_12_position(state: MadnState) -> None:
    """Red on 3, 7 and 17 rolls a 5: 17 (the most advanced) and 7 could capture."""
    play(state, "d6", "b", "d4", "1", "idle", "idle")
    march(state, 5, [4, 4, 4])  # 17
    play(state, "d6", "b", "d6", "1", "d6", "b", "d2", "1")  # red: 3, 7, 17
    play(state, "d6", "b", "d1", "11")  # black: 12
    play(state, "d6", "b", "d1", "21")  # yellow: 22
    play(state, "d5")


@pytest.mark.parametrize("missed", ["3", "pass"])
def test_rule_12_a_missed_capture_voids_the_move_and_sends_the_capturer_home(
    missed: str,
) -> None:
    """The referee's ruling: the move is void (rule 14) and the piece that could have
    captured (the most advanced one) goes home; a pass is a missed duty like any other."""
    state = start(players=3, duties="penalized")
    _rule_12_position(state)
    assert state.legal_moves() == ["3", "7", "17", "pass"]
    play(state, missed)
    assert squares(state, RED) == ["3", "7", "b", "b"]
    assert squares(state, BLACK) == ["12", "b", "b", "b"]
    assert squares(state, YELLOW) == ["22", "b", "b", "b"]
    assert turn_of(state) == 1 and state.current_player == CHANCE


def test_rule_12_meeting_the_duty_is_no_missed_duty() -> None:
    state = start(players=3, duties="penalized")
    _rule_12_position(state)
    play(state, "7")  # 7 + 5 = 12 takes black: a capture meets the duty, no penalty
    assert sorted(squares(state, RED)) == ["12", "17", "3", "b"]
    assert squares(state, BLACK) == ["b", "b", "b", "b"]


@pytest.mark.parametrize("missed", ["5", "pass"])
def test_rule_6_a_missed_start_duty_sends_the_piece_on_the_start_field_home(
    missed: str,
) -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d6", "b", "d3")  # 1 and 5: the piece on 1 must move
    assert state.legal_moves() == ["1", "5", "pass"]
    play(state, missed)
    assert squares(state, RED) == ["5", "b", "b", "b"]  # 5 stays where it was
    assert turn_of(state) == 1


@pytest.mark.parametrize("missed", ["9", "pass"])
def test_rule_6_a_missed_blocker_duty_sends_the_blocking_piece_home(missed: str) -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d4", "5", "idle")  # 9
    play(state, "d6", "b", "d3", "1", "idle")  # 4 and 9
    play(state, "d6", "b", "d3")  # 1, 4, 9: 1 is blocked by 4, which must move
    assert state.legal_moves() == ["4", "9", "pass"]
    play(state, missed)
    assert squares(state, RED) == ["1", "9", "b", "b"]
    assert turn_of(state) == 1


@pytest.mark.parametrize("missed", ["5", "pass"])
def test_rule_6_a_missed_duty_after_a_six_ends_the_turn(missed: str) -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d6", "b", "d6")  # 1 and 5; the 6 must move the piece on 1
    play(state, missed)
    assert squares(state, RED) == ["5", "b", "b", "b"]
    assert state.current_player == CHANCE and turn_of(state) == 1 and dice(state) == []


@pytest.mark.parametrize("missed", ["5", "pass"])
def test_rule_14_skipping_the_entry_voids_the_move_and_the_extra_roll(missed: str) -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d6")
    assert state.legal_moves() == ["b", "5", "pass"]
    before = squares(state, RED)
    play(state, missed)
    assert squares(state, RED) == before
    assert turn_of(state) == 1 and state.current_player == CHANCE and dice(state) == []


def test_rule_14_pass_voids_the_turn() -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d2", "pass")
    assert squares(state, RED) == ["5", "b", "b", "b"]
    assert turn_of(state) == 1
    idle(state)
    play(state, "d6", "pass")  # no further roll after the 6 either
    assert turn_of(state) == 1
    assert state.history()[-2:] == ["d6", "pass"]


def test_penalized_legal_moves_still_follow_the_movement_rules() -> None:
    state = start(duties="penalized")
    play(state, "d6", "b", "d4", "1", "idle")  # 5
    play(state, "d6", "b", "d4")  # 1 and 5: 1 + 4 = 5 is an own piece
    assert state.legal_moves() == ["5", "pass"]
    assert state.explain("1") == "rule 10: a field holds one piece and your own piece stands on 5"


# -- rules 13 and 16: physical play -------------------------------------------------------


def test_rules_13_and_16_moves_are_atomic() -> None:
    """Rule 13 (touched = moved) and rule 16 (knocking pieces over) concern physical
    pieces: here a move is one token, applied whole or refused whole, so nothing can be
    touched without being moved and nothing can be knocked over."""
    state = start()
    play(state, "d6", "b", "d4", "1", "idle", "d6", "b", "d2")
    before = state.clone()
    with pytest.raises(IllegalMove):
        state.apply("5")  # refused: the piece on 1 must move (rule 6)
    assert state == before
    play(state, "1")
    assert squares(state, RED) == ["3", "5", "b", "b"]


# -- rule 17: the winner, and play on for the other places --------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_rule_17_play_goes_on_for_all_places(players: int) -> None:
    state = start(players=players)
    rng = random.Random(players)
    finished: list[int] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            assert state.current_player not in finished
            state.apply(rng.choice(state.legal_actions()))
        finished = state.view(None)["finished"]
        turn = turn_of(state)
        assert turn is None or turn not in finished
    assert len(finished) == players - 1
    last = next(p for p in range(players) if p not in finished)
    places = state.ranking()
    assert [places[p] for p in finished] == list(range(1, players))
    assert places[last] == players
    assert state.view(None)["turn"] is None


# -- rule 18: time, max_rounds and the ranking of a stopped game ---------------------------


def test_rule_18_time_plays_the_round_to_its_end_then_lots_decide() -> None:
    state = start(players=4)
    play(state, "idle", "time")
    assert state.time_called and turn_of(state) == 1
    play(state, "idle", "idle")
    assert turn_of(state) == 3  # green still plays
    play(state, "idle")
    assert state.current_player == CHANCE and turn_of(state) is None
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 24 and outcomes[0][0] == "lot:0,1,2,3"
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(IllegalMove):
        state.apply("d3")
    with pytest.raises(IllegalMove):
        state.apply("lot:0,1,2")
    with pytest.raises(IllegalMove):
        state.apply("time")
    play(state, "lot:2,0,3,1")
    assert state.is_terminal() and state.ranking() == [2, 4, 1, 3]
    assert state.history()[-1] == "lot:2,0,3,1"


def test_rule_18_time_can_be_called_once_and_at_a_chance_node() -> None:
    state = start()
    play(state, "time")
    with pytest.raises(IllegalMove) as refused:
        state.apply("time")
    assert refused.value.rule == "rule 18"
    play(state, "d6", "b", "d1", "1", "idle")
    assert state.current_player == TERMINAL  # red ahead: one piece on the track
    assert state.ranking() == [1, 2]
    assert state.history()[0] == "time"


def test_rule_18_tied_groups_draw_lots_in_order_of_place() -> None:
    state = start(players=4)
    play(state, "d6", "b", "d1", "1", "d6", "b", "d1", "11", "idle", "time", "idle")
    assert state.chance_outcomes() == [("lot:0,1", 0.5), ("lot:1,0", 0.5)]
    play(state, "lot:1,0")
    assert state.chance_outcomes() == [("lot:2,3", 0.5), ("lot:3,2", 0.5)]
    assert state.ranking() == [2, 1, 3, 3]
    play(state, "lot:2,3")
    assert state.is_terminal() and state.ranking() == [2, 1, 3, 4]


def test_rule_18_max_rounds_ends_the_game_after_that_round() -> None:
    state = start(max_rounds=2)
    play(state, "d6", "b", "d5", "1", "d6", "b", "d2", "21")  # red 6, yellow 23: round 1
    assert not state.is_terminal() and state.rounds == 1
    play(state, "d1", "6", "d1", "23")  # round 2: red 7 (distance 6), yellow 24 (3)
    assert state.is_terminal() and state.ranking() == [1, 2]


def test_rule_18_more_pieces_on_the_track_beat_a_longer_way() -> None:
    state = start()
    play(state, "d6", "b", "d6", "1", "d6", "b", "d1", "1")  # red: 2 and 7
    play(state, "d6", "b", "d5", "21")  # yellow: 26
    play(state, "d1", "7", "time", "d5", "26")  # red: 2, 8 (1 + 7); yellow: 31 (10)
    assert state.is_terminal()
    assert state.ranking() == [1, 2]


def test_rule_18_the_longer_way_decides_between_equal_track_counts() -> None:
    state = start(max_rounds=1)
    play(state, "d6", "b", "d2", "1", "d6", "b", "d4", "21")  # red 3, yellow 25
    assert state.is_terminal() and state.ranking() == [2, 1]


def test_rule_18_pieces_in_the_goal_beat_pieces_on_the_track() -> None:
    state = start()
    bring_to_last_field(state)
    play(state, "d1", "40")  # red: g1, three in the base
    play(state, "d6", "b", "d6", "21", "d6", "b", "d1", "21")  # yellow: 22 and 27
    play(state, "time", "d3", "g1")  # red: g1 -> g4, end of the round after yellow
    play(state, "d1", "27")
    assert state.is_terminal() and state.ranking() == [1, 2]


def test_rule_18_deeper_goal_fields_win_between_equal_goal_counts() -> None:
    state = start()
    # Both walk one piece home in step: red ends on g3, yellow on g4.
    play(state, "d6", "b", "d4", "1", "d6", "b", "d4", "21")
    field_red, field_yellow = 5, 25
    for _ in range(7):
        play(state, "d5", str(field_red), "d5", str(field_yellow))
        field_red, field_yellow = field_red + 5, (field_yellow + 5 - 1) % 40 + 1
    assert squares(state, RED) == ["40", "b", "b", "b"]
    assert squares(state, YELLOW) == ["20", "b", "b", "b"]
    play(state, "d3", "40", "time", "d4", "20")
    assert state.is_terminal()
    assert squares(state, RED) == ["b", "b", "b", "g3"]
    assert squares(state, YELLOW) == ["b", "b", "b", "g4"]
    assert state.ranking() == [2, 1]


def test_rule_18_finished_players_rank_first_in_finishing_order() -> None:
    for seed in range(50):
        state = start(players=4)
        rng = random.Random(seed)
        while not state.view(None)["finished"]:
            if state.current_player == CHANCE:
                state.sample_chance(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
        state.apply("time")
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
        finished = state.view(None)["finished"]
        places = state.ranking()
        assert [places[p] for p in finished] == list(range(1, len(finished) + 1))
        assert sorted(places) == [1, 2, 3, 4]
        if len(finished) == 1:
            return
    raise AssertionError("no game with a single finisher in 50 seeds")


# -- rulings: notation, views, explanations, options ---------------------------------------


def test_notation_round_trips_and_does_not_depend_on_the_position() -> None:
    game = load(players=4)
    moves = [game.action_to_move(a) for a in range(game.num_actions)]
    assert moves == ["b", *map(str, range(1, 41)), "g1", "g2", "g3", "pass"]
    assert [game.move_to_action(m) for m in moves] == list(range(game.num_actions))
    with pytest.raises(KeyError):
        game.move_to_action("g4")
    with pytest.raises(KeyError):
        game.move_to_action("d3")


def test_view_shows_dice_of_the_turn_and_the_turn_while_rolling() -> None:
    state = start()
    play(state, "d1", "d2")
    view = state.view(0)
    assert view == {
        "pieces": {RED: ["b"] * 4, YELLOW: ["b"] * 4},
        "dice": [1, 2],
        "finished": [],
        "turn": 0,
    }
    assert state.view(1) == view == state.view(None)
    with pytest.raises(ValueError):
        state.view(2)


def test_explanations_are_translated() -> None:
    state = _red_on_17_yellow_on_22()
    play(state, "d5")
    with language("de"):
        assert state.explain("6") == (
            "Regel 11: Schlagen ist möglich (Kegel auf 17 schlägt auf 22)"
        )
    with language("fr"):
        assert state.explain("6") == (
            "règle 11\u202f: une prise est possible (le pion sur 17 prend sur 22)"
        )


def test_options_defaults_and_checks() -> None:
    game = load()
    assert game.options.to_json() == {
        "players": 4,
        "duties": "enforced",
        "rules": "tournament",
        "max_rounds": None,
        "time_up": "round",
        "stopped_rule": "rule18",
    }
    for bad in ({"players": 5}, {"duties": "lenient"}, {"max_rounds": 0}, {"rules": "x"}):
        with pytest.raises(OptionError):
            load(**bad)
    with pytest.raises(OptionError) as refused:
        load(rules="openspiel", duties="penalized")
    assert refused.value.option == "duties"
    with pytest.raises(OptionError) as refused:
        load(rules="openspiel", stopped_rule="steps")
    assert refused.value.option == "stopped_rule"


def test_openspiel_rules_one_roll_no_capture_duty_first_winner_ends() -> None:
    state = start(rules="openspiel")
    play(state, "d2")
    assert turn_of(state) == 1  # no three tries
    play(state, "d6", "b", "d1", "21")  # yellow 22
    play(state, "d6", "b", "d4", "1")  # red 5
    play(state, "d3", "22")  # yellow 25
    play(state, "d6", "b", "d1")  # red 1 and 5: the start field is cleared first
    assert state.legal_moves() == ["1"]


def test_a_refused_chance_outcome_changes_nothing() -> None:
    state = start()
    before = state.clone()
    for bad in ("d0", "d7", "lot:0,1", "b", "6"):
        with pytest.raises(IllegalMove):
            state.apply(bad)
    assert state == before and state.history() == []
