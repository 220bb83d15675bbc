"""Mahé's shuffled deck in small chance steps, for adapters that want them (OpenSpiel)."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from spieltisch.core import IllegalMove
from spieltisch.core.chance import HIDDEN, ChanceSupport, Splitter, Visibility
from spieltisch.core.protocol import Game, State
from spieltisch.games.mahe.rules import MaheGame, MaheState


class DeckSplitter(Splitter):
    """`deck:<24 digits>` as 23 steps, each the value of the next card from the top
    (action v - 1 for value v); the 24th card is what remains. Nobody sees the steps."""

    def _deck(self, state: State) -> tuple[int, ...]:
        game: MaheGame = state.game  # type: ignore[assignment]
        return game.deck_values

    def max_outcomes(self, game: Game[Any]) -> int:
        return 9

    def _left(self, state: State, prefix: tuple[int, ...]) -> Counter[int]:
        left = Counter(self._deck(state))
        left.subtract(action + 1 for action in prefix)
        return left

    def outcomes(self, state: State, prefix: tuple[int, ...]) -> list[tuple[int, float]]:
        left = self._left(state, prefix)
        total = sum(left.values())
        return [(value - 1, count / total) for value, count in sorted(left.items()) if count > 0]

    def complete(self, state: State, prefix: tuple[int, ...]) -> str | None:
        deck = self._deck(state)
        if len(prefix) < len(deck) - 1:
            return None
        rest = [value for value, count in self._left(state, prefix).items() for _ in range(count)]
        return "deck:" + "".join(str(action + 1) for action in prefix) + "".join(map(str, rest))

    def split(self, state: State, outcome: str) -> list[int]:
        digits = outcome.removeprefix("deck:")
        if not outcome.startswith("deck:") or not digits.isdigit():
            raise IllegalMove(outcome, "the set-up is deck: and 24 digits")
        return [int(digit) - 1 for digit in digits[: len(self._deck(state)) - 1]]

    def describe(self, state: State, prefix: tuple[int, ...], action: int) -> str:
        return f"card{len(prefix) + 1}:{action + 1}"

    def visible_to(self, state: State, prefix: tuple[int, ...], action: int) -> Visibility:
        return HIDDEN


def cards_unseen(state: State) -> int:
    """How many cards are still unseen: it drops exactly when a card is turned up."""
    return len(cast(MaheState, state).unseen_cards())


def face_up(state: State) -> str:
    return f"up:{cast(MaheState, state).view(None)['face_up']}"


def _max_game_length(game: Game[Any]) -> int:
    # Busts can repeat without end; random play stays far below this.
    return 5_000


SUPPORT = ChanceSupport(DeckSplitter(), face_up, cards_unseen, max_game_length=_max_game_length)
