"""Compiled playouts of Mabula (numba, extra `fast`).

A position is one int64 array: the field bitboards and edge masks of `rules.MabulaState`
(same bit numbering), whose turn, and the number of legal actions (`nth_move` finds one
without listing the rest). `rules` stays the definition; the lockstep tests compare both
at every step.
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
    lowest_bit,
    places,
    popcount,
    uniform,
)
from spieltisch.games.mabula.rules import LINE_SQUARES, valid_setups

FW = 0
FB = 1
EW = 2
EB = 3
CP = 4
NMOVES = 5
SIZE = 6

PRODUCT = 0
GROUPS_TIEBREAK = 1

LINES = np.array(LINE_SQUARES, dtype=np.int64)
LINE_MASKS = np.array([sum(1 << sq for sq in line) for line in LINE_SQUARES], dtype=np.int64)

RANDOM = 0
POLICY = 1
STATS = 1
"""Per-player figures of a playout: the number of groups."""


def options_array(game: Any) -> np.ndarray:
    return np.array([game.product, game.groups_tiebreak], dtype=np.int64)


def setups_array() -> np.ndarray:
    """Every valid set-up as the white edge mask, in the engine's order."""
    masks = [
        sum(1 << e for e, letter in enumerate(text) if letter == "w") for text in valid_setups()
    ]
    return np.array(masks, dtype=np.int64)


@inner
def new_state() -> np.ndarray:
    s = np.zeros(SIZE, dtype=np.int64)
    s[CP] = CHANCE
    return s


@inner
def _free(occupied: int, edge: int) -> int:
    """Distances a marble from this edge may roll: the empty squares of its line."""
    return 6 - popcount(occupied & LINE_MASKS[edge])


@inner
def _count_moves(s: np.ndarray, player: int) -> int:
    own = s[EB] if player else s[EW]
    occupied = s[FW] | s[FB]
    count = 0
    while own:
        count += _free(occupied, lowest_bit(own))
        own &= own - 1
    return count


@inner
def nth_move(s: np.ndarray, index: int) -> int:
    """The `index`-th legal action in the engine's order (by edge, then distance), found
    without listing the others: a playout draws one move and lists none."""
    own = s[EB] if s[CP] else s[EW]
    occupied = s[FW] | s[FB]
    while True:
        edge = lowest_bit(own)
        free = _free(occupied, edge)
        if index < free:
            return 6 * edge + index
        index -= free
        own &= own - 1


@inner
def list_moves(s: np.ndarray, out: np.ndarray) -> int:
    """The legal actions into `out`, sorted; their number."""
    for index in range(s[NMOVES]):
        out[index] = nth_move(s, index)
    return int(s[NMOVES])


@inner
def _pass_or_end(s: np.ndarray, mover: int) -> None:
    other = 1 - mover
    count = _count_moves(s, other)
    if count:
        s[CP] = other
    else:
        count = _count_moves(s, mover)
        s[CP] = mover if count else TERMINAL
    s[NMOVES] = count


@inner
def set_up(s: np.ndarray, white: int) -> None:
    """The set-up chance outcome, as the white edge mask."""
    s[EW] = white
    s[EB] = 0xFFFFFF ^ white
    s[CP] = 0
    s[NMOVES] = _count_moves(s, 0)


@inner
def apply_action(s: np.ndarray, action: int) -> None:
    player = s[CP]
    edge = action // 6
    step = action % 6
    mask = LINE_MASKS[edge]
    fw = s[FW]
    fb = s[FB]
    in_white = fw & mask
    in_black = fb & mask
    if in_white | in_black:
        white = 0
        black = 0
        at = step
        for index in range(6):
            bit = 1 << LINES[edge, index]
            if in_white & bit:
                at = at + 1 if index <= at else index
                white |= 1 << LINES[edge, at]
            elif in_black & bit:
                at = at + 1 if index <= at else index
                black |= 1 << LINES[edge, at]
        fw ^= in_white ^ white
        fb ^= in_black ^ black
    marble = 1 << LINES[edge, step]
    if player:
        s[EB] ^= 1 << edge
        fb |= marble
    else:
        s[EW] ^= 1 << edge
        fw |= marble
    s[FW] = fw
    s[FB] = fb
    _pass_or_end(s, player)


@inner
def group_sizes(mask: int, out: np.ndarray) -> int:
    """Sizes of the orthogonal groups of a field bitboard, largest first; their number."""
    count = 0
    while mask:
        group = mask & -mask
        while True:
            grown = (group | group << 1 | group >> 1 | group << 8 | group >> 8) & mask
            if grown == group:
                break
            group = grown
        size = popcount(group)
        at = count
        while at > 0 and out[at - 1] < size:  # insertion, largest first
            out[at] = out[at - 1]
            at -= 1
        out[at] = size
        count += 1
        mask ^= group
    return count


@inner
def _score(sizes: np.ndarray, count: int, product: int) -> int:
    if count == 0:
        return 0
    if product:
        total = 1
        for i in range(count):
            total *= sizes[i]
        return total
    return int(sizes[0])


@inner
def result(
    s: np.ndarray,
    p: np.ndarray,
    scores: np.ndarray,
    ranks: np.ndarray,
    groups: np.ndarray,
    sizes: np.ndarray,
    keys: np.ndarray,
) -> None:
    """Scores, places and each player's number of groups; `sizes` (16) and `keys` (2)
    are scratch space, so that a playout allocates nothing per game."""
    for player in range(2):
        count = group_sizes(s[FB] if player else s[FW], sizes)
        groups[player] = count
        score = _score(sizes, count, p[PRODUCT])
        scores[player] = score
        key = 0
        if p[GROUPS_TIEBREAK]:
            for i in range(12):
                key = key * 13 + (sizes[i] if i < count else 0)
        keys[player] = score * 13**12 + key
    places(keys, ranks)


@inner
def sample_chance(s: np.ndarray, setups: np.ndarray, rng: np.ndarray) -> None:
    set_up(s, setups[below(rng, setups.shape[0])])


@loop
def playouts(
    p: np.ndarray,
    setups: np.ndarray,
    seeds: np.ndarray,
    policies: np.ndarray,
    scores: np.ndarray,
    ranks: np.ndarray,
    lengths: np.ndarray,
    stats: np.ndarray,
    s: np.ndarray,
    rng: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """Whole games from each seed (the rule of thumb is the random move here too).
    Compiled without numba's reference counting (`core.kernel.loop`), so it allocates
    nothing: the position `s`, the generator `rng` and 20 ints of `scratch` (group sizes,
    keys, groups) come from the caller."""
    sizes = scratch[0:16]
    keys = scratch[16:18]
    groups = scratch[18:20]
    for g in range(seeds.shape[0]):
        rng[0] = seeds[g]
        s[:] = 0
        s[CP] = CHANCE
        sample_chance(s, setups, rng)
        steps = 0
        while s[CP] != TERMINAL:
            apply_action(s, nth_move(s, int(uniform(rng) * s[NMOVES])))
            steps += 1
        lengths[g] = steps
        result(s, p, scores[g], ranks[g], groups, sizes, keys)
        for player in range(2):
            stats[g, player, 0] = groups[player]


ROW = 5


@njit(cache=True)
def replay(
    setups: np.ndarray,
    kinds: np.ndarray,
    values: np.ndarray,
    rows: np.ndarray,
    legal: np.ndarray,
) -> np.ndarray:
    """Apply a game's steps (kind 0 an action, 1 a set-up given as the white edge mask);
    after each write the engine's snapshot (fw, fb, ew, eb, turn) and the legal actions
    as three 48-bit words."""
    s = new_state()
    for i in range(kinds.shape[0]):
        if kinds[i] == 0:
            apply_action(s, values[i])
        else:
            set_up(s, values[i])
        rows[i, :] = s[:ROW]
        legal[i, :] = 0
        if s[CP] >= 0:
            for k in range(s[NMOVES]):
                action = nth_move(s, k)
                legal[i, action // 48] |= 1 << (action % 48)
    return s


class MabulaKernel:
    """The kernel behind one `rules.MabulaGame`."""

    stat_names = ("groups",)

    def __init__(self, game: Any) -> None:
        self.game = game
        self.players = 2
        self.params = options_array(game)
        self.setups = setups_array()

    def run(self, seeds: np.ndarray, policies: np.ndarray) -> Results:
        results = Results(len(seeds), 2, STATS)
        playouts(
            self.params,
            self.setups,
            seeds,
            policies,
            results.scores,
            results.ranks,
            results.lengths,
            results.stats,
            np.zeros(SIZE, dtype=np.int64),
            np.zeros(1, dtype=np.uint64),
            np.zeros(20, dtype=np.int64),
        )
        return results

    def new(self) -> np.ndarray:
        return new_state()

    def encode(self, step: str | int) -> tuple[int, int]:
        if isinstance(step, int):
            return 0, step
        return 1, sum(1 << e for e, letter in enumerate(step[6:]) if letter == "w")

    def replay(self, steps: list[tuple[int, int]]) -> tuple[np.ndarray, list[list[int]], list[int]]:
        kinds = np.array([k for k, _v in steps], dtype=np.int64)
        values = np.array([v for _k, v in steps], dtype=np.int64)
        rows = np.zeros((len(steps), ROW), dtype=np.int64)
        words = np.zeros((len(steps), 3), dtype=np.int64)
        s = replay(self.setups, kinds, values, rows, words)
        legal = [a | b << 48 | c << 96 for a, b, c in words.tolist()]
        return s, rows.tolist(), legal

    def current_player(self, s: np.ndarray) -> int:
        return int(s[CP])

    def legal_actions(self, s: np.ndarray) -> list[int]:
        if s[CP] < 0:
            return []
        out = np.zeros(144, dtype=np.int64)
        count = int(list_moves(s, out))
        return [int(action) for action in out[:count]]

    def apply_action(self, s: np.ndarray, action: int) -> None:
        apply_action(s, action)

    def apply_chance(self, s: np.ndarray, outcome: str) -> None:
        set_up(s, self.encode(outcome)[1])

    def policy_action(self, s: np.ndarray, draw: Any) -> int:
        return int(nth_move(s, int(draw() * s[NMOVES])))

    def snapshot(self, s: np.ndarray) -> tuple[int, ...]:
        return tuple(s[:ROW].tolist())

    def outcome(self, s: np.ndarray) -> tuple[list[float], list[int]]:
        scores = np.zeros(2, dtype=np.float64)
        ranks = np.zeros(2, dtype=np.int64)
        scratch = np.zeros(16, dtype=np.int64)
        result(s, self.params, scores, ranks, np.zeros(2, dtype=np.int64), scratch, ranks.copy())
        return scores.tolist(), ranks.tolist()


def kernel(game: Any) -> MabulaKernel:
    return MabulaKernel(game)
