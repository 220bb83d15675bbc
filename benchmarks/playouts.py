"""Random playouts per second for every game through the public protocol, side by side
with OpenSpiel's maedn, pig and oh_hell (4 players) driven by the same Python loop, and
each game's compiled kernel (extra `fast`) on one core.

    uv run python benchmarks/playouts.py [--seconds 5] [--no-kernels]

Rates are per CPU second of this process (`time.process_time`), so that other work on
a shared machine disturbs them less. Kernel rows count decisions only ("moves" of the
kernel are the players' moves; chance outcomes are drawn inside); the ratios compare
games per second.

Not a timed test: it prints figures to compare in one run on one machine.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.core.draw import pick


@dataclass(frozen=True)
class Rate:
    label: str
    games: int
    moves: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds


def ours(name: str, players: int, seed: int) -> Callable[[], int]:
    """One random playout through the public protocol; returns the number of steps."""
    game = spieltisch.load(name, players=players)
    rng = random.Random(seed)
    choice = rng.choice

    def playout() -> int:
        state = game.new_state()
        steps = 0
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
            else:
                state.apply(choice(state.legal_actions()))
            steps += 1
        return steps

    return playout


def openspiel(name: str, players: int, seed: int) -> Callable[[], int]:
    """The same loop over a pyspiel game (chance sampled in Python, as ours)."""
    import pyspiel

    params = {"players": players}
    if name == "oh_hell":
        params["num_suits"] = 4
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    choice = rng.choice

    def playout() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(pick(state.chance_outcomes(), rng))
            else:
                state.apply_action(choice(state.legal_actions()))
            steps += 1
        return steps

    return playout


def kernel_rate(name: str, players: int, seconds: float, seed: int) -> Rate:
    """Random kernel playouts in batches on one core; the first batch (compile or cache
    load) is not counted."""
    import numpy as np

    from spieltisch.sim.fast import kernel_for

    game = spieltisch.load(name, players=players)
    kernel = kernel_for(game)
    if kernel is None:
        raise ImportError(f"no kernel for {name}")
    seats = np.zeros(players, dtype=np.int64)
    kernel.run(np.arange(10, dtype=np.uint64), seats)
    batch = 500
    games = moves = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        seeds = np.arange(games, games + batch, dtype=np.uint64) + np.uint64(seed << 32)
        moves += int(kernel.run(seeds, seats).lengths.sum())
        games += batch
    return Rate(f"kernel {name} ({players}p)", games, moves, elapsed)


def measure(label: str, playout: Callable[[], int], seconds: float) -> Rate:
    playout()  # warm up (lazy tables, imports)
    games = moves = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or games < 3:
        moves += playout()
        games += 1
    return Rate(label, games, moves, elapsed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-kernels", action="store_true", help="leave out the kernels")
    args = parser.parse_args()

    rows: list[Rate] = []
    players_of = {"mahe": 4, "madn": 4, "david_goliath": 4, "mabula": 2}
    for info in spieltisch.games():
        players = players_of.get(info.name, info.players[0])
        label = f"spieltisch {info.name} ({players}p)"
        rows.append(measure(label, ours(info.name, players, args.seed), args.seconds))
    for name in ("maedn", "pig", "oh_hell"):
        try:
            playout = openspiel(name, 4, args.seed)
        except ImportError:
            print(f"open_spiel is not installed: skipping {name}")
            continue
        rows.append(measure(f"OpenSpiel {name} (4p)", playout, args.seconds))
    if not args.no_kernels:
        for info in spieltisch.games():
            players = players_of.get(info.name, info.players[0])
            try:
                rows.append(kernel_rate(info.name, players, args.seconds, args.seed))
            except ImportError as missing:
                print(f"no kernel for {info.name}: {missing}")

    print(
        f"random playouts, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, {args.seconds:g} CPU s each"
    )
    print(f"{'engine':34} {'games/s':>10} {'moves/s':>12} {'moves/game':>11}")
    for row in rows:
        print(
            f"{row.label:34} {row.games_per_second:10.1f} {row.moves_per_second:12.0f} "
            f"{row.moves / row.games:11.1f}"
        )
    by_label = {row.label: row for row in rows}
    ours_madn = by_label.get("spieltisch madn (4p)")
    theirs = by_label.get("OpenSpiel maedn (4p)")
    if ours_madn and theirs:
        ratio = ours_madn.games_per_second / theirs.games_per_second
        print(f"madn vs OpenSpiel maedn: {ratio:.2f}× OpenSpiel's games/s (target ≥ 0.50)")
    kernel_madn = by_label.get("kernel madn (4p)")
    if kernel_madn and theirs:
        ratio = kernel_madn.games_per_second / theirs.games_per_second
        print(f"kernel madn vs OpenSpiel maedn: {ratio:.1f}× OpenSpiel's games/s (goal ≥ 25)")
    for info in spieltisch.games():
        players = players_of.get(info.name, info.players[0])
        kernel = by_label.get(f"kernel {info.name} ({players}p)")
        engine = by_label.get(f"spieltisch {info.name} ({players}p)")
        if kernel and engine:
            ratio = kernel.games_per_second / engine.games_per_second
            print(f"kernel {info.name} vs our engine: {ratio:.1f}× its games/s (goal ≥ 20)")


if __name__ == "__main__":
    main()
