"""Train the learned evaluation of Mensch ärgere Dich nicht or Mahé from kernel games.

    uv run --extra fast python scripts/train_evaluation.py --players 4 --games 2000000 --seed 21
    uv run --extra fast python scripts/train_evaluation.py --game mahe --players 4 --games 1000000
    uv run --extra fast python scripts/train_evaluation.py --lam 0.7 --games 200000 \
        --output madn-td.npy

`--lam` below 1 (Mensch ärgere Dich nicht) trains by TD(λ) instead: each sampled position
learns towards the λ-return of the model's own chances at the positions after it, the
outcome only at the end (issue 49); the held-out loss is against the winners either way.
`--output FILE` writes the averaged weights (one row) there instead of into the package.

Plays `--games` games with the rule of thumb in every seat in the game's compiled kernel,
fits the softmax model of `spieltisch.games.<game>.evaluation` to their winners by
stochastic gradient descent (`<game>/training.py`, the step in `core.training`), prints
the held-out log loss beside the 1/n baseline, and writes the averaged weights into the
row for that player count of the game's shipped `evaluation.npy` (`--write`).
Deterministic for a seed: the games and the sampled positions come from the seed, the
descent visits them in order. Run it under `nice`.
"""

from __future__ import annotations

import argparse
import inspect
import math
import time
from importlib import resources
from pathlib import Path
from types import ModuleType

import numpy as np

import spieltisch
from spieltisch.core import game_names, registry
from spieltisch.core.kernel import game_seeds

CHUNK = 25_000
GAMES = tuple(
    name
    for name in game_names()
    if all(registry.parts(name).has(part) for part in ("evaluation", "training", "kernel"))
)
"""The games with a learned evaluation: their declared parts `evaluation` (FEATURES,
NAMES, PLAYERS, WEIGHTS_FILE), `training` (`run`: games, their loss and the descent) and
`kernel` (POLICY, options_array)."""


def parts(game: str) -> tuple[ModuleType, ModuleType, ModuleType]:
    """The game's evaluation, training and kernel modules, as the game declares them."""
    if game not in GAMES:
        raise SystemExit(f"no learned evaluation for {game!r}: choose one of {', '.join(GAMES)}")
    declared = registry.parts(game)
    found = [declared.module(part) for part in ("evaluation", "training", "kernel")]
    evaluation, training, kernel = (module for module in found if module is not None)
    return evaluation, training, kernel


def write(evaluation: ModuleType, players: int, weights: np.ndarray) -> Path:
    """Store `weights` as the row for this player count of the game's shipped file."""
    path = Path(str(resources.files(evaluation.__package__).joinpath(evaluation.WEIGHTS_FILE)))
    rows = len(evaluation.PLAYERS)
    table = np.load(path) if path.exists() else np.zeros((rows, evaluation.FEATURES))
    table[players - 2] = weights
    np.save(path, table.astype("<f8"))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="madn", choices=GAMES)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--holdout", type=int, default=20_000, help="games to test on")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--sample", type=float, default=0.25, help="share of positions used")
    parser.add_argument("--rate", type=float, default=0.01, help="SGD step size")
    parser.add_argument("--write", action="store_true", help="store the weights in the package")
    parser.add_argument("--lam", type=float, default=1.0, help="TD(λ): λ below 1")
    parser.add_argument("--output", default=None, help="write the weights to this .npy file")
    args = parser.parse_args()
    if not 0.0 <= args.lam <= 1.0:
        parser.error(f"--lam {args.lam}: λ lies between 0 and 1 (1: fit to the winners)")

    evaluation, training, kernel = parts(args.game)
    if args.players not in evaluation.PLAYERS:
        parser.error(
            f"--players {args.players}: {args.game} has weights for"
            f" {', '.join(map(str, evaluation.PLAYERS))} players"
        )
    td = {"lam": args.lam} if args.lam < 1.0 else {}
    if td and "lam" not in inspect.signature(training.run).parameters:
        parser.error(f"--lam: {args.game} trains on the winners only; TD(λ) is for madn")
    game = spieltisch.load(args.game, players=args.players)
    params = kernel.options_array(game)
    policies = np.full(args.players, kernel.POLICY, dtype=np.int64)
    weights = np.zeros(evaluation.FEATURES)
    snapshots: list[np.ndarray] = []
    start = time.perf_counter()
    positions = 0
    for first in range(0, args.games, CHUNK):
        count = min(CHUNK, args.games - first)
        seeds = game_seeds(args.seed, first, count)
        late = first >= args.games // 2
        rate = args.rate * (0.5 if late else 1.0)
        used, loss = training.run(params, seeds, policies, args.sample, rate, weights, True, **td)
        if late:  # Polyak: the mean of the weights over the second half
            snapshots.append(weights.copy())
            if args.write:  # a checkpoint: a run cut short still leaves its mean so far
                write(evaluation, args.players, np.mean(snapshots, axis=0))
        positions += used
        print(
            f"{first + count:>9,} games  {positions:>11,} positions  loss {loss:.4f}"
            f"  {time.perf_counter() - start:7.1f} s",
            flush=True,
        )
    average = np.mean(snapshots, axis=0) if snapshots else weights
    held = game_seeds(args.seed + 1, 0, args.holdout)
    used, loss = training.run(params, held, policies, args.sample, 0.0, average, False)
    print(f"held out: {used:,} positions of {args.holdout:,} games")
    print(f"  log loss {loss:.4f} against {math.log(args.players):.4f} for 1/n")
    names = evaluation.NAMES
    print("  " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(names, average, strict=True)))
    if args.output:
        np.save(args.output, average.astype("<f8"))
        print(f"wrote the weights for {args.players} players to {args.output}")
    if args.write:
        path = write(evaluation, args.players, average)
        print(f"wrote the weights for {args.players} players to {path}")


if __name__ == "__main__":
    main()
