"""Mabula's set-up in small chance steps, for adapters that want them (OpenSpiel)."""

from __future__ import annotations

import bisect
from functools import cache
from typing import Any

from spieltisch.core import IllegalMove
from spieltisch.core.chance import ChanceSupport, Splitter
from spieltisch.core.protocol import Game, State
from spieltisch.games.mabula.rules import valid_setups

LETTERS = "wb"


@cache
def _setups() -> tuple[str, ...]:
    return tuple(sorted(valid_setups()))


def _count(text: str) -> int:
    setups = _setups()
    return bisect.bisect_left(setups, text + "~") - bisect.bisect_left(setups, text)


def _text(prefix: tuple[int, ...]) -> str:
    return "".join(LETTERS[action] for action in prefix)


class SetupSplitter(Splitter):
    """`setup:<24 letters>`: one step per edge square in edge order, action 0 white, 1
    black, with the share of valid set-ups that continue that way; it stops as soon as
    the set-up is determined. Everyone sees every step."""

    def max_outcomes(self, game: Game[Any]) -> int:
        return 2

    def outcomes(self, state: State, prefix: tuple[int, ...]) -> list[tuple[int, float]]:
        text = _text(prefix)
        total = _count(text)
        counts = [(action, _count(text + letter)) for action, letter in enumerate(LETTERS)]
        return [(action, count / total) for action, count in counts if count]

    def complete(self, state: State, prefix: tuple[int, ...]) -> str | None:
        text = _text(prefix)
        if _count(text) != 1:
            return None
        setups = _setups()
        return "setup:" + setups[bisect.bisect_left(setups, text)]

    def split(self, state: State, outcome: str) -> list[int]:
        letters = outcome.removeprefix("setup:")
        if not outcome.startswith("setup:") or _count(letters) != 1 or len(letters) != 24:
            raise IllegalMove(outcome, "not a valid set-up")
        steps: list[int] = []
        while _count(_text(tuple(steps))) > 1:
            steps.append(LETTERS.index(letters[len(steps)]))
        return steps

    def describe(self, state: State, prefix: tuple[int, ...], action: int) -> str:
        return f"edge{len(prefix) + 1}:{LETTERS[action]}"


def _no_small_chance(game: Game[Any]) -> int:
    return 0


def _max_game_length(game: Game[Any]) -> int:
    return 24


SUPPORT = ChanceSupport(
    SetupSplitter(), max_chance_outcomes=_no_small_chance, max_game_length=_max_game_length
)
