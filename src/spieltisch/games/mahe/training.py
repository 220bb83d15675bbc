"""Training the learned evaluation of Mahé on kernel games (numba).

The kernel plays whole games with the rule of thumb; at sampled positions between two
turtle moves (where the expert's search rates positions) it writes each player's
features (`evaluation.py` has the list), and when the game is over it takes one step of
stochastic gradient descent per sampled position on the softmax model (`core.training`).
`scripts/train_evaluation.py --game mahe` drives it and writes the weights.

`features` here and `evaluation.MaheEvaluation.features` compute the same numbers, one
from the kernel's array, one from the engine's state; a test compares them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spieltisch.core.kernel import CHANCE, TERMINAL, below, inner, uniform
from spieltisch.core.training import shares_of_first, softmax_step
from spieltisch.games.mahe.evaluation import (
    CARDS,
    CARRY,
    EGGS,
    FEATURES,
    FIELD,
    PENDING,
    PRIZE,
    TEMPO,
)
from spieltisch.games.mahe.kernel import (
    CHOOSE,
    CP,
    DECK,
    EACH,
    HEIGHT,
    NDICE,
    PHASE,
    POS,
    RANDOM,
    ROLLING,
    SECOND,
    SIZE,
    STACK,
    TOP,
    TURN,
    WON,
    N,
    apply_action,
    legal,
    new_state,
    policy_action,
    result,
    sample_chance,
)

MAX_SAMPLES = 512
"""Sampled positions kept per game (a game has a few hundred turtle moves at most)."""


@inner
def _bucket(field: int) -> int:
    return min((20 - field) // 3, 6) if field < 21 else 6


@inner
def features(s: np.ndarray, p: np.ndarray, x: np.ndarray) -> None:
    """Each player's features (rows of `x`) in position `s`: see `evaluation.py`."""
    n = p[N]
    x[:] = 0.0
    top = s[TOP]
    prize = (s[DECK + top] if top < 24 else 7) / 7.0
    for turtle in range(n * p[EACH]):
        if s[POS + turtle] == 0:
            x[turtle % n, FIELD] += 1.0
            x[turtle % n, PRIZE + 21] += prize
    for field in range(1, 22):
        height = s[HEIGHT + field]
        if height == 0:
            continue
        bucket = _bucket(field)
        leader = s[STACK + 7 * field + height - 1] % n
        for level in range(height):
            player = s[STACK + 7 * field + level] % n
            status = 0 if height == 1 else 1 if level == height - 1 else 2
            x[player, FIELD + 22 * status + field] += 1.0
            x[player, PRIZE + 7 * status + bucket] += prize
            if status == 2 and player != leader:
                x[leader, CARRY + bucket] += 1.0
    left = 24 - top
    turn = s[TURN]
    pending = s[PHASE] == CHOOSE or s[SECOND] >= 0
    for player in range(n):
        eggs = 0
        cards = 0
        for value in range(1, 10):
            eggs += value * s[WON + 10 * player + value]
            cards += s[WON + 10 * player + value]
        x[player, EGGS + left] += eggs / 10.0
        x[player, CARDS] += cards
        x[player, TEMPO + (player - turn) % n] += 1.0
        if pending and player == turn:
            x[player, PENDING] += 1.0


@inner
def _sampled(s: np.ndarray) -> bool:
    """Between two turtle moves: a player chooses a turtle, or a move's first die."""
    return bool((s[PHASE] == ROLLING and s[NDICE] == 0 and s[CP] == CHANCE) or s[PHASE] == CHOOSE)


@inner
def _game(
    s: np.ndarray,
    p: np.ndarray,
    policies: np.ndarray,
    rng: np.ndarray,
    pick: np.ndarray,
    sample: float,
    buffer: np.ndarray,
) -> int:
    """One whole game, each seat playing at random or by the rule of thumb (`policies`,
    as `kernel.playouts`); the features of the sampled positions go into `buffer`.
    Returns how many."""
    s[:] = new_state()
    actions = np.zeros(18, dtype=np.int64)
    kept = 0
    while s[CP] != TERMINAL:
        if kept < MAX_SAMPLES and _sampled(s) and uniform(pick) < sample:
            features(s, p, buffer[kept])
            kept += 1
        if s[CP] == CHANCE:
            sample_chance(s, p, rng)
        elif policies[s[CP]] == RANDOM:
            apply_action(s, p, actions[below(rng, legal(s, p, actions))])
        else:
            coin = uniform(rng) if s[PHASE] == CHOOSE else 0.0
            apply_action(s, p, policy_action(s, p, coin))
    return kept


@njit(cache=True)
def _descend(
    p: np.ndarray,
    seeds: np.ndarray,
    policies: np.ndarray,
    sample: float,
    rate: float,
    weights: np.ndarray,
    learn: bool,
) -> tuple[int, float]:
    """The games of `seeds`, each position's log loss, and (if `learn`) an SGD step per
    position. The kernel's moves allocate, so this loop keeps numba's reference counts."""
    n = p[N]
    s = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    pick = np.zeros(1, dtype=np.uint64)
    buffer = np.zeros((MAX_SAMPLES, n, FEATURES))
    chances = np.zeros(n)
    shares = np.zeros(n)
    scores = np.zeros(n)
    ranks = np.zeros(n, dtype=np.int64)
    used = 0
    loss = 0.0
    for g in range(seeds.shape[0]):
        rng[0] = seeds[g]
        pick[0] = seeds[g] ^ np.uint64(0x5DEECE66D)
        kept = _game(s, p, policies, rng, pick, sample, buffer)
        result(s, p, scores, ranks)
        shares_of_first(ranks, n, shares)
        for r in range(kept):
            loss = softmax_step(buffer[r], n, weights, shares, rate, learn, chances, loss)
            used += 1
    return used, loss / max(used, 1)


def run(
    p: np.ndarray,
    seeds: np.ndarray,
    policies: np.ndarray,
    sample: float,
    rate: float,
    weights: np.ndarray,
    learn: bool,
) -> tuple[int, float]:
    """Games from `seeds`, a share `sample` of their positions between moves used: with
    `learn` one SGD step of size `rate` on `weights` per position. Returns the positions
    used and their mean log loss (before each step: the training loss; without `learn`,
    the held-out loss of `weights`)."""
    used, loss = _descend(p, seeds, policies, sample, rate, weights, learn)
    return int(used), float(loss)
