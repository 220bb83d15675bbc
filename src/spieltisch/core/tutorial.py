"""An interactive tutorial: a short scripted game in which the person makes the moves
asked of them and each step explains what happened.

A game lists its tutorial in `spieltisch/games/GAME/tutorial.py` (`TUTORIAL`): the
options, the set-up outcomes, then steps. A step first plays its `auto` entries (the
dice, the computer players' moves), then shows the position with its words and, where
it asks one, waits for the person's move. The engine plays every step, so a script that
asks for an illegal move fails (`frames` raises; tests/core/test_tutorial.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.i18n import check_language, language
from spieltisch.core.protocol import State
from spieltisch.core.registry import load, parts


@dataclass(frozen=True)
class Step:
    say: str
    """What the step explains (English; the game's catalog translates it)."""
    auto: Sequence[str] = ()
    """Played before the step is shown: chance outcomes and the computer players' moves."""
    ask: str | None = None
    """The move the person is asked to make; None: the step only explains (Next)."""


@dataclass(frozen=True)
class Tutorial:
    steps: Sequence[Step]
    setup: Sequence[str] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    seat: int = 0
    """The person's seat; the others are played by the script."""


OFFERED = 4
"""How many moves a step offers to choose from: the one asked among a few others (every
legal push of a Mabula edge would bury it); the board takes any of them."""


def _offered(legal: list[str], asked: str | None) -> list[str]:
    others = [move for move in legal if move != asked][: OFFERED - 1]
    return sorted([*others, *([asked] if asked else [])], key=legal.index)


def tutorial_of(game: str) -> Tutorial | None:
    """The game's tutorial, or None for a game without one."""
    found: Tutorial | None = parts(game).tutorial_script
    return found


def frames(game: str, code: str) -> list[dict[str, Any]]:
    """Each step as the person sees it: the board drawn for their seat, the words, the
    move asked (with its words) and the legal moves to choose from, in `code`."""
    from spieltisch.core.svg import draw_state

    tutorial = tutorial_of(game)
    if tutorial is None:
        raise LookupError(f"{game} has no tutorial")
    part = parts(game)
    state: State = load(game, **tutorial.options).new_state()
    for entry in tutorial.setup:
        state.apply(entry)
    shown = []
    with language(check_language(code)):
        for step in tutorial.steps:
            for entry in step.auto:
                state.apply(entry)
            history = state.history()
            asks = step.ask is not None
            mine = state.current_player == tutorial.seat
            if asks and not (mine and step.ask in state.legal_moves()):
                raise ValueError(f"{game}'s tutorial asks for {step.ask}, not legal now")
            words = part.describe_move
            moves = _offered(state.legal_moves(), step.ask) if asks else []
            shown.append(
                {
                    "say": part.gettext(step.say),
                    "board_svg": draw_state(
                        state,
                        tutorial.seat,
                        language=code,
                        last_move=history[-1] if history else None,
                    ),
                    "ask": step.ask,
                    "moves": [
                        {"move": move, "words": words(state, move) if words else move}
                        for move in moves
                    ],
                }
            )
            if step.ask is not None:
                state.apply(step.ask)
    return shown
