"""Training the learned evaluation of Mensch ärgere Dich nicht on kernel games (numba).

The kernel plays whole games with the rule of thumb; at the start of sampled turns, before
anyone is home, it writes each player's features (`evaluation.py` has the list), and when
the game is over it takes one step of stochastic gradient descent per sampled position
on the softmax model: P(player wins) ∝ exp(weights · features of that player). The
result is the maximum-likelihood fit of who wins from where the pieces stand, from
millions of games; `scripts/train_evaluation.py` drives it and writes the weights.

`features` here and `evaluation.MadnEvaluation.features` compute the same numbers, one
from the kernel's arrays, one from the engine's state; a test compares them.
"""

from __future__ import annotations

import numpy as np

from spieltisch.core.kernel import CHANCE, TERMINAL, inner, loop, places, uniform
from spieltisch.core.training import shares_of_first, softmax_step, td_targets
from spieltisch.games.madn.evaluation import (
    ATTACK,
    ATTACK_DEPTH,
    FEATURES,
    RISK,
    STUCK,
    TEMPO,
)
from spieltisch.games.madn.kernel import (
    ABS,
    COLOUR,
    CP,
    FIN,
    NDICE,
    NFIN,
    OVER,
    PIECE,
    SIZE,
    TRACK,
    TURN,
    N,
    apply_action,
    choose,
    keys,
    reset,
    sample_chance,
)

MAX_SAMPLES = 512
"""Sampled positions kept per game (a game has a few hundred turns)."""


@inner
def _rel_on_track(p: np.ndarray, player: int, field: int) -> int:
    return int((field - 10 * p[COLOUR + player]) % 40)


@inner
def features(s: np.ndarray, p: np.ndarray, x: np.ndarray) -> None:
    """Each player's features (rows of `x`) in position `s`: see `evaluation.py`."""
    n = p[N]
    turn = s[TURN]
    x[:] = 0.0
    for player in range(n):
        count = 0
        on_track = 0
        for k in range(4):
            rel = s[PIECE + 4 * player + k]
            if rel < 0:
                continue
            count += 1
            x[player, rel] += 1.0
            if rel >= 40:
                continue
            on_track += 1
            field = p[ABS + 52 * player + rel]
            chance = 0.0
            for back in range(1, 7):
                spot = (field - back) % 40
                owner = s[TRACK + spot]
                if owner >= 0 and owner != player and _rel_on_track(p, owner, spot) + back < 40:
                    chance += 1.0 / 6.0
            for other in range(n):
                if other == player or p[ABS + 52 * other] != field:
                    continue
                waiting = False
                for j in range(4):
                    waiting |= s[PIECE + 4 * other + j] < 0
                if waiting:
                    chance += 1.0 / 6.0
            x[player, RISK + rel // 4] += min(chance, 1.0)
            for ahead in range(1, 7):
                if rel + ahead >= 40:
                    break
                spot = p[ABS + 52 * player + rel + ahead]
                owner = s[TRACK + spot]
                if owner >= 0 and owner != player:
                    x[player, ATTACK] += 1.0 / 6.0
                    x[player, ATTACK_DEPTH] += _rel_on_track(p, owner, spot) / 240.0
        if count < 4:
            spot = p[ABS + 52 * player]
            owner = s[TRACK + spot]
            if owner >= 0 and owner != player:
                x[player, ATTACK] += 1.0 / 6.0
                x[player, ATTACK_DEPTH] += _rel_on_track(p, owner, spot) / 240.0
        if on_track == 0:
            x[player, STUCK] = 1.0
        x[player, TEMPO + (player - turn) % n] = 1.0


@inner
def _sampled(s: np.ndarray) -> bool:
    """The start of a turn, before anyone is home."""
    return bool(s[CP] == CHANCE and s[NDICE] == 0 and s[OVER] == 0 and s[NFIN] == 0)


@inner
def _winners(s: np.ndarray, p: np.ndarray, shares: np.ndarray, ranks: np.ndarray) -> None:
    n = p[N]
    places(keys(s, p), ranks[:n])
    shares_of_first(ranks, n, shares)
    if s[NFIN] > 0:  # a finisher is the winner even under rule 18's lots
        for i in range(n):
            shares[i] = 1.0 if s[FIN] == i else 0.0


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
    """One whole game from the generators' seeds; the features of the sampled positions
    go into `buffer`. Returns how many."""
    reset(s)
    kept = 0
    while s[CP] != TERMINAL:
        if s[CP] == CHANCE:
            if kept < MAX_SAMPLES and _sampled(s) and uniform(pick) < sample:
                features(s, p, buffer[kept])
                kept += 1
            sample_chance(s, p, rng)
        else:
            apply_action(s, p, choose(s, p, policies[s[CP]], rng))
    return kept


@loop
def _descend(
    p: np.ndarray,
    seeds: np.ndarray,
    policies: np.ndarray,
    sample: float,
    rate: float,
    weights: np.ndarray,
    learn: bool,
    s: np.ndarray,
    rng: np.ndarray,
    pick: np.ndarray,
    buffer: np.ndarray,
    chances: np.ndarray,
    shares: np.ndarray,
    ranks: np.ndarray,
    lam: float,
    targets: np.ndarray,
) -> tuple[int, float]:
    """The games of `seeds`, each position's log loss, and (if `learn`) an SGD step per
    position, towards the winners or (`lam` < 1) the λ-returns. Without reference
    counting, as `kernel.playouts`: all arrays come in."""
    n = p[N]
    used = 0
    loss = 0.0
    for g in range(seeds.shape[0]):
        rng[0] = seeds[g]
        pick[0] = seeds[g] ^ np.uint64(0x5DEECE66D)
        kept = _game(s, p, policies, rng, pick, sample, buffer)
        _winners(s, p, shares, ranks)
        if lam < 1.0:
            td_targets(buffer, kept, n, weights, shares, lam, chances, targets)
            for r in range(kept):
                loss = softmax_step(buffer[r], n, weights, targets[r], rate, learn, chances, loss)
                used += 1
            continue
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
    lam: float = 1.0,
) -> tuple[int, float]:
    """Games from `seeds`, a share `sample` of their turn starts used: with `learn`
    one SGD step of size `rate` on `weights` per position, towards who won (`lam` 1) or
    towards the λ-returns of the model's own chances (TD(λ), `lam` < 1). Returns the
    positions used and their mean log loss against those targets (before each step: the
    training loss; without `learn` and with `lam` 1, the held-out loss of `weights`)."""
    return _descend(
        p,
        seeds,
        policies,
        sample,
        rate,
        weights,
        learn,
        np.zeros(SIZE, dtype=np.int64),
        np.zeros(1, dtype=np.uint64),
        np.zeros(1, dtype=np.uint64),
        np.zeros((MAX_SAMPLES, 4, FEATURES)),
        np.zeros(4),
        np.zeros(4),
        np.zeros(4, dtype=np.int64),
        lam,
        np.zeros((MAX_SAMPLES, 4)),
    )
