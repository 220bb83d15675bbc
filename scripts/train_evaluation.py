"""Train the learned evaluation of Mensch ärgere Dich nicht from kernel games.

    uv run --extra fast python scripts/train_evaluation.py --players 4 --games 2000000 --seed 21

Plays `--games` games with the rule of thumb in every seat in the compiled kernel, fits
the softmax model of `spieltisch.games.madn.evaluation` to their winners by stochastic
gradient descent (`training.py`), prints the held-out log loss beside the 1/n baseline,
and writes the averaged weights into the row for that player count of the shipped
`evaluation.npy` (`--write`). Deterministic for a seed: the games and the sampled
positions come from the seed, the descent visits them in order. Run it under `nice`.
"""

from __future__ import annotations

import argparse
import time
from importlib import resources
from pathlib import Path

import numpy as np

import spieltisch
from spieltisch.core.kernel import game_seeds
from spieltisch.games.madn import evaluation
from spieltisch.games.madn.kernel import POLICY, options_array
from spieltisch.games.madn.training import log_loss, train

CHUNK = 25_000


def write(players: int, weights: np.ndarray) -> Path:
    """Store `weights` as the row for this player count of the shipped file."""
    path = Path(str(resources.files(evaluation.__package__).joinpath(evaluation.WEIGHTS_FILE)))
    table = np.load(path) if path.exists() else np.zeros((3, evaluation.FEATURES))
    table[players - 2] = weights
    np.save(path, table.astype("<f8"))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--holdout", type=int, default=20_000, help="games to test on")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--sample", type=float, default=0.25, help="share of turns used")
    parser.add_argument("--rate", type=float, default=0.01, help="SGD step size")
    parser.add_argument("--write", action="store_true", help="store the weights in the package")
    args = parser.parse_args()

    game = spieltisch.load("madn", players=args.players)
    params = options_array(game)
    policies = np.full(args.players, POLICY, dtype=np.int64)
    weights = np.zeros(evaluation.FEATURES)
    snapshots: list[np.ndarray] = []
    start = time.perf_counter()
    positions = 0
    for first in range(0, args.games, CHUNK):
        count = min(CHUNK, args.games - first)
        seeds = game_seeds(args.seed, first, count)
        late = first >= args.games // 2
        rate = args.rate * (0.5 if late else 1.0)
        used, loss = train(params, seeds, policies, args.sample, rate, weights)
        if late:  # Polyak: the mean of the weights over the second half
            snapshots.append(weights.copy())
            if args.write:  # a checkpoint: a run cut short still leaves its mean so far
                write(args.players, np.mean(snapshots, axis=0))
        positions += used
        print(
            f"{first + count:>9,} games  {positions:>11,} positions  loss {loss:.4f}"
            f"  {time.perf_counter() - start:7.1f} s",
            flush=True,
        )
    average = np.mean(snapshots, axis=0) if snapshots else weights
    held = game_seeds(args.seed + 1, 0, args.holdout)
    used, loss, uniform = log_loss(params, held, policies, args.sample, average)
    print(f"held out: {used:,} positions of {args.holdout:,} games")
    print(f"  log loss {loss:.4f} against {uniform:.4f} for 1/n")
    names = [f"rel {r}" for r in range(44)]
    names += [f"risk {4 * b}-{4 * b + 3}" for b in range(10)]
    names += ["attack", "attack depth", "stuck"] + [f"tempo +{k}" for k in range(4)]
    print("  " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(names, average, strict=True)))
    if args.write:
        print(f"wrote the weights for {args.players} players to {write(args.players, average)}")


if __name__ == "__main__":
    main()
