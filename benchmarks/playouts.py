"""Random playouts per second for every game through the public protocol, side by side
with OpenSpiel's maedn, pig and oh_hell (4 players) driven by the same Python loop.

    uv run python benchmarks/playouts.py [--seconds 5]

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


def measure(label: str, playout: Callable[[], int], seconds: float) -> Rate:
    playout()  # warm up (lazy tables, imports)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games < 3:
        moves += playout()
        games += 1
    return Rate(label, games, moves, elapsed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine")
    parser.add_argument("--seed", type=int, default=0)
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

    print(
        f"random playouts, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, {args.seconds:g} s each"
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


if __name__ == "__main__":
    main()
