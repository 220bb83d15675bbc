"""CPU per decision of the MÄDN expert and of the rollout agent, on the same positions.

Plays games of four experts; at every decision with more than one legal move both the
expert (exact expectimax, no clock, as in duplicate games) and `rollout:N` for each N
given rate the same position, timed by process time one after the other, so that load
and position mix are the same for both (issue 49: the rollouts' budget is the expert's
thinking time).

    uv run python benchmarks/rollout_cost.py --games 10 --playouts 500,1000,2000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.core import CHANCE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--playouts", default="1000")
    parser.add_argument("--seed", type=int, default=49)
    args = parser.parse_args()
    counts = [int(x) for x in args.playouts.split(",")]
    game = spieltisch.load("madn")
    experts = [make("expert", game, seed=s, budget=Budget()) for s in range(4)]
    rollouts = {n: make("rollout", game, seed=1, budget=Budget(iterations=n)) for n in counts}
    warm = random.Random(1)
    for agent in rollouts.values():  # load the compiled kernel before timing
        state = game.new_state()
        while state.current_player == CHANCE or len(state.legal_actions()) < 2:
            if state.current_player == CHANCE:
                state.sample_chance(warm)
            else:
                state.apply(state.legal_moves()[0])
        agent.choose(state)
    times: dict[str, list[float]] = {"expert": []}
    times.update({f"rollout:{n}": [] for n in counts})
    rng = random.Random(args.seed)
    for _ in range(args.games):
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
                continue
            seat = state.current_player
            if len(state.legal_actions()) > 1:
                for n, agent in rollouts.items():
                    start = time.process_time()
                    agent.choose(state)
                    times[f"rollout:{n}"].append(time.process_time() - start)
                start = time.process_time()
                move = experts[seat].choose(state)
                times["expert"].append(time.process_time() - start)
            else:
                move = state.legal_moves()[0]
            state.apply(move)
    with open("/proc/loadavg") as load:
        print(f"{args.games} games of four experts, load {load.read().split()[0]}")
    for name, spent in times.items():
        print(
            f"{name:>14}: {1000 * statistics.mean(spent):6.2f} ms a decision (median "
            f"{1000 * statistics.median(spent):.2f}, {len(spent)} decisions)"
        )


if __name__ == "__main__":
    main()
