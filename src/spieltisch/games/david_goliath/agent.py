"""David & Goliath knowledge for the AI: evaluation and a fast playout policy.

Read by `spieltisch.agents` through `knowledge(game)`. Works on the engine's bit masks
(`_hands`, `_won`, `_trick`, `_totals`). The searches call it on determinized states
only, so it may look at every hand of the state it is given.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from spieltisch.core import CHANCE
from spieltisch.core.level_spec import LevelSpec
from spieltisch.games.david_goliath.rules import (
    _CHUNK_ACTIONS,
    _CHUNK_MASK,
    _SHIFT,
    _VALUE_BITS,
    BIT,
    COLOUR_MASK,
    COLOUR_OF,
    HAND_SIZE,
    VALUE_OF,
    DavidGoliath,
    DavidGoliathState,
    cards_of,
    mask_points,
)

LEVELS: dict[str, LevelSpec] = {
    "easy": LevelSpec(
        "policy",
        "rules of thumb: the lowest card, but the last card of a trick takes what scores most",
        settings={"rules": "own"},
    ),
    "medium": LevelSpec("ismcts", "IS-MCTS, 40 iterations", iterations=40),
    "hard": LevelSpec("ismcts", "IS-MCTS, 300 iterations", iterations=300),
    "expert": LevelSpec(
        "ismcts", "IS-MCTS, 1 s or 3,000 iterations per move", iterations=3_000, seconds=1.0
    ),
}
"""The playing strengths, measured with benchmarks/strength.py (docs/strength.md)."""

DEAL_SPREAD = 9.0
"""Typical difference between two players' points in one deal still to play."""


class DavidGoliathKnowledge:
    """Points so far (finished deals plus the cards won in this one) and what is left."""

    playout_depth = 6 * HAND_SIZE + 1
    """Enough to finish the current deal from anywhere in it; playouts stop at the next deal."""

    def __init__(self, game: DavidGoliath) -> None:
        self.players = game.num_players
        self.deals = game.num_deals

    def samplers(self) -> dict[str, Callable[[], Callable[..., DavidGoliathState]]]:
        """How IS-MCTS may deal its worlds besides uniformly (`ISMCTSAgent(sampler=)`):
        "inferred" weighs the deals by the public plays (`inference.py`)."""
        from spieltisch.games.david_goliath.inference import InferredSampler

        return {"inferred": InferredSampler}

    def strengths(self, state: DavidGoliathState) -> tuple[Sequence[float], float]:
        won = state.won_masks
        totals = state.totals
        finished = state.deals_finished
        if state.current_player == CHANCE or finished >= self.deals:
            # between deals: the won piles were counted into the totals already
            current = [float(t) for t in totals]
            left = self.deals - finished
            cards_left = 0.0
        else:
            current = [float(t + mask_points(w)) for t, w in zip(totals, won, strict=True)]
            left = self.deals - finished - 1
            cards_left = sum(h.bit_count() for h in state.hand_masks) / (HAND_SIZE * self.players)
        spread = DEAL_SPREAD * math.sqrt(left + cards_left) + 0.5
        return current, spread

    def cutoff(self, state: DavidGoliathState) -> bool:
        """Playouts stop at a deal: what comes after is a fresh, unknown deal."""
        return state.current_player == CHANCE

    def playout_action(self, state: DavidGoliathState, rng: random.Random) -> int:
        """At random, except for the last card of a trick: the one that scores most."""
        player = state.current_player
        hand = state.hand_masks[player]
        led = state.led_colour
        cards: list[int] | None = None
        if led >= 0:
            follow = (hand >> _SHIFT[led]) & _VALUE_BITS
            if follow:
                chunk = 2 * led
                cards = list(_CHUNK_ACTIONS[chunk][follow & _CHUNK_MASK])
                high = follow >> 9
                if high:
                    cards += _CHUNK_ACTIONS[chunk + 1][high]
        if cards is None:
            cards = cards_of(hand)
        if len(cards) > 1 and len(state.trick) == self.players - 1:
            return self.last_card(state.trick, cards, state.won_masks[player], rng)
        return cards[int(rng.random() * len(cards))]

    def policy_action(self, state: DavidGoliathState, rng: random.Random) -> int:
        """The easy level's rules of thumb (docs/strength.md, "The levels at one table"):
        the last card of a trick takes what scores most; any other card is the lowest one
        allowed, as David: the lowest card of a trick takes its highest, one card, while
        the highest takes all the others, which soon spoils a colour (three or more count
        one point each). Among equal values, the colour least taken so far.
        The playouts stay random (`playout_action`): the searches want them unbiased, and
        the `policy` agent the kernel copies plays them."""
        player = state.current_player
        cards = state.legal_actions()
        won = state.won_masks[player]
        if len(cards) > 1 and len(state.trick) == self.players - 1:
            return self.last_card(state.trick, cards, won, rng)

        def taken(card: int) -> int:
            return (won & COLOUR_MASK[COLOUR_OF[card]]).bit_count()

        lowest = min(VALUE_OF[card] * 8 + taken(card) for card in cards)
        choices = [card for card in cards if VALUE_OF[card] * 8 + taken(card) == lowest]
        return choices[int(rng.random() * len(choices))]

    def last_card(
        self, trick: tuple[int, ...], cards: list[int], won: int, rng: random.Random
    ) -> int:
        """The card that completes the trick with the most points for its player."""
        before = mask_points(won)
        best = -1000
        choices: list[int] = []
        last = self.players - 1
        for card in cards:
            full = (*trick, card)
            low, high = taker_indexes(full)
            if high == last:
                gain = 0
                for other in full:
                    gain |= BIT[other]
                gain ^= BIT[full[high]]  # the highest card goes to the lowest
            elif low == last:
                gain = BIT[full[high]]
            else:
                gain = 0
            score = mask_points(won | gain) - before
            if score > best:
                best, choices = score, [card]
            elif score == best:
                choices.append(card)
        return choices[int(rng.random() * len(choices))]


def taker_indexes(trick: tuple[int, ...]) -> tuple[int, int]:
    """Positions in a full trick of the lowest and the highest card (GAMES.md: among equal
    values the later card counts as higher and as lower; all equal: the last card is the
    highest and the one before it the lowest)."""
    n = len(trick)
    values = [VALUE_OF[a] for a in trick]
    high = max(values)
    low = min(values)
    if high == low:
        return n - 2, n - 1
    return n - 1 - values[::-1].index(low), n - 1 - values[::-1].index(high)


def knowledge(game: DavidGoliath) -> DavidGoliathKnowledge:
    return DavidGoliathKnowledge(game)
