"""A game's parts the server shows: moves in words and the board as SVG.

Both come from the parts the game declares in the registry; the server never names a
game. Without a describe part a move is shown as its notation, without an svg part the
state message has no board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spieltisch.core import Game, LargeChanceNode, State
from spieltisch.core.i18n import language
from spieltisch.core.questions import Question, unknown_question
from spieltisch.core.registry import parts
from spieltisch.core.seat_names import seat_mark


def describe(state: State, move: str, lang: str) -> str:
    """`move` (played from `state`) in words, in `lang`; its notation when that fails."""
    describer = parts(state.game).describe_move
    if describer is None:
        return move
    with language(lang):
        try:
            return describer(state, move)
        except Exception:
            return move


def typed_words(state: State, lang: str) -> dict[str, list[str]]:
    """Each legal move's other words a person may type in `lang` (the game's describe
    part's `typed_aliases`), by move."""
    module = parts(state.game).module("describe")
    aliases = getattr(module, "typed_aliases", None) if module is not None else None
    if aliases is None:
        return {}
    words: dict[str, list[str]] = {}
    with language(lang):
        for word, move in aliases(state).items():
            words.setdefault(move, []).append(word)
    return words


def questions(game: Game[Any], lang: str) -> list[Question]:
    """The questions the game answers, in `lang` (none without a questions part)."""
    listed = parts(game).question_list
    if listed is None:
        return []
    with language(lang):
        return list(listed(game))


def answer(
    game: Game[Any], view: Mapping[str, Any], seat: int | None, key: str, argument: str, lang: str
) -> str:
    """A question answered in `lang` from `view` (the asking seat's) alone; raises
    `QuestionError` saying what was wrong."""
    answering = parts(game).answer_question
    with language(lang):
        if answering is None:
            raise unknown_question(key, [])
        return answering(game, view, seat, key, argument)


def board_svg(
    state: State,
    seat: int | None,
    legal_moves: Sequence[str],
    last_move: str | None,
    lang: str,
    view: Mapping[str, Any] | None = None,
) -> str | None:
    """The board of `seat` as the game's svg part draws it, or None without one
    (`view`: the seat's view when the caller has it already)."""
    board = parts(state.game).svg_board
    if board is None:
        return None
    with language(lang):
        return board(
            state.view(seat) if view is None else view,
            seat=seat,
            legal_moves=tuple(legal_moves),
            last_move=last_move,
            language=lang,
        )


def seat_marks(game: Game[Any], lang: str) -> list[str]:
    """Each seat's mark (colour or number) in `lang`, as the board names it."""
    with language(lang):
        return [seat_mark(game, seat) for seat in range(game.num_players)]


def chance_turn(state: State, seat: int | None) -> int | None:
    """Whose die a chance outcome about to be applied to `state` is: the seat of the turn
    at a small chance node (dice); None for a move, a shuffle or a deal (nobody's act)."""
    if seat is not None or not state.is_chance_node():
        return None
    try:
        state.chance_outcomes()
    except LargeChanceNode:
        return None
    return state.turn
