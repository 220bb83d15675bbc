"""The expert's search compiled (numba, extra `fast`): expectimax through the rest of the
turn (or more turns: `segments`) with the hand-made evaluation, on the kernel's position
(issue 49).

It mirrors `agents.expectimax.ExpectimaxAgent` without a clock (the expert level searches
one segment; a deeper entrant more) and
`MadnKnowledge.strengths` through `knowledge.win_chances`, operation for operation, so
that it rates every move with the same float and so plays the same move, ties included:

- a game stopped by rule 18 (time, `max_rounds`) is a leaf, as in the Python search of
  one turn; a search of more turns would draw the lots there, so `Search.rate` leaves
  those positions to the Python search;
- every legal action in the engine's order, each decision taking the first best reply,
  each die 1-6 weighted 1/6 and added in that order, a leaf where the `segments`-th turn
  has passed, the game is over or `max_depth` nodes lie below the root's move;
- at a leaf the win shares of the places once the game is over, else every player's
  strength (a player home counts `FINISHED` for each player behind) turned into win
  chances, summed left to right as Python's `sum` of 3.11;
- each player's pieces in the engine's order (`MadnState.pieces_on_board`: the order in
  which they came out): the kernel fills the first free slot, so after every move the
  slots are closed up (`_close_up`), and the float sums of the strengths add in the
  same order.

The search keeps one position and one row of values per level of the tree in arrays
from the caller (`Search`), so a decision allocates nothing in compiled code.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from spieltisch.core.kernel import TERMINAL, inner, lowest_bit, places

# the hand-made evaluation's constants (`MadnKnowledge.strengths`)
from spieltisch.games.madn.hand_weights import FINISHED, HOME, SPREAD
from spieltisch.games.madn.kernel import (
    CP,
    FIN,
    MOVES,
    NFIN,
    OVER,
    PASS,
    PIECE,
    SIZE,
    TURN,
    N,
    apply_action,
    keys,
    new_state,
    replay_step,
    roll,
)
from spieltisch.games.madn.rollouts import _strength

__all__ = ["Search"]


@inner
def _close_up(s: np.ndarray, n: int) -> None:
    """Each player's pieces in the first slots, in their order: the engine's list, where
    a piece that comes out is appended and one sent home is removed."""
    for q in range(n):
        base = PIECE + 4 * q
        at = 0
        for k in range(4):
            rel = s[base + k]
            if rel >= 0:
                s[base + at] = rel
                at += 1
        for k in range(at, 4):
            s[base + k] = -1


@inner
def _beats(difference: float) -> float:
    """`knowledge.beats`."""
    if difference > 30.0:
        return 1.0
    if difference < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-1.7 * difference))


@inner
def _utilities(
    s: np.ndarray, p: np.ndarray, out: np.ndarray, strengths: np.ndarray, ranks: np.ndarray
) -> None:
    """`knowledge.utilities` with the hand-made strengths into `out`: win shares at the
    end, else win chances (`strengths`, `ranks`: scratch of 4)."""
    n = p[N]
    if s[CP] == TERMINAL:
        places(keys(s, p), ranks[:n])
        winners = 0
        for q in range(n):
            if ranks[q] == 1:
                winners += 1
        for q in range(n):
            out[q] = 1.0 / winners if ranks[q] == 1 else 0.0
        return
    # `MadnKnowledge.strengths`
    home = s[NFIN]
    left = 0.0
    for q in range(n):
        place = -1
        for i in range(home):
            if s[FIN + i] == q:
                place = i
        if place >= 0:
            strengths[q] = FINISHED * (n - place)
            continue
        total = _strength(s, p, q)
        strengths[q] = total
        left += 4 * (HOME + 3.0) - total
    spread = SPREAD + 0.12 * left / max(1, n - home)
    # `knowledge.win_chances`
    scale = 1.0 / spread if spread > 0 else 1e9
    total = 0.0
    for i in range(n):
        chance = 1.0
        for j in range(n):
            if j != i:
                chance *= _beats((strengths[i] - strengths[j]) * scale)
        out[i] = chance
        total += chance
    if total <= 0.0:
        best = strengths[0]
        for q in range(n):
            best = max(best, strengths[q])
        leaders = 0
        for q in range(n):
            if strengths[q] == best:
                leaders += 1
        for q in range(n):
            out[q] = 1.0 / leaders if strengths[q] == best else 0.0
        return
    for i in range(n):
        out[i] = out[i] / total


@njit(cache=True)
def rate(
    p: np.ndarray,
    max_depth: int,
    segments: int,
    actions: np.ndarray,
    values: np.ndarray,
    stack: np.ndarray,
    rows: np.ndarray,
    control: np.ndarray,
    strengths: np.ndarray,
    ranks: np.ndarray,
) -> tuple[int, int]:
    """`ExpectimaxAgent._rate` through `segments` turns, from the decision in `stack[0]`: each
    legal action in order into `actions`, the mover's expected win chance after it into
    `values`; returns how many, and the nodes expanded below the root.

    `ExpectimaxAgent.value`'s recursion as a loop over the levels of the tree (numba
    cannot load a recursive function from its cache): `stack[level]` is the position at
    that level, `rows[level]` its value so far (the best reply's, or the sum over the
    dice), `control[level]` the moves still to try (or the next die), whether one was
    tried, the action tried, whose turn (the segment) and how many segments are left to
    end; `max_depth + 2` levels of each."""
    root = stack[0]
    me = root[CP]
    n = p[N]
    count = 0
    nodes = 0
    level = 0
    control[0, 0] = root[MOVES]
    control[0, 3] = root[TURN]
    control[0, 4] = segments
    while True:
        # the next child of the node at `level`, if any, goes to `level + 1`
        s = stack[level]
        child = stack[level + 1]
        more = True
        if s[CP] >= 0:
            rest = control[level, 0]
            if rest == 0:
                more = False
            else:
                action = lowest_bit(rest)
                control[level, 0] = rest & (rest - 1)
                control[level, 2] = action
                child[:] = s
                apply_action(child, p, action)
                _close_up(child, n)
        else:
            die = control[level, 0]
            if die > 6:
                more = False
            else:
                control[level, 0] = die + 1
                child[:] = s
                roll(child, p, die)
        if more:
            level += 1
            nodes += 1
            s = child
            depth = max_depth + 1 - level
            here = -1 if s[OVER] else s[TURN]
            segment, left = control[level - 1, 3], control[level - 1, 4]
            if here != segment:
                left -= 1
            control[level, 3], control[level, 4] = here, left
            if depth <= 0 or s[CP] == TERMINAL or left <= 0:  # a leaf
                _utilities(s, p, rows[level], strengths, ranks)
            elif s[CP] >= 0:
                control[level, 0] = s[MOVES]
                control[level, 1] = 1
                continue
            else:
                control[level, 0] = 1
                rows[level, :n] = 0.0
                continue
        elif level == 0:
            return count, nodes
        # the node at `level` is rated: into its parent
        got = rows[level]
        level -= 1
        parent = stack[level]
        player = parent[CP]
        if level == 0:
            actions[count] = control[0, 2]
            values[count] = got[me]
            count += 1
        elif player >= 0:
            if control[level, 1] or got[player] > rows[level, player]:
                rows[level, :n] = got[:n]
                control[level, 1] = 0
        else:
            for q in range(n):
                rows[level, q] += (1.0 / 6.0) * got[q]


@njit(cache=True)
def advance(s: np.ndarray, p: np.ndarray, kinds: np.ndarray, values: np.ndarray) -> None:
    """Apply a game's next steps to the kernel's position `s` (`kernel.replay_step`),
    each player's pieces kept in the engine's order (closed up after every move)."""
    order = np.zeros(4, dtype=np.int64)
    for i in range(kinds.shape[0]):
        replay_step(s, p, order, kinds[i], values[i])
        if kinds[i] == 0:
            _close_up(s, p[N])


class Search:
    """The compiled expert of one game: `rate(state)` gives each legal move's expected
    win chance for the player to move, and the nodes expanded, as the Python search
    without a clock through `segments` turns.

    The kernel's position follows the game: when a state's history goes on from the
    last one's (the next decision of the same game), only the new steps are applied."""

    def __init__(self, game: Any, max_depth: int, segments: int = 1) -> None:
        from spieltisch.games.madn.kernel import MadnKernel

        self.game = game
        self.kernel = MadnKernel(game)
        self.params = self.kernel.params
        self.max_depth = max_depth
        self.segments = segments
        self._stack = np.zeros((max_depth + 2, SIZE), dtype=np.int64)
        self._rows = np.zeros((max_depth + 2, 4), dtype=np.float64)
        self._control = np.zeros((max_depth + 2, 5), dtype=np.int64)
        self._strengths = np.zeros(4, dtype=np.float64)
        self._ranks = np.zeros(4, dtype=np.int64)
        self._actions = np.zeros(PASS + 1, dtype=np.int64)
        self._values = np.zeros(PASS + 1, dtype=np.float64)
        self._root = new_state()
        self._seen: tuple[Any, ...] = ()

    def position(self, state: Any) -> np.ndarray:
        """The kernel's position of `state` (the engine's history replayed on it)."""
        history = tuple(state.action_history())
        seen = self._seen
        if len(history) >= len(seen) and history[: len(seen)] == seen:
            new = history[len(seen) :]
        else:
            self._root = new_state()
            new = history
        encode = self.kernel.encode
        steps = [encode(step) for step in new]
        kinds = np.array([k for k, _v in steps], dtype=np.int64)
        values = np.array([v for _k, v in steps], dtype=np.int64)
        advance(self._root, self.params, kinds, values)
        self._seen = history
        return self._root

    def rate(self, state: Any) -> tuple[dict[int, float], int] | None:
        """Each legal action's value for the player to move, and the nodes expanded; None
        where a search of more than one turn may reach a stopped game (`max_rounds`, or
        time called): the Python search draws its lots, this one cannot."""
        if self.segments > 1 and (self.game.max_rounds or state.time_called):
            return None
        self._stack[0] = self.position(state)
        count, nodes = rate(
            self.params,
            self.max_depth,
            self.segments,
            self._actions,
            self._values,
            self._stack,
            self._rows,
            self._control,
            self._strengths,
            self._ranks,
        )
        actions = self._actions[:count].tolist()
        values = self._values[:count].tolist()
        return dict(zip(actions, values, strict=True)), int(nodes)
