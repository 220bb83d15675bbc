"""Compiled playouts of David & Goliath (numba, extra `fast`).

Cards keep the ids of `rules` (colour * 18 + value - 1); hands and won piles are held as
one 18-bit mask per colour (bit = value - 1). `rules.DavidGoliathState` stays the
definition; the lockstep tests compare both at every step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from spieltisch.core.kernel import (
    CHANCE,
    TERMINAL,
    Results,
    below,
    inner,
    loop,
    places,
    popcount,
    uniform,
)

HAND = 0  # 6 players x 5 colours
WON = 30  # 6 players x 5 colours
TRICK = 60  # card ids in playing order
NTRICK = 66
LED = 67
LEADER = 68
CP = 69
DEAL = 70
DONE = 71  # deals finished
VOID = 72  # bit 5 * player + colour
TOTAL = 73  # 6
HIGHS = 79  # tricks taken with the highest card, per player
BY_POSITION = 85  # points per deal position (0 = the player after the dealer, who leads)
SHUFFLE = 91  # scratch, 90: the deck being shuffled
FULL = 181  # scratch, 6: the trick with a candidate last card
MERGED = 187  # scratch, 5: the won pile with what a candidate takes
CHOICES = 192  # scratch, 15: the candidates that score most
SIZE = 207

N = 0
TOP = 1
DEALS = 2

VALUES = 18
RANDOM = 0
POLICY = 1
STATS = 2
"""Figures of a playout, per player: tricks taken with the highest card; per deal
position (row = position after the dealer): points scored from there."""


def options_array(game: Any) -> np.ndarray:
    return np.array([game.num_players, game.top, game.num_deals], dtype=np.int64)


@inner
def reset(s: np.ndarray) -> None:
    """The position before the first deal, in place (the playout loop allocates nothing)."""
    s[:] = 0
    s[CP] = CHANCE
    s[LED] = -1


@inner
def new_state() -> np.ndarray:
    s = np.zeros(SIZE, dtype=np.int64)
    reset(s)
    return s


@inner
def mask_points(masks: np.ndarray) -> int:
    """Points of a pile given per colour (rules.mask_points)."""
    total = 0
    for colour in range(5):
        m = masks[colour]
        if not m:
            continue
        count = popcount(m)
        if count >= 3:
            total += count
        else:
            high = 0
            low = VALUES
            for v in range(VALUES):
                if m >> v & 1:
                    high = v + 1
                    low = min(low, v + 1)
            total += high + (low if count == 2 else 0)
    return total


@inner
def start_deal(s: np.ndarray, p: np.ndarray, hands: np.ndarray) -> None:
    """A deal: `hands[player, colour]` masks."""
    for player in range(p[N]):
        for colour in range(5):
            s[HAND + 5 * player + colour] = hands[player, colour]
    _open_deal(s, p)


@inner
def _open_deal(s: np.ndarray, p: np.ndarray) -> None:
    """The rest of a deal once the hands are in the position."""
    n = p[N]
    for player in range(n):
        for colour in range(5):
            s[WON + 5 * player + colour] = 0
    s[NTRICK] = 0
    s[TRICK : TRICK + 6] = 0
    s[LED] = -1
    s[VOID] = 0
    s[LEADER] = (s[DEAL] + 1) % n
    s[CP] = s[LEADER]


@inner
def sample_deal(s: np.ndarray, p: np.ndarray, rng: np.ndarray) -> None:
    """Shuffle and deal 15 cards each, straight into the position's hands."""
    n = p[N]
    top = p[TOP]
    deck = s[SHUFFLE : SHUFFLE + 5 * top]
    for colour in range(5):
        for v in range(top):
            deck[colour * top + v] = colour * VALUES + v
    for i in range(deck.shape[0] - 1, 0, -1):
        j = below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for i in range(5 * n):
        s[HAND + i] = 0
    for i in range(deck.shape[0]):
        card = deck[i]
        s[HAND + 5 * (i // 15) + card // VALUES] |= 1 << (card % VALUES)
    _open_deal(s, p)


@inner
def legal(s: np.ndarray, out: np.ndarray) -> int:
    """The legal cards, ascending, into `out`; their number."""
    player = s[CP]
    led = s[LED]
    count = 0
    if led >= 0 and s[HAND + 5 * player + led]:
        m = s[HAND + 5 * player + led]
        for v in range(VALUES):
            if m >> v & 1:
                out[count] = led * VALUES + v
                count += 1
        return count
    for colour in range(5):
        m = s[HAND + 5 * player + colour]
        for v in range(VALUES):
            if m >> v & 1:
                out[count] = colour * VALUES + v
                count += 1
    return count


@inner
def taker_indexes(trick: np.ndarray, count: int) -> tuple[int, int]:
    """Positions of the lowest and the highest card in a full trick."""
    high = -1
    low = 100
    i_high = 0
    i_low = 0
    for i in range(count):
        value = trick[i] % VALUES
        if value >= high:
            high = value
            i_high = i
        if value <= low:
            low = value
            i_low = i
    if high == low:
        return count - 2, count - 1
    return i_low, i_high


@inner
def apply_action(s: np.ndarray, p: np.ndarray, card: int) -> None:
    n = p[N]
    player = s[CP]
    colour = card // VALUES
    s[HAND + 5 * player + colour] ^= 1 << (card % VALUES)
    if s[NTRICK]:
        led = s[LED]
        if colour != led:
            s[VOID] |= 1 << (5 * player + led)
        s[TRICK + s[NTRICK]] = card
        s[NTRICK] += 1
        if s[NTRICK] == n:
            _take(s, p)
            return
    else:
        s[LED] = colour
        s[TRICK] = card
        s[NTRICK] = 1
    player += 1
    s[CP] = player if player < n else 0


@inner
def _take(s: np.ndarray, p: np.ndarray) -> None:
    n = p[N]
    i_low, i_high = taker_indexes(s[TRICK:], n)
    leader = s[LEADER]
    taker_high = (leader + i_high) % n
    taker_low = (leader + i_low) % n
    for i in range(n):
        card = s[TRICK + i]
        taker = taker_low if i == i_high else taker_high
        s[WON + 5 * taker + card // VALUES] |= 1 << (card % VALUES)
    s[HIGHS + taker_high] += 1
    s[NTRICK] = 0
    s[TRICK : TRICK + 6] = 0
    s[LED] = -1
    s[LEADER] = taker_high
    empty = True
    for colour in range(5):
        if s[HAND + 5 * taker_high + colour]:
            empty = False
    if not empty:
        s[CP] = taker_high
        return
    for player in range(n):
        points = mask_points(s[WON + 5 * player : WON + 5 * player + 5])
        s[TOTAL + player] += points
        s[BY_POSITION + (player - s[DEAL] - 1) % n] += points
    s[DONE] += 1
    if s[DONE] >= p[DEALS]:
        s[CP] = TERMINAL
    else:
        s[DEAL] += 1
        s[CP] = CHANCE


@inner
def policy_action(s: np.ndarray, p: np.ndarray, cards: np.ndarray, count: int, pick: float) -> int:
    """`DavidGoliathKnowledge.playout_action` given its uniform: at random, except the
    last card of a trick, which scores most (ties at random)."""
    n = p[N]
    player = s[CP]
    if count <= 1 or s[NTRICK] != n - 1:
        return int(cards[int(pick * count)])
    won = s[WON + 5 * player : WON + 5 * player + 5]
    before = mask_points(won)
    full = s[FULL : FULL + 6]  # scratch slots: the playout loop allocates nothing
    for i in range(6):
        full[i] = s[TRICK + i]
    merged = s[MERGED : MERGED + 5]
    best = -1000
    choices = s[CHOICES : CHOICES + 15]
    found = 0
    for k in range(count):
        card = cards[k]
        full[n - 1] = card
        i_low, i_high = taker_indexes(full, n)
        for colour in range(5):
            merged[colour] = won[colour]
        if i_high == n - 1:
            for i in range(n):
                if i != i_high:
                    merged[full[i] // VALUES] |= 1 << (full[i] % VALUES)
        elif i_low == n - 1:
            merged[full[i_high] // VALUES] |= 1 << (full[i_high] % VALUES)
        score = mask_points(merged) - before
        if score > best:
            best = score
            found = 0
        if score == best:
            choices[found] = card
            found += 1
    return int(choices[int(pick * found)])


@loop
def playouts(
    p: np.ndarray,
    seeds: np.ndarray,
    policies: np.ndarray,
    scores: np.ndarray,
    ranks: np.ndarray,
    lengths: np.ndarray,
    stats: np.ndarray,
    s: np.ndarray,
    rng: np.ndarray,
    cards: np.ndarray,
) -> None:
    """Whole games from each seed. Compiled without numba's reference counting
    (`core.kernel.loop`), so it allocates nothing: the position `s`, the generator `rng`
    and the list of legal `cards` come from the caller; the steps use the position's
    scratch slots."""
    n = p[N]
    for g in range(seeds.shape[0]):
        rng[0] = seeds[g]
        reset(s)
        steps = 0
        while s[CP] != TERMINAL:
            if s[CP] == CHANCE:
                sample_deal(s, p, rng)
                continue
            count = legal(s, cards)
            if policies[s[CP]] == RANDOM:
                card = cards[below(rng, count)]
            else:
                card = policy_action(s, p, cards, count, uniform(rng))
            apply_action(s, p, card)
            steps += 1
        lengths[g] = steps
        places(s[TOTAL : TOTAL + n], ranks[g])
        for player in range(n):
            scores[g, player] = s[TOTAL + player]
            stats[g, player, 0] = s[HIGHS + player]
            stats[g, player, 1] = s[BY_POSITION + player]


ROW = 4 + 6 + 30 + 30 + 1 + 6 + 1


@njit(cache=True)
def replay(
    p: np.ndarray,
    kinds: np.ndarray,
    values: np.ndarray,
    deals: np.ndarray,
    rows: np.ndarray,
    legal_words: np.ndarray,
) -> np.ndarray:
    """Apply a game's steps (kind 0 a card, 1 the deal `deals[value]`); after each write
    whose turn, deal, leader, the trick, hands, won piles, voids, totals and led colour,
    and the legal cards as two 45-bit words."""
    s = new_state()
    cards = np.zeros(15, dtype=np.int64)
    for i in range(kinds.shape[0]):
        if kinds[i] == 0:
            apply_action(s, p, values[i])
        else:
            start_deal(s, p, deals[values[i]])
        out = rows[i]
        out[0] = s[CP]
        out[1] = s[DEAL]
        out[2] = s[LEADER]
        out[3] = s[NTRICK]
        out[4:10] = s[TRICK : TRICK + 6]
        out[10:40] = s[HAND : HAND + 30]
        out[40:70] = s[WON : WON + 30]
        out[70] = s[VOID]
        out[71:77] = s[TOTAL : TOTAL + 6]
        out[77] = s[LED]
        legal_words[i, :] = 0
        if s[CP] >= 0:
            for k in range(legal(s, cards)):
                legal_words[i, cards[k] // 45] |= 1 << (cards[k] % 45)
    return s


class DavidGoliathKernel:
    """The kernel behind one `rules.DavidGoliath` game."""

    stat_names = ("high_tricks", "points_by_deal_position")

    def __init__(self, game: Any) -> None:
        self.game = game
        self.players: int = game.num_players
        self.params = options_array(game)
        self._deals: list[list[list[int]]] = []

    def run(self, seeds: np.ndarray, policies: np.ndarray) -> Results:
        results = Results(len(seeds), self.players, STATS)
        playouts(
            self.params,
            seeds,
            policies,
            results.scores,
            results.ranks,
            results.lengths,
            results.stats,
            np.zeros(SIZE, dtype=np.int64),
            np.zeros(1, dtype=np.uint64),
            np.zeros(15, dtype=np.int64),
        )
        return results

    def new(self) -> np.ndarray:
        self._deals = []
        return new_state()

    def _hands(self, outcome: str) -> list[list[int]]:
        hands = []
        for part in outcome[5:].split("/"):
            masks = [0] * 5
            for token in part.split(","):
                colour = "rygbp".index(token[0])
                masks[colour] |= 1 << (int(token[1:]) - 1)
            hands.append(masks)
        return hands

    def encode(self, step: str | int) -> tuple[int, int]:
        if isinstance(step, int):
            return 0, step
        self._deals.append(self._hands(step))
        return 1, len(self._deals) - 1

    def replay(self, steps: list[tuple[int, int]]) -> tuple[np.ndarray, list[list[int]], list[int]]:
        kinds = np.array([k for k, _v in steps], dtype=np.int64)
        values = np.array([v for _k, v in steps], dtype=np.int64)
        deals = np.array(self._deals, dtype=np.int64).reshape(-1, self.players, 5)
        rows = np.zeros((len(steps), ROW), dtype=np.int64)
        words = np.zeros((len(steps), 2), dtype=np.int64)
        s = replay(self.params, kinds, values, deals, rows, words)
        self._deals = []
        return s, rows.tolist(), [a | b << 45 for a, b in words.tolist()]

    def current_player(self, s: np.ndarray) -> int:
        return int(s[CP])

    def legal_actions(self, s: np.ndarray) -> list[int]:
        if s[CP] < 0:
            return []
        cards = np.zeros(15, dtype=np.int64)
        return [int(c) for c in cards[: legal(s, cards)]]

    def apply_action(self, s: np.ndarray, action: int) -> None:
        apply_action(s, self.params, action)

    def apply_chance(self, s: np.ndarray, outcome: str) -> None:
        start_deal(s, self.params, np.array(self._hands(outcome), dtype=np.int64))

    def policy_action(self, s: np.ndarray, draw: Any) -> int:
        cards = np.zeros(15, dtype=np.int64)
        count = legal(s, cards)
        return int(policy_action(s, self.params, cards, count, draw()))

    def snapshot(self, s: np.ndarray) -> tuple[Any, ...]:
        """Whose turn, deal, leader, trick, hands and won piles (as the engine's masks),
        voids: the engine's snapshot without the dealt hands and per-deal scores."""
        v = s.tolist()
        n = self.players

        def joined(base: int, player: int) -> int:
            mask = 0
            for colour in range(5):
                mask |= v[base + 5 * player + colour] << (VALUES * colour)
            return mask

        return (
            v[CP],
            v[DEAL],
            v[LEADER],
            tuple(v[TRICK : TRICK + v[NTRICK]]),
            tuple(joined(HAND, q) for q in range(n)),
            tuple(joined(WON, q) for q in range(n)),
            v[VOID],
        )

    def outcome(self, s: np.ndarray) -> tuple[list[float], list[int]]:
        totals = s[TOTAL : TOTAL + self.players].copy()
        ranks = np.zeros(self.players, dtype=np.int64)
        places(totals, ranks)
        return [float(t) for t in totals.tolist()], ranks.tolist()


def kernel(game: Any) -> DavidGoliathKernel:
    return DavidGoliathKernel(game)
