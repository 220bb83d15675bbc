"""The step shared by the games' training loops for a learned evaluation (numba).

A game's `training.py` plays kernel games, writes each player's features at sampled
positions into a dense array (one row per player) and, once the game is over, calls
`softmax_step` per position: the log loss of the model P(player wins) ∝ exp(w · x_player)
against the game's win shares, and one step of stochastic gradient descent on it. The
Python side of a run (chunks, averaging, the held-out loss, writing the weights) is
`scripts/train_evaluation.py`; the shipped weights are read by `core.weights`.
"""

from __future__ import annotations

import numpy as np

from spieltisch.core.kernel import inner


@inner
def softmax_chances(x: np.ndarray, n: int, weights: np.ndarray, out: np.ndarray) -> None:
    """Each of the `n` players' chance under the model, into `out`."""
    features = weights.shape[0]
    top = -1e300
    for i in range(n):
        total = 0.0
        for j in range(features):
            total += weights[j] * x[i, j]
        out[i] = total
        top = max(top, total)
    norm = 0.0
    for i in range(n):
        out[i] = np.exp(out[i] - top)
        norm += out[i]
    for i in range(n):
        out[i] /= norm


@inner
def softmax_step(
    x: np.ndarray,
    n: int,
    weights: np.ndarray,
    shares: np.ndarray,
    rate: float,
    learn: bool,
    chances: np.ndarray,
    loss: float,
) -> float:
    """`loss` plus this position's log loss of the winners' `shares`; with `learn`, one
    SGD step of size `rate` on `weights` (only where a feature is not zero)."""
    features = weights.shape[0]
    softmax_chances(x, n, weights, chances)
    for i in range(n):
        if shares[i] > 0.0:
            loss -= shares[i] * np.log(max(chances[i], 1e-12))
        error = chances[i] - shares[i]
        if not learn or error == 0.0:
            continue
        for j in range(features):
            if x[i, j] != 0.0:
                weights[j] -= rate * error * x[i, j]
    return loss


@inner
def td_targets(
    buffer: np.ndarray,
    kept: int,
    n: int,
    weights: np.ndarray,
    shares: np.ndarray,
    lam: float,
    chances: np.ndarray,
    targets: np.ndarray,
) -> None:
    """The λ-returns of one game's `kept` positions (in the order played) into `targets`:
    the last position's is the outcome (`shares`), each earlier one mixes the model's
    chances at the next position (weight 1 − λ) with the next position's λ-return (λ).
    λ = 1 gives the outcome everywhere (the fit to the winners), λ = 0 is TD(0): each
    position learns from the model's own view one sampled position later (TD-Gammon's
    rule, forward view)."""
    if kept == 0:
        return
    for i in range(n):
        targets[kept - 1, i] = shares[i]
    for r in range(kept - 2, -1, -1):
        softmax_chances(buffer[r + 1], n, weights, chances)
        for i in range(n):
            targets[r, i] = (1.0 - lam) * chances[i] + lam * targets[r + 1, i]


@inner
def shares_of_first(ranks: np.ndarray, n: int, shares: np.ndarray) -> None:
    """Win shares from places: 1/k for each of k players in first place, 0 otherwise."""
    first = 0
    for i in range(n):
        first += ranks[i] == 1
    for i in range(n):
        shares[i] = 1.0 / first if ranks[i] == 1 else 0.0
