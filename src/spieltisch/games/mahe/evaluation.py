"""The learned evaluation of Mahé: who wins from here, as a softmax.

Each player gets a score, the sum of the weights of its features; its win chance is
exp(score) over the sum for all players (a conditional logit). The weights were fitted by
`training.py` to the winners of kernel games with the rule of thumb in every seat
(`scripts/train_evaluation.py --game mahe`, docs/strength.md); they ship as
`evaluation.npy`, one row per player count (2 to 7), a row of zeros where none was
trained. They hold for the standard game (standard deck, no variant, the usual number of
turtles); the hand-made evaluation in `agent.py` stays for the rest.

A player's features (the prize is the face-up card, or the 7 eggs of the beach):

- `FIELD + 22 * status + field`: per own turtle, its field (0 the raft, 21 the beach) by
  its status in the stack: 0 alone, 1 on top of others (it rides, and decides for
  them), 2 with others on it (they decide its dice and earn its cards);
- `PRIZE + 7 * status + bucket`: the same turtle by distance to the beach in buckets of
  three fields, counted as prize / 7 (near the beach a 6 is worth more than a 1);
  `PRIZE + 21` a turtle on the raft, counted the same;
- `CARRY + bucket`: per turtle of another player under the player's top turtle, by its
  distance bucket: when it moves, the player decides its dice and earns its card;
- `EGGS + cards left`: eggs won, in tens, by how many cards are still to come (a lead
  counts more as the game runs out); `CARDS`: cards won (the tie-break);
- `TEMPO + k`: k seats after the player whose turn it is; `PENDING`: the player to move
  still has both turtles to move (two turtles each).

The search evaluates positions between moves; in the middle of a move (dice under way)
the knowledge in `agent.py` rates the move as if it stopped now, like the hand-made one.
"""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.core.weights import shipped_row, softmax
from spieltisch.games.mahe.rules import BEACH_EGGS, CHOOSE, DECK_SIZE, MaheGame, MaheState

FIELD = 0
PRIZE = 66
CARRY = 88
EGGS = 95
CARDS = 116
TEMPO = 117
PENDING = 124
FEATURES = 125

STATUS = ("alone", "on top", "under")
NAMES: tuple[str, ...] = (
    *(f"{STATUS[s]} field {f}" for s in range(3) for f in range(22)),
    *(f"prize {STATUS[s]} {3 * b + 1}-{3 * b + 3} away" for s in range(3) for b in range(7)),
    "prize raft",
    *(f"carry {3 * b + 1}-{3 * b + 3} away" for b in range(7)),
    *(f"eggs {left} cards left" for left in range(21)),
    "cards",
    *(f"tempo +{k}" for k in range(7)),
    "pending",
)
"""The features' names, for the training script's report."""

PLAYERS = (2, 3, 4, 5, 6, 7)
"""The player counts, one row each in the weights file (row = players - 2)."""

WEIGHTS_FILE = "evaluation.npy"

BUCKET: tuple[int, ...] = tuple(min((20 - f) // 3, 6) if f < 21 else 6 for f in range(22))
"""Distance bucket of a turtle on field 1..21 to its next crossing of the beach: 1-3
fields away is bucket 0, ...; the beach itself (a whole lap away) the last."""


def shipped_weights(players: int) -> list[float] | None:
    """The trained weights for this player count, or None where none were trained."""
    return shipped_row(__package__, WEIGHTS_FILE, players - 2)


def trained_counts() -> str:
    """The player counts with trained weights, for messages."""
    return ", ".join(str(n) for n in PLAYERS if shipped_weights(n) is not None) or "no"


def standard(game: MaheGame) -> bool:
    """The game the weights were trained for: no variant, the standard deck, the usual
    number of turtles."""
    options = game.options
    return (
        not game.cards_as_dice
        and not game.third_at_seven
        and options.deck is None
        and options.turtles_per_player in (None, game.turtles_each)
        and game.turtles_each == (2 if game.num_players <= 3 else 1)
    )


class MaheEvaluation:
    """Win chances per player from the fitted weights."""

    def __init__(self, game: MaheGame, weights: Sequence[float]) -> None:
        if len(weights) != FEATURES:
            raise ValueError(f"expected {FEATURES} weights, got {len(weights)}")
        self.game = game
        self.players = game.num_players
        self.weights = list(weights)
        self.owner = game.owner
        self.turtles = range(game.num_turtles)

    def features(self, state: MaheState) -> list[list[tuple[int, float]]]:
        """Per player its features as (index, value) pairs, zeros left out (a feature may
        appear more than once; values add up)."""
        n = self.players
        owner = self.owner
        pos = state.turtle_fields
        stacks = state.stacks
        top = state.face_up_index
        prize = (state.deck_order[top] if top < DECK_SIZE else BEACH_EGGS) / 7.0
        rows: list[list[tuple[int, float]]] = [[] for _ in range(n)]
        for turtle in self.turtles:
            if pos[turtle] == 0:
                row = rows[owner[turtle]]
                row.append((FIELD, 1.0))
                row.append((PRIZE + 21, prize))
        for field in range(1, 22):
            stack = stacks[field]
            height = len(stack)
            if not height:
                continue
            bucket = BUCKET[field]
            leader = owner[stack[-1]]
            for level, turtle in enumerate(stack):
                status = 0 if height == 1 else 1 if level == height - 1 else 2
                player = owner[turtle]
                row = rows[player]
                row.append((FIELD + 22 * status + field, 1.0))
                row.append((PRIZE + 7 * status + bucket, prize))
                if status == 2 and player != leader:
                    rows[leader].append((CARRY + bucket, 1.0))
        left = DECK_SIZE - top
        turn = state.turn or 0
        pending = state.phase == CHOOSE or state.second_turtle >= 0
        for player, cards in enumerate(state.won_cards):
            row = rows[player]
            if cards:
                row.append((EGGS + left, sum(cards) / 10.0))
                row.append((CARDS, float(len(cards))))
            row.append((TEMPO + (player - turn) % n, 1.0))
            if pending and player == turn:
                row.append((PENDING, 1.0))
        return rows

    def scores(self, state: MaheState) -> list[float]:
        weights = self.weights
        return [sum(weights[index] * value for index, value in row) for row in self.features(state)]

    def chances(self, state: MaheState) -> list[float]:
        """Each player's chance to win (a position between moves)."""
        return softmax(self.scores(state))
