"""CPU per computer move of each level of each game, on typical positions: which levels
are cheap enough to choose their move on the server's event loop (issue 41,
`infra.workers.inline_level`) and which must think in a worker.

    uv run python benchmarks/move_cost.py [--games 20] [--seed 1] [--levels easy,medium,hard]

Positions come from whole games whose seats all play `easy` (fast, and as varied as a
table with a person); in each position every level asked for makes its agent and
chooses a move on a copy, as the server does (the level's own budget: `expert` thinks a
second by its spec and is left out unless named). Printed per game and level: the
algorithm the level names, the moves measured, median, p99 and maximum CPU milliseconds
per move (`time.process_time`, robust on a busy machine), and whether the server
chooses it inline.

`--hand-off` measures instead what an `easy` move costs each way along the same games in
order (as a table asks): chosen here (`workers.choose` on a copy, as the scheduler does)
against asked of a worker process (`WorkerPool.run(choose_move, ...)` as before issue
41, the worker keeping each table's position): CPU per move of this process, and of this
process with its worker, with the server's `--ai-budget 40` of the load test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

import psutil

import spieltisch
from spieltisch.agents import make
from spieltisch.agents.levels import level_spec
from spieltisch.core import CHANCE
from spieltisch.server.infra.workers import WorkerPool, choose, choose_move, inline_level

GAMES: list[tuple[str, int]] = [("madn", 4), ("mahe", 3), ("david_goliath", 3), ("mabula", 2)]


def _positions(name: str, players: int, games: int, seed: int) -> list[spieltisch.core.State]:
    """Positions where a seat must decide, along `games` games of `easy` seats."""
    rng = random.Random(seed)
    game = spieltisch.load(name, players=players)
    positions = []
    for index in range(games):
        state = game.new_state()
        agent = make("easy", game, seed=seed + index)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)  # applies it
                continue
            if len(state.legal_actions()) > 1:
                positions.append(state.clone())
            state.apply(agent.choose(state))
    return positions


def _cost(
    name: str, players: int, level: str, positions: list[spieltisch.core.State]
) -> list[float]:
    game = spieltisch.load(name, players=players)
    times = []
    for index, position in enumerate(positions):
        state = position.clone()
        started = time.process_time()
        make(level, game, seed=index).choose(state)  # made per move, as the server does
        times.append((time.process_time() - started) * 1000)
    return times


def _cpu(process: psutil.Process, children: bool) -> float:
    """CPU seconds of `process` (with its children's: the workers)."""
    times = process.cpu_times()
    total = times.user + times.system
    if children:
        for child in process.children(recursive=True):
            with_child = child.cpu_times()
            total += with_child.user + with_child.system
    return total


async def _asked_of_a_worker(
    name: str, players: int, games: list[list[spieltisch.core.State]]
) -> tuple[float, float]:
    """CPU ms per move (this process, and with its worker) with each move asked of a
    worker process."""
    pool = WorkerPool(1, processes=True)
    try:
        await pool.run(_nothing)  # the worker started and imported the package
        me = psutil.Process()
        alone, both = _cpu(me, False), _cpu(me, True)
        moves = 0
        for index, positions in enumerate(games):
            for position in positions:
                history = position.history()
                await pool.run(
                    choose_move, name, {"players": players}, history, "easy", "40", f"t{index}"
                )
                moves += 1
        return (
            (_cpu(me, False) - alone) * 1000 / moves,
            (_cpu(me, True) - both) * 1000 / moves,
        )
    finally:
        pool.close(wait=True)


def _nothing() -> None:
    """A job that only starts the worker."""


def _chosen_here(games: list[list[spieltisch.core.State]]) -> float:
    """CPU ms per move with each move chosen in this process."""
    started, moves = time.process_time(), 0
    for positions in games:
        for position in positions:
            choose(position.clone(), "easy", "40")
            moves += 1
    return (time.process_time() - started) * 1000 / moves


def hand_off(args: argparse.Namespace) -> None:
    print(
        "| game | moves | chosen here: ms/move | asked of a worker: this process "
        "| with the worker |"
    )
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, players in GAMES[:3]:  # the games whose easy level never searches
        games = [_positions(name, players, 1, args.seed + index) for index in range(args.games)]
        moves = sum(len(positions) for positions in games)
        here = _chosen_here(games)
        alone, both = asyncio.run(_asked_of_a_worker(name, players, games))
        print(f"| {name} | {moves} | {here:.3f} | {alone:.3f} | {both:.3f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game for positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--most", type=int, default=400, help="positions per game at most")
    parser.add_argument("--hand-off", action="store_true", help="easy: here or in a worker")
    args = parser.parse_args()
    if args.hand_off:
        hand_off(args)
        return
    print("| game | level | algorithm | inline | moves | median ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: |")
    for name, players in GAMES:
        positions = _positions(name, players, args.games, args.seed)
        random.Random(args.seed).shuffle(positions)
        positions = positions[: args.most]
        game = spieltisch.load(name, players=players)
        for level in args.levels.split(","):
            times = sorted(_cost(name, players, level, positions))
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(
                f"| {name} | {level} | {level_spec(game, level).algorithm} "
                f"| {'yes' if inline_level(game, level) else 'no'} | {len(times)} "
                f"| {statistics.median(times):.3f} | {p99:.3f} | {times[-1]:.3f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
