"""Where are the unseen cards? A model from the deal's public plays, and worlds drawn by it.

A uniform deal of the unseen cards (`DavidGoliathState.determinize`) respects only the
voids a player has shown. The plays say more: a player who followed blue with a 9 while
holding the blue 2 chose the 9 over it, and players do not choose at random. For each
other player `q` and each card `c` the seat cannot see, the model looks only at `q`'s
public plays in this deal (the cards are open once played) and puts the pair in a
bucket: how many times `q` followed `c`'s colour with a higher card, how many with a
lower one, and whether `q` led that colour higher or lower. Each bucket has a score, the
likelihood ratio P(bucket | q holds c) / P(bucket | q does not), counted on the engine's
own deals (`benchmarks/card_inference.py --train`; the counts ship as `inference.json`).
A deal of the unseen cards is then scored by the product of its pairs' scores (naive
Bayes), and `inferred_world` draws `candidates` uniform consistent deals and keeps one
in proportion to its score (sampling importance resampling): with many candidates that
draws from the model's posterior over the deals. A search, which wants thousands of
worlds of one position, gets them from `InferredSampler` at the cost of one uniform deal
each (a Metropolis-Hastings chain with the uniform deals as proposals).

Only what the seat sees goes in: the plays of the current deal after its deal token
(never the token, which holds the true hands), the seat's own hand, the voids. Two
positions the seat cannot tell apart give the same worlds for the same random numbers
(tests/games/david_goliath/test_inference.py checks this, and that a planted leak
fails).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from spieltisch.games.david_goliath.rules import (
    BIT,
    COLOUR_OF,
    VALUE_OF,
    DavidGoliathState,
    cards_of,
)

MODEL = Path(__file__).with_name("inference.json")
BUCKETS = 3 * 3 * 2 * 2
CANDIDATES = 8
"""Uniform deals drawn per world kept."""


@dataclass(frozen=True)
class Play:
    """A card played in the current deal: by whom, which, and the colour it followed
    (-1: it led the trick)."""

    player: int
    card: int
    led: int


def deal_plays(state: DavidGoliathState) -> list[Play]:
    """The cards played so far in the current deal, from the history after its deal
    token (never the token itself: it holds the hands)."""
    history = state.action_history()
    n = state.game.num_players
    start = -1
    deals = 0
    for index, entry in enumerate(history):
        if isinstance(entry, str) and entry.startswith("deal:"):
            start = index
            deals += 1
    if start < 0:
        return []
    leader = deals % n  # deal k (from 0) is led by the player after its dealer, k
    plays: list[Play] = []
    trick: list[int] = []
    for entry in history[start + 1 :]:
        if isinstance(entry, str):
            continue
        player = (leader + len(trick)) % n
        plays.append(Play(player, entry, COLOUR_OF[trick[0]] if trick else -1))
        trick.append(entry)
        if len(trick) == n:
            leader = (leader + _highest(trick)) % n
            trick = []
    return plays


def _highest(trick: Sequence[int]) -> int:
    """The position of the card that takes the rest (as the rules resolve a trick)."""
    values = [VALUE_OF[a] for a in trick]
    high = max(values)
    if high == min(values):
        return len(trick) - 1
    return len(trick) - 1 - values[::-1].index(high)


def buckets(plays: Sequence[Play], player: int, cards: Sequence[int]) -> list[int]:
    """Each card's bucket for `player` (0..BUCKETS-1) from that player's plays."""
    follows: dict[int, list[int]] = {}
    leads: dict[int, list[int]] = {}
    for play in plays:
        if play.player != player:
            continue
        colour = COLOUR_OF[play.card]
        if play.led < 0:
            leads.setdefault(colour, []).append(VALUE_OF[play.card])
        elif play.led == colour:
            follows.setdefault(colour, []).append(VALUE_OF[play.card])
    found = []
    for card in cards:
        colour, value = COLOUR_OF[card], VALUE_OF[card]
        followed = follows.get(colour, ())
        led = leads.get(colour, ())
        higher = min(2, sum(1 for v in followed if v > value))
        lower = min(2, sum(1 for v in followed if v < value))
        led_higher = 1 if any(v > value for v in led) else 0
        led_lower = 1 if any(v < value for v in led) else 0
        found.append(((higher * 3 + lower) * 2 + led_higher) * 2 + led_lower)
    return found


@cache
def log_scores() -> tuple[float, ...]:
    """The log likelihood ratio of each bucket, from the shipped counts (0: no model)."""
    if not MODEL.is_file():
        return (0.0,) * BUCKETS
    return scores_of(json.loads(MODEL.read_text(encoding="utf-8")))


def scores_of(model: dict[str, Any]) -> tuple[float, ...]:
    """Log likelihood ratios from counts, each bucket smoothed by one pair per class."""
    held, free = model["held"], model["not_held"]
    total_held, total_free = sum(held) + BUCKETS, sum(free) + BUCKETS
    return tuple(
        math.log((h + 1) / total_held) - math.log((f + 1) / total_free)
        for h, f in zip(held, free, strict=True)
    )


def unseen_cards(state: DavidGoliathState, player: int) -> list[int]:
    """The cards in the other players' hands: what `player` cannot see."""
    unseen = 0
    for q in range(state.game.num_players):
        if q != player:
            unseen |= state.hand_masks[q]
    return cards_of(unseen)


def card_scores(
    state: DavidGoliathState, player: int, scores: Sequence[float] | None = None
) -> dict[int, dict[int, float]]:
    """For each other player, the log score of each card `player` cannot see (only the
    cards whose score is not 0)."""
    scores = log_scores() if scores is None else scores
    n = state.game.num_players
    pool = unseen_cards(state, player)
    plays = deal_plays(state)
    found: dict[int, dict[int, float]] = {}
    for q in range(n):
        if q == player:
            continue
        mine = {c: scores[b] for c, b in zip(pool, buckets(plays, q, pool), strict=True)}
        found[q] = {c: s for c, s in mine.items() if s}
    return found


def world_score(world: DavidGoliathState, scores: dict[int, dict[int, float]]) -> float:
    """The log score of a world's deal of the unseen cards."""
    total = 0.0
    hands = world.hand_masks
    for q, cards in scores.items():
        hand = hands[q]
        for card, score in cards.items():
            if hand & BIT[card]:
                total += score
    return total


def inferred_world(
    state: DavidGoliathState,
    player: int,
    rng: random.Random,
    candidates: int = CANDIDATES,
    scores: dict[int, dict[int, float]] | None = None,
) -> DavidGoliathState:
    """A world for `player`: `candidates` consistent deals of the unseen cards drawn
    uniformly, one kept in proportion to its score. `scores` (from `card_scores`) may be
    given when many worlds are drawn from one position."""
    if state.current_player < 0:
        return state.determinize(player, rng)
    if scores is None:
        scores = card_scores(state, player)
    worlds = [state.determinize(player, rng) for _ in range(candidates)]
    if len(worlds) == 1 or not any(scores.values()):
        return worlds[0]
    logs = [world_score(world, scores) for world in worlds]
    top = max(logs)
    weights = [math.exp(value - top) for value in logs]
    pick = rng.random() * sum(weights)
    for world, weight in zip(worlds, weights, strict=True):
        pick -= weight
        if pick < 0:
            return world
    return worlds[-1]


class InferredSampler:
    """Worlds for a search, in proportion to the model's scores at the cost of one uniform
    deal each: an independence Metropolis-Hastings chain. Each call draws one uniform
    consistent deal and moves to it with probability min(1, its score / the current
    world's score), else gives the current world again (a copy). In the long run the
    worlds come in proportion to their scores, as `inferred_world` with many candidates
    would give them. The chain and the scores start anew with every position searched."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._scores: dict[int, dict[int, float]] = {}
        self._current: DavidGoliathState | None = None
        self._current_score = 0.0

    def __call__(
        self, state: DavidGoliathState, player: int, rng: random.Random
    ) -> DavidGoliathState:
        if state.current_player < 0:
            return state.determinize(player, rng)
        key = (player, *state.action_history())
        if key != self._key:
            self._key = key
            self._scores = card_scores(state, player)
            self._current = None
        proposal = state.determinize(player, rng)
        score = world_score(proposal, self._scores)
        current = self._current
        if current is None or rng.random() < math.exp(min(0.0, score - self._current_score)):
            self._current, self._current_score = proposal.clone(), score
            return proposal
        return current.clone()


# -- training -----------------------------------------------------------------------------


def count_position(state: DavidGoliathState, held: list[int], free: list[int]) -> None:
    """Add every (other player, unseen card) pair of the player to move to the counts, by
    bucket: held if that player holds the card. Pairs the voids rule out are left out."""
    me = state.current_player
    n = state.game.num_players
    pool = unseen_cards(state, me)
    plays = deal_plays(state)
    for q in range(n):
        if q == me:
            continue
        voids = set(state.voids(q))
        cards = [c for c in pool if COLOUR_OF[c] not in voids]
        hand = state.hand_masks[q]
        for card, bucket in zip(cards, buckets(plays, q, cards), strict=True):
            if hand & BIT[card]:
                held[bucket] += 1
            else:
                free[bucket] += 1
