"""Mensch ärgere Dich nicht knowledge for the AI: evaluation and a fast playout policy.

Read by `spieltisch.agents` through `knowledge(game)`; works on the engine's ints through
its read-only properties (`pieces_on_board`: per player the rels of the pieces on the
board, `track`: the owner of each track field, `finishing_order`, `obliged_moves`) and
the game's per-player tables `abs_of`, `rel_of_abs`, `rel_of_action`.

The hand-made evaluation's weights are in `hand_weights.py`, shared with its compiled copies.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Sequence

from spieltisch.core.level_spec import LevelSpec
from spieltisch.games.madn.evaluation import (
    MadnEvaluation,
    hit_chance,
    shipped_weights,
    trained_counts,
)
from spieltisch.games.madn.hand_weights import (
    CONVEX,
    ENTERED,
    FINISHED,
    HOME,
    RISK,
    SPREAD,
    piece_value,
)
from spieltisch.games.madn.rules import ENTER, PASS, Madn, MadnState

__all__ = [
    "CONVEX",
    "ENTERED",
    "FINISHED",
    "HOME",
    "LEVELS",
    "RISK",
    "SPREAD",
    "MadnKnowledge",
    "knowledge",
    "piece_value",
]

LEVELS: dict[str, LevelSpec] = {
    "easy": LevelSpec(
        "policy", "rules of thumb, half of the moves at random", settings={"noise": 0.5}
    ),
    "medium": LevelSpec("policy", "rules of thumb: into the goal, else the front piece"),
    "hard": LevelSpec("greedy", "greedy, one move in ten at random", settings={"noise": 0.1}),
    "expert": LevelSpec(
        "expectimax",
        "expectimax: every die of the rest of the turn, exactly",
        seconds=1.0,
        settings={"max_depth": 10},
    ),
}
"""The playing strengths, measured with benchmarks/strength.py (docs/strength.md)."""

EVALUATIONS = ("hand", "learned")
"""`hand`: `strengths` below; `learned`: the softmax fitted to kernel games
(`evaluation.py`), for the tournament rules with enforced duties, where it was trained."""


class MadnKnowledge:
    """Progress of each player's pieces, minus what the pieces in reach of attackers risk;
    or, with `evaluation="learned"`, the win chances of the learned evaluation."""

    playout_depth = 40
    """Steps (decisions and dice) of a playout before it is estimated."""

    def __init__(self, game: Madn, evaluation: str = "hand") -> None:
        self.game = game
        self.players = game.num_players
        self.evaluation = evaluation
        if evaluation not in EVALUATIONS:
            raise ValueError(
                f"unknown evaluation {evaluation!r} for madn: known are {', '.join(EVALUATIONS)}"
            )
        if evaluation == "learned":
            weights = shipped_weights(game.num_players)
            if weights is None or not game.enforced:
                raise ValueError(
                    "the learned evaluation of madn was trained for the tournament rules with"
                    f" enforced duties and {trained_counts()} players only"
                )
            self.chances = MadnEvaluation(game, weights).chances

    def segment(self, state: MadnState) -> int | None:
        """A player's turn (with the rolls after a 6): what expectimax looks through."""
        return state.turn

    def compiled_expectimax(
        self, max_depth: int, segments: int = 1
    ) -> Callable[[MadnState], tuple[dict[int, float], int] | None] | None:
        """Expectimax through the rest of the turn (and `segments - 1` turns after it)
        with this evaluation, compiled (`expectimax.py`, extra `fast`): each legal
        action's value and the nodes, as the Python search without a clock gives them,
        or None for a position it leaves to that search; None for the learned evaluation
        or without numba."""
        if self.evaluation != "hand" or importlib.util.find_spec("numba") is None:
            return None
        from spieltisch.games.madn.expectimax import Search

        return Search(self.game, max_depth, segments).rate

    def strengths(self, state: MadnState) -> tuple[Sequence[float], float]:
        n = self.players
        finished = state.finishing_order
        pieces = state.pieces_on_board
        track = state.track
        abs_of = self.game.abs_of
        values = [0.0] * n
        left = 0.0
        for player in range(n):
            if player in finished:
                values[player] = FINISHED * (n - finished.index(player))
                continue
            absp = abs_of[player]
            total = 0.0
            for rel in pieces[player]:
                worth = piece_value(rel)
                total += worth
                if rel < 40:
                    chance = hit_chance(self.game, track, pieces, player, absp[rel])
                    if chance:
                        total -= RISK * min(chance, 1.0) * worth
            values[player] = total
            left += 4 * (HOME + 3.0) - total
        spread = SPREAD + 0.12 * left / max(1, n - len(finished))
        return values, spread

    def playout_action(self, state: MadnState, rng: random.Random) -> int:
        """Into the goal first, then the most advanced piece that may move; a fifth of
        the moves at random. Under the referee (`duties=penalized`) only moves that meet
        the obligations."""
        moves = state.legal_actions()
        if self.game.penalized and state.obliged_moves:
            moves = list(state.obliged_moves)  # the referee punishes every other move
        if len(moves) == 1:
            return moves[0]
        if rng.random() < 0.2:
            return moves[int(rng.random() * len(moves))]
        player = state.current_player
        rel_of = self.game.rel_of_action[player]
        die = state.die or 0
        best = moves[0]
        best_score = -1000
        for action in moves:
            if action == PASS:
                continue
            if action == ENTER:
                score = 45
            else:
                rel = rel_of[action]
                score = rel + (100 if rel < 40 <= rel + die else 0)
            if score > best_score:
                best, best_score = action, score
        return best


def knowledge(game: Madn, evaluation: str = "hand") -> MadnKnowledge:
    return MadnKnowledge(game, evaluation)
