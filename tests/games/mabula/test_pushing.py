"""Pushing, passing and the end, through the public API: set-up outcome, then moves."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch import CHANCE, TERMINAL, IllegalMove, State
from spieltisch.games.mabula.rules import MabulaState
from tests.games.mabula.helpers import reference_push

# b1..g1: w w b w w b, h2..h7: w w b w w b, g8..b8: w b b w b b, a7..a2: w b b w b b
SETUP = "setup:" + "wwb" * 4 + "wbb" * 4


def start(*moves: str, **options: str) -> State:
    state = spieltisch.load("mabula", **options).new_state()
    assert state.current_player == CHANCE
    state.apply(SETUP)
    for move in moves:
        state.apply(move)
    return state


def board(state: State) -> dict[str, str]:
    assert isinstance(state, MabulaState)
    return state.view(None)["board"]


def test_the_set_up_puts_every_marble_on_the_edge_and_white_starts() -> None:
    state = start()
    squares = board(state)
    assert squares["b1"] == "w" and squares["d1"] == "b" and squares["h2"] == "w"
    assert squares["g8"] == "w" and squares["b8"] == "b" and squares["a7"] == "w"
    assert squares["a2"] == "b"
    assert len(squares) == 24
    assert state.current_player == 0
    assert state.view(0)["turn"] == 0
    # 12 white edge marbles, each with an empty line: six distances each
    assert len(state.legal_moves()) == 72
    assert state.legal_moves()[:6] == ["b1-b2", "b1-b3", "b1-b4", "b1-b5", "b1-b6", "b1-b7"]


def test_notation_and_action_space() -> None:
    game = spieltisch.load("mabula")
    assert game.num_actions == 144
    assert game.action_to_move(0) == "b1-b2"
    assert game.action_to_move(5) == "b1-b7"
    assert game.action_to_move(6 * 6) == "h2-g2"  # edge 6 is h2, pushing left
    assert game.action_to_move(6 * 12 + 2) == "g8-g5"  # edge 12 is g8, pushing down
    assert game.action_to_move(143) == "a2-g2"  # edge 23 is a2, pushing right, 6 squares
    for action in range(144):
        assert game.move_to_action(game.action_to_move(action)) == action
    with pytest.raises(KeyError):
        game.move_to_action("b1-b8")


def test_pushing_into_an_empty_line() -> None:
    state = start("b1-b4")
    squares = board(state)
    assert squares["b4"] == "w"
    assert "b1" not in squares
    assert state.current_player == 1
    assert state.history() == [SETUP, "b1-b4"]


def test_pushing_a_chain() -> None:
    state = start("h2-b2", "a3-b3", "a4-b4", "d1-d2")
    squares = board(state)
    assert (squares["b2"], squares["b3"], squares["b4"]) == ("w", "b", "w")
    assert [m for m in state.legal_moves() if m.startswith("b1")] == ["b1-b2", "b1-b3", "b1-b4"]
    state.apply("b1-b3")
    squares = board(state)
    # the pusher stops on b3; b2, b3, b4 are shoved one ahead of the other
    assert "b2" not in squares
    assert [squares.get(f"b{row}") for row in range(2, 8)] == [None, "w", "w", "b", "w", None]
    assert squares["b8"] == "b"  # the far edge is never touched
    # from the other end the same line now holds 4 marbles
    assert [m for m in state.legal_moves() if m.startswith("b8")] == ["b8-b7", "b8-b6"]
    state.apply("b8-b6")
    squares = board(state)
    assert [squares.get(f"b{row}") for row in range(2, 8)] == ["w", "w", "b", "w", "b", None]


def test_marbles_beyond_a_gap_stay_where_they_are() -> None:
    state = start("h3-b3", "a6-b6")
    short = state.clone()
    short.apply("b1-b2")
    squares = board(short)
    assert (squares["b2"], squares["b3"], squares["b6"]) == ("w", "w", "b")
    state.apply("b1-b4")
    squares = board(state)
    assert "b2" not in squares and "b3" not in squares
    assert (squares["b4"], squares["b5"], squares["b6"]) == ("w", "w", "b")


# Moves that put m marbles into column b and leave white to move (b1 is white, b8 black).
INTO_COLUMN_B = ["a4-b4", "a2-b2", "a7-b7", "a3-b3", "h5-b5", "a6-b6"]
BLACK_ELSEWHERE = "e8-e7"


def column_b_with(m: int) -> State:
    moves = INTO_COLUMN_B[:m] + ([BLACK_ELSEWHERE] if m % 2 else [])
    state = start(*moves)
    assert state.current_player == 0
    assert sum(1 for row in range(2, 8) if f"b{row}" in board(state)) == m
    return state


@pytest.mark.parametrize("m", range(6))
def test_every_distance_up_to_six_minus_m_is_legal(m: int) -> None:
    state = column_b_with(m)
    legal = [move for move in state.legal_moves() if move.startswith("b1-")]
    assert legal == [f"b1-b{1 + d}" for d in range(1, 7 - m)]
    for move in legal:
        assert state.explain(move) is None
        after = state.clone()
        after.apply(move)
        assert board(after) == reference_push(board(state), move)
    too_far = f"b1-b{8 - m}"  # distance 7 - m
    before = state.clone()
    with pytest.raises(IllegalMove) as refused:
        state.apply(too_far)
    assert refused.value.rule == "rule 2"
    assert state == before
    if m == 0:
        assert (
            refused.value.reason == "b8 is on the far edge: no marble may be pushed onto the edge"
        )
    else:
        free = 6 - m
        marbles = "1 marble" if m == 1 else f"{m} marbles"
        can = {
            1: "b1 can move only 1 square",
            2: "b1 can move 1 or 2 squares",
            3: "b1 can move 1, 2 or 3 squares",
            4: "b1 can move 1, 2, 3 or 4 squares",
            5: "b1 can move 1, 2, 3, 4 or 5 squares",
        }[free]
        assert refused.value.reason == f"the line b2–b7 holds {marbles}: {can}"


def test_the_example_refusal_of_the_issue() -> None:
    state = column_b_with(4)
    assert state.explain("b1-b5") == (
        "rule 2: the line b2–b7 holds 4 marbles: b1 can move 1 or 2 squares"
    )


def test_a_full_line_blocks_both_ends() -> None:
    state = column_b_with(6)
    assert not [move for move in state.legal_moves() if move.startswith("b1-")]
    assert state.explain("b1-b2") == "rule 2: the line b2–b7 is full: b1 cannot move"
    state.apply("c1-c2")
    assert state.current_player == 1
    assert not [move for move in state.legal_moves() if move.startswith("b8-")]
    assert state.explain("b8-b7") == "rule 2: the line b7–b2 is full: b8 cannot move"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("d1-d2", "the marble on d1 is black: White pushes only white marbles"),
        ("c3-c5", "c3 is not an edge square: only marbles on the edge are pushed"),
        ("a1-a3", "a1 is a corner, which is not part of the board"),
        ("b1-c4", "no such line: b1 pushes straight along b2–b7"),
        ("h2-h3", "no such line: h2 pushes straight along g2–b2"),
        ("b1-b1", "rule 1: a marble moves at least 1 square"),
        ("b1-b8", "rule 2: b8 is on the far edge: no marble may be pushed onto the edge"),
        ("b1-b9", "b9 is not a square: columns are a to h, rows 1 to 8"),
        ("b1", "a move is written <from>-<to>, such as b1-b4"),
        ("pass", "a move is written <from>-<to>, such as b1-b4"),
    ],
)
def test_refusals_name_the_reason(move: str, reason: str) -> None:
    state = start()
    before = state.clone()
    assert state.explain(move) == reason
    with pytest.raises(IllegalMove):
        state.apply(move)
    assert state == before


def test_an_edge_square_whose_marble_has_gone() -> None:
    state = start("b1-b4", "d1-d2")
    assert state.explain("b1-b2") == "there is no marble on b1: it has been pushed into the field"
    state.apply("c1-c3")
    assert state.explain("b1-b2") == "there is no marble on b1: it has been pushed into the field"
    assert state.explain("c1-c2") == "there is no marble on c1: it has been pushed into the field"
    assert state.explain("b8-b7") is None  # black to move
    assert state.explain("a7-b7") == "the marble on a7 is white: Black pushes only black marbles"


# A random game (seed 1098) in which white must pass once and then moves again.
# fmt: off
PASS_GAME = [
    "setup:bwbwbwwbbwbwbbwwbwwbwbbw",
    "h7-e7", "a3-c3", "a7-f7", "h3-e3", "d8-d3", "f8-f6", "b8-b5", "g8-g5", "h2-g2",
    "d1-d2", "e8-e3", "a6-b6", "c1-c5", "h4-f4", "a5-b5", "a4-d4", "g1-g2", "f1-f3",
    "e1-e2", "h6-f6", "a2-d2", "b1-b4", "c8-c4", "h5-g5",
]
# fmt: on


def test_a_player_without_a_move_passes_and_moves_again_later() -> None:
    game = spieltisch.load("mabula")
    state = game.replay(PASS_GAME[:22])
    assert state.current_player == 1  # black to play b1-b4
    state.apply("b1-b4")
    # white still has h5 on the edge, but its line (row 5) is full: white passes
    assert board(state)["h5"] == "w"
    assert all(f"{c}5" in board(state) for c in "bcdefg")
    assert state.current_player == 1
    assert state.view(None)["turn"] == 1
    assert state.explain("h5-g5") == "the marble on h5 is white: Black pushes only black marbles"
    assert state.legal_moves() == ["c8-c7", "c8-c6", "c8-c5", "c8-c4"]
    # c8-c7 leaves c5 where it is: row 5 stays full, black has no marble left: the end
    short = state.clone()
    short.apply("c8-c7")
    assert short.is_terminal()
    state.apply("c8-c4")
    # c8-c4 shoves c6 and c5 down to c3 and c2: row 5 opens and white moves again
    squares = board(state)
    assert "c5" not in squares
    assert (squares["c4"], squares["c3"], squares["c2"]) == ("b", "b", "w")
    assert state.current_player == 0
    assert state.legal_moves() == ["h5-g5"]
    state.apply("h5-g5")
    assert state.is_terminal()
    assert state.history() == PASS_GAME


def test_the_end_when_neither_player_can_move() -> None:
    state = spieltisch.load("mabula").replay(PASS_GAME)
    assert isinstance(state, MabulaState)
    assert state.current_player == TERMINAL
    assert state.legal_moves() == []
    assert state.view(None)["turn"] is None
    squares = board(state)
    assert len(squares) == 24
    with pytest.raises(IllegalMove, match="the game is over"):
        state.apply("h5-g5")
    assert state.scores() == [float(s) for s in state.view(None)["scores"]]
