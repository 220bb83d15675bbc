"""David & Goliath's deal in small chance steps, for adapters that want them (OpenSpiel)."""

from __future__ import annotations

import math
from typing import Any

from spieltisch.core import IllegalMove
from spieltisch.core.chance import ChanceSupport, Splitter, Visibility
from spieltisch.core.protocol import Game, State
from spieltisch.games.david_goliath.rules import HAND_SIZE, DavidGoliath


def _deck(state: State) -> tuple[int, ...]:
    game: DavidGoliath = state.game  # type: ignore[assignment]
    return game.deck


class DealSplitter(Splitter):
    """`deal:<hand>/<hand>/...`: each hand but the last dealt card by card in ascending
    order (the action is the card's index in the deck), with the probability that this
    card is the lowest of the cards still to come to this hand; the last hand is what
    remains. Only the receiving player sees a step."""

    def max_outcomes(self, game: Game[Any]) -> int:
        return HAND_SIZE * game.num_players

    def outcomes(self, state: State, prefix: tuple[int, ...]) -> list[tuple[int, float]]:
        size = len(_deck(state))
        have = len(prefix) % HAND_SIZE
        need = HAND_SIZE - have
        lowest = prefix[-1] + 1 if have else 0
        dealt = set(prefix)
        eligible = [i for i in range(lowest, size) if i not in dealt]
        total = math.comb(len(eligible), need)
        outcomes = []
        for rank, index in enumerate(eligible):
            above = len(eligible) - rank - 1
            if above < need - 1:
                break
            outcomes.append((index, math.comb(above, need - 1) / total))
        return outcomes

    def complete(self, state: State, prefix: tuple[int, ...]) -> str | None:
        deck = _deck(state)
        n = state.game.num_players
        if len(prefix) < HAND_SIZE * (n - 1):
            return None
        dealt = set(prefix)
        hands = [sorted(prefix[h * HAND_SIZE : (h + 1) * HAND_SIZE]) for h in range(n - 1)]
        hands.append([i for i in range(len(deck)) if i not in dealt])
        name = state.game.action_to_move
        return "deal:" + "/".join(",".join(name(deck[i]) for i in hand) for hand in hands)

    def split(self, state: State, outcome: str) -> list[int]:
        deck = _deck(state)
        index = {state.game.action_to_move(card): i for i, card in enumerate(deck)}
        hands = outcome.removeprefix("deal:").split("/")
        if not outcome.startswith("deal:") or len(hands) != state.game.num_players:
            raise IllegalMove(outcome, "a deal is deal:<hand 0>/<hand 1>/...")
        try:
            return [i for hand in hands[:-1] for i in sorted(index[c] for c in hand.split(","))]
        except KeyError as card:
            raise IllegalMove(outcome, f"{card} is not a card of this game") from None

    def describe(self, state: State, prefix: tuple[int, ...], action: int) -> str:
        hand = len(prefix) // HAND_SIZE
        return f"p{hand}:{state.game.action_to_move(_deck(state)[action])}"

    def completed(self, state: State, prefix: tuple[int, ...]) -> list[tuple[str, Visibility]]:
        """The last hand is what remains: its player learns it."""
        deck = _deck(state)
        last = state.game.num_players - 1
        dealt = set(prefix)
        cards = [state.game.action_to_move(deck[i]) for i in range(len(deck)) if i not in dealt]
        return [(f"p{last}:" + ",".join(cards), last)]

    def visible_to(self, state: State, prefix: tuple[int, ...], action: int) -> Visibility:
        return len(prefix) // HAND_SIZE


def _no_small_chance(game: Game[Any]) -> int:
    return 0


def _max_game_length(game: Game[Any]) -> int:
    deals: int = game.num_deals  # type: ignore[attr-defined]
    return HAND_SIZE * game.num_players * deals


SUPPORT = ChanceSupport(
    DealSplitter(), max_chance_outcomes=_no_small_chance, max_game_length=_max_game_length
)
