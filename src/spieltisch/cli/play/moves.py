"""Moves in words (each game's `describe.py`) and moves typed by people."""

from __future__ import annotations

import re

from spieltisch.core import State
from spieltisch.core.i18n import get_language
from spieltisch.core.registry import parts

LIST_NUMBER = re.compile(r"[0-9]{1,4}")
"""A number in the list of legal moves: ASCII digits (`²` and `٣` are digits to isdigit)."""


def describe(state: State, move: str) -> str:
    """The move (or chance outcome) in words, from the game's `describe_move`; else its notation."""
    describer = parts(state.game).describe_move
    if describer is None:
        return move
    return describer(state, move)


def is_notation(state: State, text: str) -> bool:
    """Whether the text is a move token of the game (legal here or not)."""
    try:
        state.game.move_to_action(text)
    except (KeyError, ValueError):
        return False
    return True


def list_number(index: int) -> str:
    """How entry `index` (from 1) of the move list is shown and typed: `#3` in every game,
    so that a list number can never be read as a field."""
    return f"#{index}"


def list_index(text: str) -> int | None:
    """The list entry a typed `#3` (or a bare `3`) names, from 1; None for anything else."""
    typed = text.strip()
    number = typed[1:].strip() if typed.startswith("#") else typed
    if LIST_NUMBER.fullmatch(number):
        return int(number)
    return None


def parse_move(state: State, text: str) -> str:
    """A typed move: its notation, or its number in the list of legal moves (from 1).

    `#3` is always the third move of the list; a bare `3` is the list's third move only
    where `3` is not the game's own notation (in Mensch ärgere Dich nicht it is a field).
    """
    typed = text.strip().lower()
    index = list_index(typed)
    if index is not None and (typed.startswith("#") or not is_notation(state, typed)):
        legal = state.legal_moves()
        if 1 <= index <= len(legal):
            return legal[index - 1]
    if state.current_player >= 0 and not is_notation(state, typed):
        meant = typed_aliases(state).get(" ".join(typed.split()))
        if meant is not None:
            return meant
    return typed


def typed_aliases(state: State) -> dict[str, str]:
    """The words of the current language a game accepts for its legal moves (`würfeln`
    for `roll`, `grün 5` for `g5`): its describe part's `typed_aliases`, if it has one."""
    module = parts(state.game).module("describe")
    aliases = getattr(module, "typed_aliases", None) if module is not None else None
    return dict(aliases(state)) if aliases is not None else {}


def shown_notation(state: State, move: str, aliases: dict[str, str] | None = None) -> str:
    """How a legal move is shown for typing, in the reader's language: in German and
    French the game's first word for it (`würfeln`, `rot 12`, `lancer`), else its
    notation, which is English (`roll`, `r12`) or reads the same in every language
    (fields and squares: `17`, `c1-c2`). `aliases` saves asking the game again when a
    whole list is shown."""
    if get_language() == "en":
        return move
    words = typed_aliases(state) if aliases is None else aliases
    for typed, meant in words.items():
        if meant == move and typed != move:
            return typed
    return move
