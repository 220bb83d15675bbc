"""Where do two evaluations make the MÄDN expert choose differently?

    uv run python benchmarks/evaluation_choices.py --games 4

Experts with the hand-made evaluation play four-player games (the dice from a seeded
generator); at every decision with more than one legal move the expert with the learned
evaluation is asked too. Prints how many decisions differ and, for those, what kind of
move each chose: a capture, a piece entered, a piece into the goal, else which of the
player's pieces moved (front, rear or one between) and whether it moved on the track or
inside the goal. A probe of what the strength match measures (docs/strength.md), not a
timed test.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence

import spieltisch
from spieltisch.agents import Budget
from spieltisch.agents.levels import level
from spieltisch.core import CHANCE
from spieltisch.games.madn.rules import MadnState


def kind(state: MadnState, move: str) -> str:
    """What `move` does for the player to move, as a short label."""
    child = state.clone()
    child.apply(move)
    me = state.current_player
    before, after = sorted(state.pieces_on_board[me]), sorted(child.pieces_on_board[me])
    labels = []
    if sum(map(len, child.pieces_on_board)) < sum(map(len, state.pieces_on_board)):
        labels.append("capture")
    if len(after) > len(before):
        labels.append("enter")
    if sum(rel >= 40 for rel in after) > sum(rel >= 40 for rel in before):
        labels.append("goal")
    if labels:
        return "+".join(labels)
    moved = [rel for rel in before if rel not in after]
    if not moved:
        return "pass"
    piece = "front" if moved[0] == before[-1] else "rear" if moved[0] == before[0] else "middle"
    return f"{piece}, {'in the goal' if moved[0] >= 40 else 'track'}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    game = spieltisch.load("madn", players=4)
    hand = level(game, "expert", evaluation="hand").build(game, 0, Budget())
    learned = level(game, "expert", evaluation="learned").build(game, 0, Budget())
    kinds: Counter[tuple[str, str]] = Counter()
    decisions = 0
    for index in range(args.games):
        rng = random.Random(args.seed + index)
        state = game.new_state()
        assert isinstance(state, MadnState)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
                continue
            move = hand.choose(state)
            if len(state.legal_actions()) > 1:
                decisions += 1
                other = learned.choose(state)
                if other != move:
                    kinds[(kind(state, move), kind(state, other))] += 1
            state.apply(move)
    print(f"{decisions} decisions with a choice, {kinds.total()} chosen differently")
    print(f"{'hand-made':>24}  {'learned':<24} decisions")
    for (by_hand, by_learned), count in kinds.most_common():
        print(f"{by_hand:>24}  {by_learned:<24} {count}")


if __name__ == "__main__":
    main()
