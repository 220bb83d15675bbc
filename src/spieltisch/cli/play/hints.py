"""Hints from `spieltisch.agents.hint`: the best move, its win chance, the alternatives."""

from __future__ import annotations

from spieltisch.agents import Budget, Hint, hint
from spieltisch.cli.messages import _
from spieltisch.cli.play.moves import describe, shown_notation
from spieltisch.core import SpieltischError, State
from spieltisch.core.formats import percent

__all__ = ["Hint", "HintUnavailable", "alternative_line", "compute_hint", "hint_line"]


class HintUnavailable(Exception):
    """No hint can be given here (no player is to move)."""


def compute_hint(state: State, budget: Budget | None = None, seed: int | None = None) -> Hint:
    """The expert's advice for the player to move in `state` (its own budget unless given)."""
    if state.current_player < 0:
        raise HintUnavailable(_("there is no move to give a hint for"))
    try:
        return hint(state, budget=budget, seed=seed)
    except SpieltischError as refused:
        raise HintUnavailable(str(refused)) from None


def hint_line(state: State, move: str, chance: float | None) -> str:
    """The hint in words: the move (as the reader types it), what it does, and the win
    chance where known."""
    words, shown = describe(state, move), shown_notation(state, move)
    if chance is None:
        return _("Hint: {move} — {words}").format(move=shown, words=words)
    return _("Hint: {move} — {words} (win chance {chance})").format(
        move=shown, words=words, chance=percent(chance)
    )


def alternative_line(state: State, move: str, chance: float | None) -> str:
    """One of the other moves the hint ranked."""
    words, shown = describe(state, move), shown_notation(state, move)
    if chance is None:
        return f"{shown} — {words}"
    return _("{move} — {words} (win chance {chance})").format(
        move=shown, words=words, chance=percent(chance)
    )
