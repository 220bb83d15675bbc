"""Mahé knowledge for the AI: evaluation, move segments, and a fast playout policy.

Read by `spieltisch.agents` through `knowledge(game)`; works on the engine's ints through
its read-only properties (`turtle_fields`, `stacks`, `deck_order`, `face_up_index`,
`won_cards`, ...). The searches call it on determinized
states only: the order of the face-down pile is a guess there, so the evaluation uses
the face-up card and the mean of the unseen cards, never the pile's order.

The evaluation estimates each player's final eggs: the eggs won so far, a fair share of
the eggs still to come, and for each turtle a bonus or malus in units of the next prize
(the face-up card, or the 7 eggs of the beach) by its distance to the beach and its
place in a stack. The weights are recorded as fitted by least squares to the eggs won
later on in simulated games (4000 games per player count); the fit itself is not kept
in the project and has not been rerun. They come in two blocks, the player to move and
the others: a third block, meant for the players after the next one, was identical to
the next player's and is gone, so the evaluation is exactly what it was.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

from spieltisch.core import TERMINAL
from spieltisch.core.level_spec import LevelSpec
from spieltisch.core.ranking import win_shares
from spieltisch.games.mahe.evaluation import (
    MaheEvaluation,
    shipped_weights,
    standard,
    trained_counts,
)
from spieltisch.games.mahe.rules import (
    BEACH_EGGS,
    BOX,
    CHOOSE,
    DECIDE,
    DECK_SIZE,
    PASSES,
    ROLL,
    STOP,
    MaheGame,
    MaheState,
)

LEVELS: dict[str, LevelSpec] = {
    "easy": LevelSpec(
        "policy", "rules of thumb, half of the decisions at random", settings={"noise": 0.5}
    ),
    "medium": LevelSpec(
        "policy",
        "rules of thumb (stop on a crossing, roll up to 3), a quarter of the decisions at random",
        settings={"noise": 0.25},
    ),
    "hard": LevelSpec("greedy", "greedy: the evaluation one die ahead"),
    "expert": LevelSpec(
        "expectimax", "expectimax: every die of the rest of the move, exactly", seconds=1.0
    ),
}
"""The playing strengths, measured with benchmarks/strength.py and, all four at one table,
benchmarks/level_ladder.py (docs/strength.md). Medium's noise keeps it a step below hard:
the plain rules of thumb placed as well as the greedy level (mean place 1.85 against 1.86
over 4,000 tables), which wins more often but pays for its risks with last places."""

ORDER = (0, 1, 1, 1, 1, 1, 1)
"""Whose turtles a weight block rates, counted from the player whose turn it is: the
player to move, then every other player."""

FEATURES = 44
"""Per order (2): per status (alone, on top of a stack, carrying others) the 7 distance
buckets, then the raft."""

# WEIGHTS[two turtles each]: eggs per egg of the next prize, by feature
WEIGHTS: tuple[tuple[float, ...], tuple[float, ...]] = (
    (
        0.54,
        0.41,
        0.27,
        0.16,
        0.03,
        -0.05,
        -0.1,
        0.43,
        0.33,
        0.19,
        0.11,
        0.04,
        -0.06,
        -0.07,
        -0.29,
        -0.25,
        -0.1,
        -0.1,
        -0.05,
        -0.1,
        -0.13,
        -0.1,
        0.28,
        0.19,
        0.08,
        -0.01,
        -0.09,
        -0.16,
        -0.21,
        0.42,
        0.34,
        0.24,
        0.15,
        0.07,
        0.01,
        -0.07,
        -0.02,
        -0.02,
        -0.05,
        -0.06,
        -0.11,
        -0.14,
        -0.19,
        -0.21,
    ),
    (
        0.3,
        0.22,
        0.14,
        0.06,
        -0.02,
        -0.08,
        -0.1,
        0.33,
        0.25,
        0.21,
        0.11,
        0.06,
        0.05,
        -0.01,
        -0.2,
        -0.12,
        -0.13,
        -0.1,
        -0.08,
        -0.09,
        -0.13,
        -0.1,
        0.19,
        0.13,
        0.06,
        0.0,
        -0.07,
        -0.13,
        -0.15,
        0.36,
        0.26,
        0.2,
        0.14,
        0.04,
        0.03,
        -0.02,
        -0.12,
        -0.12,
        -0.11,
        -0.1,
        -0.1,
        -0.13,
        -0.14,
        -0.15,
    ),
)

BUCKET: tuple[int, ...] = tuple(min((d - 1) // 3, 6) if d else 0 for d in range(22))
"""Distance bucket of 1..21 fields to the next crossing of the beach."""


EVALUATIONS = ("hand", "learned")
"""`hand`: `strengths` below; `learned`: the softmax fitted to kernel games
(`evaluation.py`), for the standard game, where it was trained."""


class MaheKnowledge:
    """Eggs won, a share of the eggs to come, and each turtle's chances at the next prize;
    or, with `evaluation="learned"`, the win chances of the learned evaluation."""

    playout_depth = 80
    """Steps of a playout (about a round with four players) before it is estimated."""

    def __init__(self, game: MaheGame, evaluation: str = "hand") -> None:
        self.game = game
        self.players = game.num_players
        self.weights = WEIGHTS[game.turtles_each == 2]
        self.spread_factor = 1.2 if game.turtles_each == 2 else 1.0
        self.owner = game.owner
        self.turtles = range(game.num_turtles)
        if evaluation not in EVALUATIONS:
            raise ValueError(
                f"unknown evaluation {evaluation!r} for mahe: known are {', '.join(EVALUATIONS)}"
            )
        if evaluation == "learned":
            weights = shipped_weights(game.num_players) if standard(game) else None
            if weights is None:
                raise ValueError(
                    "the learned evaluation of mahe was trained for the standard game (standard"
                    " deck, no variant, the usual turtles) with"
                    f" {trained_counts()} players only"
                )
            self.learned = MaheEvaluation(game, weights)
            self.chances = self.learned_chances

    # -- the hooks of spieltisch.agents -------------------------------------------------

    def segment(self, state: MaheState) -> Hashable:
        """One turtle's move: expectimax decides the dice of a move up to its end.

        With two turtles each, the choice of the first turtle and that turtle's move are
        one segment; the other turtle's move is the next one.
        """
        if state.current_player == TERMINAL:
            return None
        first = state.phase == CHOOSE or state.second_turtle >= 0
        return (state.turn, first)

    def prize(self, state: MaheState) -> tuple[float, float]:
        """The next prize (face-up card, or the beach) and all the eggs still to come."""
        top = state.face_up_index
        deck = state.deck_order
        if top < DECK_SIZE:
            prize = float(deck[top])
            unseen = deck[:BOX] + deck[top + 1 :]
            mean = sum(unseen) / len(unseen) if unseen else 0.0
            return prize, prize + mean * (DECK_SIZE - top - 1) + BEACH_EGGS
        return float(BEACH_EGGS), float(BEACH_EGGS)

    def features(self, state: MaheState, prize: float) -> list[list[float]]:
        """Per player: the next prize counted once per own turtle in each situation."""
        rows = [[0.0] * FEATURES for _ in range(self.players)]
        pos = state.turtle_fields
        fields = state.stacks
        owner = self.owner
        turn = state.turn or 0  # 0 before the deck is shuffled, as the engine has it
        players = self.players
        for turtle in self.turtles:
            where = pos[turtle]
            player = owner[turtle]
            order = ORDER[(player - turn) % players]
            if where:
                stack = fields[where]
                status = 2 if stack[-1] != turtle else 1 if len(stack) > 1 else 0
                index = order * 22 + status * 7 + BUCKET[21 - where if where < 21 else 21]
            else:
                index = order * 22 + 21
            rows[player][index] += prize
        return rows

    def strengths(self, state: MaheState) -> tuple[Sequence[float], float]:
        if state.phase == DECIDE:
            # a move under way: rate it as if it stopped now
            stopped = state.clone()
            stopped.apply(STOP)
            if stopped.current_player == TERMINAL:
                return stopped.scores(), 0.01
            state = stopped
        prize, coming = self.prize(state)
        share = coming / self.players
        weights = self.weights
        values = []
        for cards, row in zip(state.won_cards, self.features(state, prize), strict=True):
            value = share + sum(cards)
            for index, feature in enumerate(row):
                if feature:
                    value += weights[index] * feature
            values.append(value)
        spread = 0.5 + self.spread_factor * 1.1 * math.sqrt(coming)
        return values, spread

    def learned_chances(self, state: MaheState) -> Sequence[float]:
        """The learned evaluation's win chances; a move under way is rated as if it
        stopped now, as in `strengths`."""
        if state.phase == DECIDE:
            stopped = state.clone()
            stopped.apply(STOP)
            if stopped.current_player == TERMINAL:
                return win_shares(stopped.ranking())
            state = stopped
        return self.learned.chances(state)

    def playout_action(self, state: MaheState, rng: random.Random) -> int:
        """Stop when stopping crosses the beach, roll on a small first die or sum."""
        if state.phase == CHOOSE:
            first, second = self.game.turtles_of[state.turn or 0]
            return first if rng.random() < 0.5 else second
        total = state.dice_sum
        dice = len(state.dice)
        where = state.turtle_fields[state.moving_turtle]
        if PASSES[where][total * dice]:
            return STOP
        return ROLL if total <= 3 else STOP


def knowledge(game: MaheGame, evaluation: str = "hand") -> MaheKnowledge:
    return MaheKnowledge(game, evaluation)
