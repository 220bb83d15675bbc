"""Mabula knowledge for the AI: evaluation, move ordering, playouts, endgame bounds.

Read by `spieltisch.agents` through `knowledge(game)`; works on the engine's ints
(`_fw`, `_fb` field bitboards, `_ew`, `_eb` edge masks) for speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

from spieltisch.core.level_spec import LevelSpec
from spieltisch.games.mabula.rules import (
    ACTION_EDGE,
    ACTION_STEP,
    FIELD_MASK,
    LINE_SQUARES,
    MabulaGame,
    MabulaState,
    group_sizes,
)

LEVELS: dict[str, LevelSpec] = {
    "easy": LevelSpec("mcts", "MCTS, 30 iterations", iterations=30),
    "medium": LevelSpec("mcts", "MCTS, 150 iterations", iterations=150),
    "hard": LevelSpec(
        "endgame", "MCTS, 600 iterations; exact from 6", iterations=600, settings={"endgame": 6}
    ),
    "expert": LevelSpec(
        "endgame",
        "MCTS, 1 s or 10,000 iterations per move; exact from 8 marbles left",
        iterations=10_000,
        seconds=1.0,
    ),
}
"""The playing strengths, measured with benchmarks/strength.py (docs/strength.md)."""

NEIGHBOURS: tuple[int, ...] = tuple(
    ((1 << (sq + 1)) | (1 << (sq - 1)) | (1 << (sq + 8)) | (1 << (sq - 8))) & FIELD_MASK
    if 8 <= sq < 56
    else 0
    for sq in range(64)
)
"""Field squares orthogonally next to each square."""

TARGET: tuple[int, ...] = tuple(LINE_SQUARES[ACTION_EDGE[a]][ACTION_STEP[a]] for a in range(144))
"""The square where the pushed marble of each action stops."""


class MabulaKnowledge:
    """Largest group (or log of the product of groups) and what may still join it."""

    playout_depth = 30
    """A game lasts at most 24 moves: playouts go to the end."""

    endgame = 8
    """With at most this many marbles left on the edge the search is exact: at most about
    30 000 nodes, 0.4 s here (with 9 left, up to 150 000)."""

    def __init__(self, game: MabulaGame) -> None:
        self.product = game.product
        self.plain = not game.product and not game.groups_tiebreak
        """Scores are the largest groups and equal scores draw: `returns` takes a shortcut."""
        self._sizes: dict[int, list[int]] = {}

    def sizes(self, mask: int) -> list[int]:
        """Group sizes of a field bitboard, largest first (memoised: searches revisit)."""
        sizes = self._sizes.get(mask)
        if sizes is None:
            if len(self._sizes) > 500_000:
                self._sizes.clear()
            sizes = self._sizes[mask] = sorted(group_sizes(mask), reverse=True)
        return sizes

    def returns(self, state: MabulaState) -> list[float]:
        """`state.returns()` of a finished game, faster."""
        if not self.plain:
            return state.returns()
        field_white, field_black = state.field_bits
        white = self.sizes(field_white)
        black = self.sizes(field_black)
        lead = (white[0] if white else 0) - (black[0] if black else 0)
        return [1.0, -1.0] if lead > 0 else [-1.0, 1.0] if lead < 0 else [0.0, 0.0]

    # -- the hooks of spieltisch.agents -------------------------------------------------

    def key(self, state: MabulaState) -> Hashable:
        return (*state.field_bits, *state.edge_bits, state.current_player)

    def remaining(self, state: MabulaState) -> int:
        """At most this many moves are left: one per marble still on the edge."""
        edge_white, edge_black = state.edge_bits
        return (edge_white | edge_black).bit_count()

    def strengths(self, state: MabulaState) -> tuple[Sequence[float], float]:
        edge_white, edge_black = state.edge_bits
        field_white, field_black = state.field_bits
        left_w = edge_white.bit_count()
        left_b = edge_black.bit_count()
        white = self._strength(self.sizes(field_white), left_w)
        black = self._strength(self.sizes(field_black), left_b)
        # Few marbles left: little can change. Early on a lot still can.
        spread = 0.6 + 0.22 * (left_w + left_b)
        if self.product:
            spread *= 0.35
        return (white, black), spread

    def _strength(self, sizes: list[int], left: int) -> float:
        if self.product:
            if not sizes:
                return 0.0
            return sum(math.log(size) for size in sizes) + 0.08 * left
        if not sizes:
            return 0.5 * min(left, 1)
        largest = sizes[0]
        second = sizes[1] if len(sizes) > 1 else 0
        return largest + 0.35 * second + 0.25 * left

    def playout_action(self, state: MabulaState, rng: random.Random) -> int:
        moves = state.legal_actions()
        return moves[int(rng.random() * len(moves))]

    def order(self, state: MabulaState, actions: list[int]) -> list[int]:
        """Pushes that stop next to own marbles first (better alpha-beta cut-offs)."""
        own = state.field_bits[1 if state.current_player == 1 else 0]
        return sorted(actions, key=lambda a: -(NEIGHBOURS[TARGET[a]] & own).bit_count())


def knowledge(game: MabulaGame) -> MabulaKnowledge:
    return MabulaKnowledge(game)
