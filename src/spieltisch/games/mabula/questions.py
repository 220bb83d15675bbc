"""Questions about a Mabula position, answered in words from a seat's view
(`core/questions.py`): where my marbles are, where all are, what is on a square, the
score (the largest group)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.core.i18n import before_punctuation
from spieltisch.core.questions import Question, QuestionError, sentences, unknown_question
from spieltisch.games.mabula.geometry import COLUMNS, SIZE, cell_of, colour_name, is_corner, is_edge
from spieltisch.games.mabula.messages import _, _n
from spieltisch.games.mabula.rules import MabulaGame

LETTERS = ("w", "b")
"""The marbles of seat 0 (white) and seat 1 (black) in the view's board."""


def questions(game: MabulaGame) -> list[Question]:
    return [
        Question("mine", _("Where are my marbles?")),
        Question("marbles", _("Where are all the marbles?")),
        Question("field", _("What is on a square?"), _("Square (a2 to h7)")),
        Question("score", _("What is the score?")),
    ]


def answer(
    game: MabulaGame, view: Mapping[str, Any], seat: int | None, key: str, argument: str = ""
) -> str:
    board: dict[str, str] = view["board"]
    if key == "mine":
        if seat is None:
            raise QuestionError(_("You watch this table: you have no marbles."))
        return _marbles(board, LETTERS[seat])
    if key == "marbles":
        return sentences([_marbles(board, letter) for letter in LETTERS])
    if key == "field":
        square = _square(argument)
        if square not in board:
            return _("Square {square} is empty.").format(square=square)
        return _("Square {square}: a marble of {colour}.").format(
            square=square, colour=colour_name(board[square])
        )
    if key == "score":
        scores: list[float] = view["scores"]
        return sentences(
            [
                _n("{colour}: {count} point", "{colour}: {count} points", round(score)).format(
                    colour=colour_name(letter), count=round(score)
                )
                for letter, score in zip(LETTERS, scores, strict=True)
            ]
        )
    raise unknown_question(key, questions(game))


def _square(argument: str) -> str:
    typed = argument.strip().lower()
    if len(typed) >= 2 and typed[0] in COLUMNS and typed[1:].isdigit():
        col, row = cell_of(typed)
        if 0 <= row < SIZE and not is_corner(col, row):
            return typed
    raise QuestionError(
        _("“{typed}” is not a square: give a letter a to h and a number 1 to 8, as c4.").format(
            typed=argument.strip()
        )
    )


def _marbles(board: Mapping[str, str], letter: str) -> str:
    """ "White: in the field c4, d4; on the edge a2, h5." """
    field = sorted(
        (s for s, m in board.items() if m == letter and not is_edge(*cell_of(s))), key=_order
    )
    edge = sorted((s for s, m in board.items() if m == letter and is_edge(*cell_of(s))), key=_order)
    parts = []
    if field:
        parts.append(_("in the field {squares}").format(squares=", ".join(field)))
    if edge:
        parts.append(_("on the edge {squares}").format(squares=", ".join(edge)))
    if not parts:
        parts.append(_("none on the board"))
    return (
        _("{colour}: {where}").format(
            colour=colour_name(letter), where=f"{before_punctuation()}; ".join(parts)
        )
        + "."
    )


def _order(square: str) -> tuple[int, int]:
    col, row = cell_of(square)
    return row, col
