"""Hints from `spieltisch.agents.hint`: the best move, its win chance, the alternatives."""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any

import spieltisch.agents
from spieltisch.agents import Budget
from spieltisch.cli.messages import _
from spieltisch.cli.play.moves import describe
from spieltisch.core import SpieltischError, State


class HintUnavailable(Exception):
    """No hint can be given (the hint function is missing, or it is not a decision)."""


@dataclass(frozen=True)
class Hint:
    """The best move, its win chance (None when unknown), the other moves best first."""

    move: str
    win_chance: float | None
    alternatives: list[tuple[str, float | None]] = field(default_factory=list)


def _first(obj: Any, names: tuple[str, ...]) -> Any:
    for name in names:
        if isinstance(obj, dict) and name in obj:
            return obj[name]
        if hasattr(obj, name):
            return getattr(obj, name)
    return None


def _chance(obj: Any) -> float | None:
    value = _first(obj, ("win_chance", "win", "value"))
    return float(value) if isinstance(value, int | float) else None


def _entry(item: Any) -> tuple[str, float | None]:
    if isinstance(item, tuple | list):
        move = str(item[0])
        value = item[1] if len(item) > 1 and isinstance(item[1], int | float) else None
        return move, None if value is None else float(value)
    return str(_first(item, ("move", "notation"))), _chance(item)


def compute_hint(state: State, budget: Budget | None = None, seed: int | None = None) -> Hint:
    """Ask `spieltisch.agents.hint` about the player to move in `state`."""
    function = getattr(spieltisch.agents, "hint", None)
    if function is None:
        raise HintUnavailable(_("hints are not available yet in this version"))
    if state.current_player < 0:
        raise HintUnavailable(_("there is no move to give a hint for"))
    wanted = {"budget": budget, "seed": seed}
    try:
        accepted = inspect.signature(function).parameters
        kwargs = {k: v for k, v in wanted.items() if k in accepted and v is not None}
    except (TypeError, ValueError):
        kwargs = {}
    try:
        result = function(state, **kwargs)
    except SpieltischError as refused:
        raise HintUnavailable(str(refused)) from None
    ranked = [
        _entry(item)
        for item in _first(result, ("alternatives", "ranked", "choices", "moves")) or []
    ]
    move = _first(result, ("move", "best", "best_move"))
    if move is None and ranked:
        move = ranked[0][0]
    if move is None:
        raise HintUnavailable(_("there is no move to give a hint for"))
    move = str(_first(move, ("move",)) or move) if not isinstance(move, str) else move
    chance = _chance(result)
    if chance is None:
        chance = next((value for alt, value in ranked if alt == move), None)
    return Hint(move, chance, [(alt, value) for alt, value in ranked if alt != move])


def hint_line(state: State, move: str, chance: float | None) -> str:
    """The hint in words: the move, what it does, and the win chance where known."""
    words = describe(state, move)
    if chance is None:
        return _("Hint: {move} — {words}").format(move=move, words=words)
    return _("Hint: {move} — {words} (win chance {chance})").format(
        move=move, words=words, chance=f"{chance:.0%}"
    )


def alternative_line(state: State, move: str, chance: float | None) -> str:
    """One of the other moves the hint ranked."""
    words = describe(state, move)
    if chance is None:
        return f"{move} — {words}"
    return _("{move} — {words} (win chance {chance})").format(
        move=move, words=words, chance=f"{chance:.0%}"
    )
