"""David & Goliath: train the model of where the unseen cards are, and time it (issue 49).

    uv run python benchmarks/card_inference.py --train --games 600 --seed 49 \\
        --write src/spieltisch/games/david_goliath/inference.json
    uv run python benchmarks/card_inference.py --cost --iterations 300

`--train` counts, over `--games` one-deal games of four players that `--level` (medium:
IS-MCTS, 40 iterations) plays against itself, the buckets of held and not held unseen
cards (`spieltisch.games.david_goliath.inference`), and prints each bucket's score.
The same seed gives the same counts.

`--cost` measures the CPU time per move of IS-MCTS with the uniform and the inferred
worlds at the same iterations, on positions of seeded games, and prints the iterations
that give the inferred search the same CPU time per move as the uniform one at
`--iterations`: the budget of `hard@inferred:N` in an equal-time duplicate match

    uv run python benchmarks/strength.py duplicate --game david_goliath \\
        --pairs hard@inferred:N-hard --blocks 200 --log dg.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.agents.ismcts import ISMCTSAgent
from spieltisch.core import State
from spieltisch.games.david_goliath import DavidGoliathState
from spieltisch.games.david_goliath.inference import BUCKETS, count_position, scores_of


def train(
    games: int, seed: int, level: str = "medium", every: int = 6, players: int = 4
) -> dict[str, Any]:
    """Counts of the buckets of held and not held cards over `games` one-deal games the
    level plays against itself (every `every`-th decision counted)."""
    game = spieltisch.load("david_goliath", players=players, deals=1)
    held, free = [0] * BUCKETS, [0] * BUCKETS
    positions = 0
    for index in range(games):
        own = seed * 100_003 + index
        agents = [make(level, game, seed=own + seat) for seat in range(players)]
        rng = random.Random(own)
        state = game.new_state()
        step = 0
        while not state.is_terminal():
            if state.current_player < 0:
                state.sample_chance(rng)
                continue
            if step % every == every - 1:
                assert isinstance(state, DavidGoliathState)
                count_position(state, held, free)
                positions += 1
            step += 1
            state.apply(agents[state.current_player].choose(state))
    return {
        "trained_by": "benchmarks/card_inference.py --train",
        "level": level,
        "players": players,
        "games": games,
        "seed": seed,
        "positions": positions,
        "held": held,
        "not_held": free,
    }


def positions(count: int, seed: int) -> list[State]:
    """Decisions of random one-deal games of four (one from each game, at random)."""
    game = spieltisch.load("david_goliath", players=4, deals=1)
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = game.new_state()
        state.sample_chance(rng)
        for _step in range(rng.randrange(4, 50)):
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def cost(iterations: int, count: int, seed: int) -> None:
    states = positions(count, seed)
    spent = {}
    for sampler in (None, "inferred"):
        start = time.process_time()
        for index, state in enumerate(states):
            agent = ISMCTSAgent(
                state.game, seed=index, budget=Budget(iterations=iterations), sampler=sampler
            )
            agent.choose(state)
        spent[sampler] = (time.process_time() - start) / len(states)
        print(f"sampler {sampler or 'uniform'}: {spent[sampler] * 1000:.0f} ms CPU per move")
    ratio = spent["inferred"] / spent[None]
    print(
        f"the inferred search costs {ratio:.2f}x per iteration: at equal CPU time it gets"
        f" {iterations / ratio:.0f} iterations where the uniform one gets {iterations}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--train", action="store_true")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=49)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--write", default=None, help="store the counts in this JSON file")
    parser.add_argument("--cost", action="store_true")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args(argv)
    if args.train:
        start = time.process_time()
        model = train(args.games, args.seed, args.level)
        print(
            f"{args.games} games, {model['positions']} positions,"
            f" {sum(model['held']) + sum(model['not_held'])} pairs,"
            f" {time.process_time() - start:.0f} s CPU"
        )
        scores = scores_of(model)
        for bucket in range(BUCKETS):
            higher, rest = divmod(bucket, 12)
            lower, rest = divmod(rest, 4)
            led_higher, led_lower = divmod(rest, 2)
            print(
                f"followed higher {higher}, lower {lower}, led higher {led_higher},"
                f" lower {led_lower}: held {model['held'][bucket]:6d}, not"
                f" {model['not_held'][bucket]:6d}, log score {scores[bucket]:+.2f}"
            )
        if args.write:
            Path(args.write).write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    if args.cost:
        cost(args.iterations, args.positions, args.seed)


if __name__ == "__main__":
    main()
