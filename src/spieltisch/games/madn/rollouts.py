"""Rating candidate moves by compiled playouts (numba, extra `fast`): issue 49's search.

`rate` plays, for each candidate move of the player to move, the move and then the game
on for `horizon` decisions, every seat by the same playout policy (by default greedy:
the move the hand-made evaluation of `agent.py`, compiled here, rates best for the
mover), and counts the mover's share of the win: 1 if the mover is the first home, 0 if
another is, else the evaluation's win chance where the playout stops. Each playout `i`
gives every candidate the same chance: seat `q`'s k-th die is the same for all
candidates (one generator per seat, seeded from the playout's seed), and so are the
policy's uniforms (one more generator): common random numbers, so that a difference
between two candidates is mostly the difference of the moves, not of the dice.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spieltisch.core.kernel import (
    CHANCE,
    TERMINAL,
    below,
    inner,
    loop,
    next_u64,
    nth_bit,
    popcount,
    uniform,
)

# the hand-made evaluation's constants (`MadnKnowledge.strengths`, `knowledge.win_chances`)
from spieltisch.games.madn.hand_weights import CONVEX, ENTERED, HOME, RISK, SPREAD
from spieltisch.games.madn.kernel import (
    ABS,
    COLOUR,
    CP,
    DUES,
    FIN,
    MOVES,
    NFIN,
    OVER,
    PENALIZED,
    PIECE,
    SIZE,
    TRACK,
    TURN,
    N,
    _finished,
    apply_action,
    new_state,
    policy_action,
    replay_step,
    roll,
    sample_chance,
)

__all__ = ["SIZE", "rate", "replay_state"]


GREEDY = 1
"""Playout policy: the move the hand-made evaluation likes best for the mover (else the
rule of thumb, `kernel.policy_action`)."""


@inner
def _piece_value(rel: int) -> float:
    if rel >= 40:
        return HOME + 2.0 * (rel - 40)
    return ENTERED + rel + CONVEX * rel * rel / 40.0


@inner
def _hit_chance(s: np.ndarray, p: np.ndarray, player: int, field: int) -> float:
    """`evaluation.hit_chance`: 1/6 per attacker 1-6 fields behind that does not turn
    into its goal first, and per opponent waiting in its base whose start this is."""
    chance = 0.0
    for back in range(1, 7):
        spot = (field - back) % 40
        owner = s[TRACK + spot]
        if owner >= 0 and owner != player and (spot - 10 * p[COLOUR + owner]) % 40 + back < 40:
            chance += 1.0 / 6.0
    for other in range(p[N]):
        if other != player and p[ABS + 52 * other] == field:
            waiting = False
            for k in range(4):
                if s[PIECE + 4 * other + k] < 0:
                    waiting = True
            if waiting:
                chance += 1.0 / 6.0
    return chance


@inner
def _strength(s: np.ndarray, p: np.ndarray, player: int) -> float:
    """`MadnKnowledge.strengths` of a player not home: each piece's worth, less what its
    attackers risk taking, added in the order of the player's slots."""
    total = 0.0
    for k in range(4):
        rel = s[PIECE + 4 * player + k]
        if rel < 0:
            continue
        worth = _piece_value(rel)
        total += worth
        if rel < 40:
            chance = _hit_chance(s, p, player, p[ABS + 52 * player + rel])
            if chance:
                total -= RISK * min(chance, 1.0) * worth
    return total


@inner
def _chance(s: np.ndarray, p: np.ndarray, me: int, values: np.ndarray) -> float:
    """The hand-made evaluation's win chance of `me` against the players not yet home
    (`MadnKnowledge.strengths` through `knowledge.win_chances`); `values`: scratch of 4."""
    n = p[N]
    left = 0.0
    playing = 0
    for q in range(n):
        if _finished(s, q):
            continue
        playing += 1
        total = _strength(s, p, q)
        values[q] = total
        left += 4 * (HOME + 3.0) - total
    scale = 1.0 / (SPREAD + 0.12 * left / max(1, playing))
    mine = 0.0
    whole = 0.0
    for i in range(n):
        if _finished(s, i):
            continue
        raw = 1.0
        for j in range(n):
            if j != i and not _finished(s, j):
                d = (values[i] - values[j]) * scale
                raw *= 1.0 if d > 30.0 else (0.0 if d < -30.0 else 1.0 / (1.0 + np.exp(-1.7 * d)))
        whole += raw
        if i == me:
            mine = raw
    return mine / whole if whole > 0.0 else 0.0


@inner
def _greedy(s: np.ndarray, p: np.ndarray, moves: int, t: np.ndarray, w: np.ndarray) -> int:
    """The legal move after which the evaluation rates the mover best (`t`: scratch)."""
    me = s[CP]
    best = nth_bit(moves, 0)
    best_value = -1.0
    rest = moves
    while rest:
        action = nth_bit(rest, 0)
        rest &= rest - 1
        t[:] = s
        apply_action(t, p, action)
        value = 1.0 if t[NFIN] > s[NFIN] and t[FIN + s[NFIN]] == me else _chance(t, p, me, w)
        if value > best_value:
            best = action
            best_value = value
    return best


@inner
def _choose(
    s: np.ndarray,
    p: np.ndarray,
    rng: np.ndarray,
    noise: float,
    policy: int,
    t: np.ndarray,
    w: np.ndarray,
) -> int:
    """The playout policy with a random move at chance `noise`."""
    moves = s[MOVES]
    if p[PENALIZED] and s[DUES]:
        moves = s[DUES]
    count = popcount(moves)
    if count == 1:
        return nth_bit(moves, 0)
    if noise > 0.0 and uniform(rng) < noise:
        return nth_bit(moves, below(rng, count))
    if policy == GREEDY:
        return _greedy(s, p, moves, t, w)
    return policy_action(s, p, 1.0, 0.0)


@inner
def _share(s: np.ndarray, p: np.ndarray, me: int, home: int, w: np.ndarray) -> float:
    """The mover's share of the win where the playout stopped: the first home (after the
    `home` players home at the root) wins; before that, the evaluation's chance."""
    if s[NFIN] > home:
        return 1.0 if s[FIN + home] == me else 0.0
    return _chance(s, p, me, w)


@loop
def rate(
    p: np.ndarray,
    root: np.ndarray,
    candidates: np.ndarray,
    playouts: int,
    seed: int,
    horizon: int,
    noise: float,
    policy: int,
    out: np.ndarray,
    s: np.ndarray,
    t: np.ndarray,
    w: np.ndarray,
    rngs: np.ndarray,
) -> None:
    """Add to `out[c]` the mover's win shares over `playouts` playouts after candidate
    `candidates[c]` from `root` (a decision of the player to move), each cut after
    `horizon` decisions and rated by the evaluation; `s` and `t` are scratch of `SIZE`,
    `w` of 4 floats, `rngs` of `p[N] + 1` generators."""
    me = root[CP]
    n = p[N]
    home = root[NFIN]
    base = np.uint64(seed)
    for i in range(playouts):
        for c in range(candidates.shape[0]):
            s[:] = root
            # the same streams for every candidate: playout i's seeds, per seat
            rngs[n] = base + np.uint64(i) * np.uint64(0x9E3779B97F4A7C15)
            for q in range(n):
                rngs[q] = next_u64(rngs[n : n + 1])
            apply_action(s, p, candidates[c])
            steps = 0
            while s[CP] != TERMINAL and s[NFIN] == home and steps < horizon:
                if s[CP] == CHANCE:
                    if s[OVER]:
                        sample_chance(s, p, rngs[n : n + 1])
                    else:
                        roll(s, p, below(rngs[s[TURN] : s[TURN] + 1], 6) + 1)
                else:
                    apply_action(s, p, _choose(s, p, rngs[n : n + 1], noise, policy, t, w))
                    steps += 1
            out[c] += _share(s, p, me, home, w)


@njit(cache=True)
def replay_state(p: np.ndarray, kinds: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The kernel's position after a game's steps (as `kernel.replay`, without the rows)."""
    s = new_state()
    order = np.zeros(4, dtype=np.int64)
    for i in range(kinds.shape[0]):
        replay_step(s, p, order, kinds[i], values[i])
    return s
