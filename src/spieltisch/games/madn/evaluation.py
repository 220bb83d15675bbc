"""The learned evaluation of Mensch ärgere Dich nicht: who wins from here, as a softmax.

Each player still playing gets a score, the sum of the weights of its features; its win
chance is exp(score) over the sum for all players (a conditional logit). The weights were
fitted by `training.py` to the winners of millions of kernel games
(`scripts/train_evaluation.py`, docs/strength.md); they ship as `evaluation.npy`, one row
per player count (2, 3, 4), a row of zeros where none was trained. The hand-made
evaluation in `agent.py` stays for the other rule sets.

A player's features, each small enough to add up in a few microseconds:

- `rel`: per field of the way (0-39 on the track from its start, 40-43 in the goal), how
  many of its pieces stand there (the base is worth zero);
- `RISK + rel // 4`: per stretch of four fields, the chance a piece there is hit before
  it moves: 1/6 for each opponent 1-6 fields behind that may still pass it and for each
  opponent with a piece waiting whose start field it stands on, at most 1;
- `ATTACK`, `ATTACK_DEPTH`: the same chances seen from the attacker, and weighted by how
  far the victim had come;
- `STUCK`: no piece on the track (it must roll a 6, in three tries);
- `TEMPO + k`: k seats after the player whose turn it is.

The numpy file is read without numpy (`core.weights.read_npy`): numpy is not a dependency of the
engine, and the evaluation is plain Python lists for speed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from spieltisch.core.weights import read_npy, shipped_row
from spieltisch.games.madn.rules import Madn, MadnState

__all__ = ["MadnEvaluation", "hit_chance", "read_npy", "shipped_weights", "trained_counts"]

RISK = 44
ATTACK = 54
ATTACK_DEPTH = 55
STUCK = 56
TEMPO = 57
FEATURES = 61

NAMES: tuple[str, ...] = (
    *(f"rel {r}" for r in range(44)),
    *(f"risk {4 * b}-{4 * b + 3}" for b in range(10)),
    "attack",
    "attack depth",
    "stuck",
    *(f"tempo +{k}" for k in range(4)),
)
"""The features' names, for the training script's report."""

PLAYERS = (2, 3, 4)
"""The player counts, one row each in the weights file (row = players - 2)."""

WEIGHTS_FILE = "evaluation.npy"
DECIDED = 1e-3
"""Once someone is home the winner is known; the others still play for places, worth this
much: players home share it, the others split it by their chances among themselves."""


def shipped_weights(players: int) -> list[float] | None:
    """The trained weights for this player count, or None where none were trained."""
    return shipped_row(__package__, WEIGHTS_FILE, players - 2)


def hit_chance(
    game: Madn, track: Sequence[int], pieces: Sequence[Sequence[int]], player: int, field: int
) -> float:
    """The chance, counted as in both evaluations, that the player's piece on track
    `field` is hit before it moves: 1/6 for each attacker 1-6 fields behind it that does
    not turn into its own goal first, and for each opponent with a piece waiting whose
    start field it stands on (a 6 brings it out there); not capped."""
    rel_of_abs = game.rel_of_abs
    chance = 0.0
    for back in range(1, 7):
        spot = field - back if field >= back else field - back + 40
        owner = track[spot]
        if owner >= 0 and owner != player and rel_of_abs[owner][spot] + back < 40:
            chance += 1.0 / 6.0
    for other in range(game.num_players):
        if other != player and len(pieces[other]) < 4 and game.abs_of[other][0] == field:
            chance += 1.0 / 6.0
    return chance


def trained_counts() -> str:
    """The player counts with trained weights, for messages."""
    return ", ".join(str(n) for n in PLAYERS if shipped_weights(n) is not None) or "no"


class MadnEvaluation:
    """Win chances per player from the fitted weights."""

    def __init__(self, game: Madn, weights: Sequence[float]) -> None:
        if len(weights) != FEATURES:
            raise ValueError(f"expected {FEATURES} weights, got {len(weights)}")
        self.game = game
        self.players = game.num_players
        self.weights = list(weights)
        self.abs_of = game.abs_of
        self.rel_of_abs = game.rel_of_abs

    def features(self, state: MadnState) -> list[list[tuple[int, float]]]:
        """Per player its features as (index, value) pairs, zeros left out (a feature
        may appear more than once; values add up)."""
        n = self.players
        pieces = state.pieces_on_board
        track = state.track
        rel_of_abs = self.rel_of_abs
        turn = state.turn or 0
        waiting = [len(pieces[q]) < 4 for q in range(n)]
        rows: list[list[tuple[int, float]]] = []
        for player in range(n):
            row: list[tuple[int, float]] = []
            absp = self.abs_of[player]
            on_track = False
            for rel in pieces[player]:
                row.append((rel, 1.0))
                if rel >= 40:
                    continue
                on_track = True
                chance = hit_chance(self.game, track, pieces, player, absp[rel])
                if chance:
                    row.append((RISK + rel // 4, min(chance, 1.0)))
                for ahead in range(1, min(7, 40 - rel)):
                    spot = absp[rel + ahead]
                    owner = track[spot]
                    if owner >= 0 and owner != player:
                        row.append((ATTACK, 1.0 / 6.0))
                        row.append((ATTACK_DEPTH, rel_of_abs[owner][spot] / 240.0))
            if waiting[player]:
                owner = track[absp[0]]
                if owner >= 0 and owner != player:
                    row.append((ATTACK, 1.0 / 6.0))
                    row.append((ATTACK_DEPTH, rel_of_abs[owner][absp[0]] / 240.0))
            if not on_track:
                row.append((STUCK, 1.0))
            row.append((TEMPO + (player - turn) % n, 1.0))
            rows.append(row)
        return rows

    def scores(self, state: MadnState) -> list[float]:
        weights = self.weights
        return [sum(weights[index] * value for index, value in row) for row in self.features(state)]

    def chances(self, state: MadnState) -> list[float]:
        """Each player's chance to win (the winner's 1 once someone is home)."""
        scores = self.scores(state)
        finished = state.finishing_order
        playing = [p for p in range(self.players) if p not in finished]
        top = max(scores[p] for p in playing) if playing else 0.0
        raw = [math.exp(scores[p] - top) if p not in finished else 0.0 for p in range(len(scores))]
        total = sum(raw)
        if not finished:
            return [value / total for value in raw]
        out = [DECIDED * value / total for value in raw]
        out[finished[0]] = 1.0
        for later in finished[1:]:
            out[later] = DECIDED
        return out
