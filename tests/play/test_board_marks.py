"""The text boards mark the last move (underlined) and the move highlighted in the list
before it is played (in reverse), for every game, in the app and in plain mode (issue 34)."""

from __future__ import annotations

import asyncio
import io
import random
import re

import pytest
from rich.console import Console, RenderableType
from textual.widgets import OptionList, Static

import spieltisch
from spieltisch.cli.app import _replay_steps
from spieltisch.cli.boards import render_board, render_panel
from spieltisch.cli.play.plain import PlainPlay
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.core.marks import BoardMarks, Marks
from spieltisch.games.madn.geometry import BASE_XY, TRACK_XY, piece_tag
from tests.play.conftest import BUDGET, level
from tests.play.test_tui import until

Cell = tuple[int, int, str]
"""(line, column, text) of a marked stretch of a board."""


def marked(board: RenderableType, attribute: str) -> list[Cell]:
    """Where the board is drawn with `attribute` (underline: the last move; reverse: the
    previewed one), each stretch with its line, column and text (blanks stripped)."""
    console = Console(width=200, file=io.StringIO(), force_terminal=True)
    found: list[Cell] = []
    line = column = 0
    for segment in console.render(board):
        for index, piece in enumerate(segment.text.split("\n")):
            if index:
                line, column = line + 1, 0
            style = segment.style
            if piece.strip() and style is not None and getattr(style, attribute):
                found.append((line, column + len(piece) - len(piece.lstrip()), piece.strip()))
            column += len(piece)
    return found


def texts(cells: list[Cell]) -> set[str]:
    return {text for _line, _column, text in cells}


def play_until(session: Session, wanted: object, seed: int = 1) -> str:
    """Play random moves (chance by the session's seed) until a person's move makes
    `wanted(marks)` true; that move is returned, just played."""
    rng = random.Random(seed)
    for _step in range(2000):
        if session.state.is_chance_node():
            session.step_chance()
            continue
        move = rng.choice(session.state.legal_moves())
        before = session.last_move
        session.play(move)
        if session.last_move is not before and wanted(session.last_move):  # type: ignore[operator]
            return move
    raise AssertionError("no such move came")


def single(marks: Marks | None) -> bool:
    return marks is not None and len(marks.left) == 1 and len(marks.arrived) == 1


def test_madn_marks_the_field_left_and_the_piece_arrived() -> None:
    session = Session(spieltisch.load("madn", players=2), [HUMAN, HUMAN], seed=4)
    play_until(session, lambda marks: single(marks) and next(iter(marks.left)).isdigit())
    marks = session.last_move
    assert marks is not None
    source, target = next(iter(marks.left)), next(iter(marks.arrived))
    board = render_board(session.state, None, marks=BoardMarks(last=marks))
    (sx, sy), (tx, ty) = TRACK_XY[int(source) - 1], TRACK_XY[int(target) - 1]
    tags = {piece_tag(colour) for colour in (0, 2)}  # two players: red and yellow
    underlined = [(line, column // 4, text) for line, column, text in marked(board, "underline")]
    assert (sy, sx, source) in underlined  # the field it left shows its number
    [arrived] = [cell for cell in underlined if cell[2] in tags]
    assert arrived[:2] == (ty, tx) and len(underlined) == 2


def test_madn_marks_the_base_a_piece_came_out_of() -> None:
    session = Session(spieltisch.load("madn", players=2), [HUMAN, HUMAN], seed=2)
    play_until(session, lambda marks: marks is not None and "red:b" in marks.left)
    board = render_board(session.state, None, marks=BoardMarks(last=session.last_move))
    base = {(y, x) for x, y in BASE_XY[0]}
    underlined = {(line, column // 4) for line, column, _text in marked(board, "underline")}
    assert base <= underlined and (4, 0) in underlined  # red's base and its start field


def test_mabula_marks_the_squares_of_the_move_and_previews_the_highlighted_one() -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=3)
    move = play_until(session, single)
    source, target = move.split("-")
    assert session.last_move == Marks(frozenset({source}), frozenset({target}))
    seat = session.to_move
    preview = next(m for m in session.state.legal_moves() if single(session.preview(m, seat)))
    board = render_board(
        session.state,
        seat,
        marks=BoardMarks(last=session.last_move, preview=session.preview(preview, seat)),
    )

    def cell(square: str) -> tuple[int, int]:
        return 1 + 7 - (int(square[1]) - 1), 5 + 3 * "abcdefgh".index(square[0])  # its symbol

    assert {c[:2] for c in marked(board, "underline")} == {cell(source), cell(target)}
    start, end = preview.split("-")
    reversed_ = marked(board, "reverse")
    assert {c[:2] for c in reversed_} == {cell(start), cell(end)}
    assert texts(reversed_) & {"○", "●"}  # the marble that would move


def test_mahe_marks_the_field_a_stack_left_and_the_one_it_reached() -> None:
    session = Session(spieltisch.load("mahe", players=3), [HUMAN] * 3, seed=5)
    play_until(
        session, lambda marks: marks is not None and "raft" not in marks.places and single(marks)
    )
    marks = session.last_move
    assert marks is not None
    board = render_board(session.state, None, marks=BoardMarks(last=marks))
    assert texts(marked(board, "underline")) == marks.places  # the two field numbers


def test_mahe_previews_where_stop_takes_the_turtle() -> None:
    session = Session(spieltisch.load("mahe", players=3), [HUMAN] * 3, seed=5)
    rng = random.Random(3)
    for _step in range(500):
        if session.state.is_chance_node():
            session.step_chance()
        elif "stop" in session.state.legal_moves():
            break
        else:
            session.play(rng.choice(session.state.legal_moves()))
    seat = session.to_move
    assert session.preview("roll", seat) is None  # the die decides: nothing to show yet
    preview = session.preview("stop", seat)
    assert preview is not None
    board = render_board(session.state, seat, marks=BoardMarks(preview=preview))
    shown = texts(marked(board, "reverse"))
    assert shown == {"Raft:" if place == "raft" else place for place in preview.places}


def test_david_goliath_marks_the_card_played_and_previews_a_card_of_the_hand() -> None:
    session = Session(spieltisch.load("david_goliath", players=3), [HUMAN] * 3, seed=1)
    move = play_until(
        session, lambda marks: marks is not None and not session.state.is_chance_node()
    )
    seat = session.to_move
    card = session.state.legal_moves()[-1]
    marks = BoardMarks(last=session.last_move, preview=session.preview(card, seat))
    panel = render_panel(session.state, seat, marks=marks)
    assert panel is not None
    assert texts(marked(panel, "underline")) == {move}  # in the trick on the table
    board = render_board(session.state, seat, beside=True, marks=marks)
    hand = texts(marked(board, "reverse"))
    assert card[1:] in hand and hand <= {card[0], card[1:]}  # the card in the hand


def test_plain_mode_underlines_the_last_move() -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=3)
    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    PlainPlay(session, console).run(io.StringIO("1\n"))
    source, target = session.log[-1].move.split("-")
    output = console.file.getvalue()  # type: ignore[attr-defined]
    rows = output.rsplit("a  b  c", 2)[-2].split("\n")[1:]  # the board drawn after the move
    underlined = {
        (line, "abcdefgh"[(column - 4) // 3] + str(8 - line))
        for line, row in enumerate(rows)
        for column in underlined_columns(row)
    }
    assert {square for _line, square in underlined} == {source, target}


def underlined_columns(row: str) -> list[int]:
    """The columns where underlined text starts in a line of terminal output."""
    columns: list[int] = []
    column = 0
    underline = False
    for match in re.finditer(r"\x1b\[([0-9;]*)m|([^\x1b]+)", row):
        if match.group(2) is not None:
            if underline and match.group(2).strip():
                columns.append(column)
            column += len(match.group(2))
            continue
        params = [int(p) for p in match.group(1).split(";") if p] or [0]
        index = 0
        while index < len(params):
            code = params[index]
            if code in (38, 48):  # a colour: 5;n or 2;r;g;b follow
                index += 3 if params[index + 1] == 5 else 5
                continue
            if code == 0:
                underline = False
            elif code == 4:
                underline = True
            index += 1
    return columns


# -- the app, at 80×24, as a person presses keys ---------------------------------------------


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_app_previews_the_highlighted_move_and_underlines_the_last(code: str) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=3, budget=BUDGET)
    app = PlayApp(session, language=code, delay=0, offer_kept=False)

    def board() -> RenderableType:
        return app.query_one("#board", Static).content  # type: ignore[return-value]

    def squares(cells: list[Cell]) -> set[tuple[int, int]]:
        return {cell[:2] for cell in cells}

    def cell(square: str) -> tuple[int, int]:
        return 1 + 7 - (int(square[1]) - 1), 5 + 3 * "abcdefgh".index(square[0])  # its symbol

    def places(marks: Marks | None) -> set[tuple[int, int]]:
        assert marks is not None
        return {cell(square) for square in marks.places}

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.waiting_for_human)
            moves = app.query_one("#moves", OptionList)
            first = app._choices[0]
            assert squares(marked(board(), "reverse")) == places(session.preview(first, 0))
            await pilot.press("down", "down")
            await pilot.pause()
            third = app._choices[moves.highlighted or 0]
            assert moves.highlighted == 2
            shown = squares(marked(board(), "reverse"))
            assert shown == places(session.preview(third, 0))
            assert cell(third.split("-")[0]) in shown
            assert shown != places(session.preview(first, 0))  # the first is no longer shown
            played = len(session.log)
            await pilot.press("enter")
            await until(pilot, lambda: app.waiting_for_human and len(session.log) > played + 1)
            reply = session.log[-1]
            assert reply.player == 1
            underlined = squares(marked(board(), "underline"))
            assert underlined == places(session.last_move)
            assert cell(reply.move.split("-")[0]) in underlined  # where the computer pushed
            # the new position's first move is previewed, none of the old one
            assert squares(marked(board(), "reverse")) == places(
                session.preview(app._choices[0], 0)
            )

    asyncio.run(scenario())


def test_replay_underlines_each_position_s_last_move() -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=3)
    play_until(session, lambda _marks: len(session.log) > 12)
    history = session.state.history()
    steps = _replay_steps(session.state, ["White", "Black"])
    for count, step in enumerate(steps[1:], 1):
        replayed = Session(session.game, [HUMAN, HUMAN], history=history[:count])
        assert step.last_move == replayed.last_move
        move = history[count - 1]
        if "-" in move:  # a move (not the set-up): the marble left the square it came from
            assert step.last_move is not None and move.split("-")[0] in step.last_move.left
