"""Decisions per CPU second of Mensch ärgere Dich nicht's expert: the Python search
against its compiled copy (`games/madn/expectimax.py`), on the same positions.

Plays games of four experts (the Python search chooses); at every decision with more
than one legal move both searches rate the position, one after the other in alternating
order, each timed by process time, so that load and positions are the same for both.
Every decision's move and values are compared too. Then whole duplicate games of four
experts (what `benchmarks/win_calibration.py` plays), alternately with either search:
CPU per game.

    uv run python benchmarks/expert_speed.py --games 20 --blocks 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

import spieltisch
from benchmarks.duplicate import block_record
from spieltisch.agents import Budget, make
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.core import CHANCE


def experts(game: spieltisch.Game, compiled: bool) -> list[ExpectimaxAgent]:  # type: ignore[type-arg]
    """Four experts as duplicate games build them (no clock)."""
    agents = []
    for seat in range(4):
        agent = make("expert", game, seed=seat, budget=Budget())
        assert isinstance(agent, ExpectimaxAgent)
        if compiled and not agent.use_compiled():
            raise SystemExit("no compiled expert: install the extra `fast` (numba)")
        agents.append(agent)
    return agents


def decisions(games: int, seed: int) -> None:
    game = spieltisch.load("madn")
    python, compiled = experts(game, False), experts(game, True)
    times: dict[str, list[float]] = {"python": [], "compiled": []}
    nodes: list[int] = []
    differ = 0
    worst = 0.0
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
                continue
            seat = state.current_player
            if len(state.legal_actions()) < 2:
                state.apply(state.legal_actions()[0])
                continue
            order = [("python", python[seat]), ("compiled", compiled[seat])]
            if len(nodes) % 2:
                order.reverse()
            rated = {}
            for name, agent in order:
                start = time.process_time()
                rated[name] = agent.analyse(state)
                times[name].append(time.process_time() - start)
            nodes.append(python[seat].nodes)
            mine, theirs = rated["python"], rated["compiled"]
            differ += [c.action for c in mine] != [c.action for c in theirs]
            worst = max(worst, *(abs(a.value - b.value) for a, b in zip(mine, theirs, strict=True)))
            state.apply(mine[0].move)
    count = len(nodes)
    print(f"\n{count} decisions of {games} games; moves ranked differently: {differ},")
    print(f"largest difference of a value: {worst:.1e}; nodes per decision: mean")
    print(f"{statistics.fmean(nodes):.0f}, median {statistics.median(nodes):.0f}\n")
    print("| search | decisions per CPU s | mean ms | median ms | 99th pct ms |")
    print("|---|---:|---:|---:|---:|")
    for name, spent in times.items():
        ms = sorted(1000 * t for t in spent)
        print(
            f"| {name} | {count / sum(spent):,.0f} | {statistics.fmean(ms):.3f} |"
            f" {statistics.median(ms):.3f} | {ms[int(0.99 * (count - 1))]:.3f} |"
        )
    ratio = sum(times["python"]) / sum(times["compiled"])
    print(f"\ncompiled: {ratio:.1f}× the decisions per CPU second")


def whole_games(blocks: int, seed: int) -> None:
    """Duplicate blocks of four experts, one rotation each, alternately Python first."""
    cpu: dict[bool, list[float]] = {False: [], True: []}
    same = 0
    for index in range(blocks):
        records = {}
        for compiled in (False, True) if index % 2 == 0 else (True, False):
            record = block_record("madn", ("expert",) * 4, seed, index, "stream", 1, compiled)
            cpu[compiled].append(record["cpu"])
            records[compiled] = record
        same += records[False]["predictions"] == records[True]["predictions"]
    slow, fast = statistics.fmean(cpu[False]), statistics.fmean(cpu[True])
    print(f"\n{blocks} duplicate games of four experts, {same} identical in every estimate:")
    print(f"CPU per game: Python {slow:.3f} s, compiled {fast:.3f} s ({slow / fast:.1f}×)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of decisions to time")
    parser.add_argument("--blocks", type=int, default=20, help="whole games each way")
    parser.add_argument("--seed", type=int, default=49)
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    game = spieltisch.load("madn")
    experts(game, True)[0].analyse(_first_decision(game))  # load the compiled code first
    print(
        f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, commit {commit},"
        f" load {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    decisions(args.games, args.seed)
    if args.blocks:
        whole_games(args.blocks, args.seed)
    print(f"load at the end {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def _first_decision(game: spieltisch.Game) -> spieltisch.State:  # type: ignore[type-arg]
    rng = random.Random(0)
    state = game.new_state()
    while state.current_player == CHANCE or len(state.legal_actions()) < 2:
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(state.legal_actions()[0])
    return state


if __name__ == "__main__":
    main()
