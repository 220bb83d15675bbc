"""The hints' calibrated win chances (issue 49): play, fit and check the isotonic maps of
`spieltisch.agents.calibration`.

    uv run python benchmarks/win_calibration.py --game mahe --games 2000 --held-out 1000
    uv run python benchmarks/win_calibration.py --game madn --games 250 --held-out 250 \\
        --write src/spieltisch/agents/calibration.json

A table of copies of the level (the expert by default; four, or `--players`) plays
`--games` games with `--seed` (49) and `--held-out` games with `--held-out-seed` (50):
one rotation of each
duplicate block (`benchmarks/strength.py duplicate --lineup expert,expert,expert,expert
--rotations 1`), every decision's own win-chance estimate logged with the share of the
win the player then got. The games go to `--logs` (one JSON line per game, as
`duplicate --log` writes them) and a second run resumes them, so the same command with
the same seeds gives the same games, maps and figures on any machine: the experts of
Mahé and Mensch ärgere Dich nicht read no clock. Mensch ärgere Dich nicht's expert
searches on its compiled copy (`duplicate --compiled`: the same moves and estimates,
tests/kernels/test_madn_expert.py) unless `--python` is given.

The map is fitted on the first seed's games and checked on the held-out games: per bin
(tenths of the prediction) the share won against the mean prediction, raw and calibrated,
with a 95% interval over the games (`benchmarks/strength.py duplicate --summary LOG
--calibration` prints the same tables). `--write FILE` stores the map and its figures
(other games' maps in the file are kept). `--play-only` stops after playing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

from benchmarks.duplicate import PLAYERS, block_record, print_calibration, read_logs
from spieltisch.agents.calibration import WinChanceMap, fit_isotonic, map_key
from spieltisch.sim.significance import calibration, mean_absolute_error


def log_path(logs: Path, game: str, players: int, level: str, seed: int) -> Path:
    return logs / f"{game}-{players}-{level}-seed{seed}.jsonl"


def play(
    game: str,
    lineup: Sequence[str],
    seed: int,
    count: int,
    log: Path,
    workers: int,
    compiled: bool = True,
) -> None:
    """Games 0..count-1 of the seed into `log`, the ones already there kept."""
    log.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if log.is_file():
        done = {index for run in read_logs([str(log)]) for index in _indices(run.blocks)}
    missing = [index for index in range(count) if index not in done]
    if not missing:
        return
    started = time.perf_counter()
    args = [(game, lineup, seed, index, "stream", 1, compiled) for index in missing]
    with open(log, "a", encoding="utf-8") as out:
        if workers <= 1:
            played = (block_record(*a) for a in args)
            for record in played:
                out.write(json.dumps(record) + "\n")
                out.flush()
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for record in pool.map(block_record, *zip(*args, strict=True)):
                    out.write(json.dumps(record) + "\n")
                    out.flush()
    wall = time.perf_counter() - started
    print(f"{game}, seed {seed}: {len(missing)} games played, {wall:.0f} s wall", flush=True)


def _indices(blocks: Sequence[dict[str, Any]]) -> list[int]:
    return [int(block["index"]) for block in blocks]


def estimates(log: Path, count: int) -> tuple[list[tuple[float, float]], list[int], int]:
    """The (estimate, won) pairs of games 0..count-1 in the log, each game's index, and
    how many games they came from."""
    pairs: list[tuple[float, float]] = []
    games: list[int] = []
    seen = 0
    for run in read_logs([str(log)]):
        for block in run.blocks:
            if int(block["index"]) >= count:
                continue
            seen += 1
            for _entrant, predicted, won in block.get("predictions", []):
                pairs.append((float(predicted), float(won)))
                games.append(int(block["index"]))
    return pairs, games, seen


def figures(pairs: list[tuple[float, float]], games: list[int]) -> dict[str, float]:
    bins = calibration(pairs, clusters=games)
    return {
        "mean_error": round(mean_absolute_error(bins), 4),
        "worst_bin": round(max(b.error for b in bins), 4),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), required=True)
    parser.add_argument("--level", default="expert")
    parser.add_argument(
        "--players", type=int, default=None, help="at the table (default: the game's usual)"
    )
    parser.add_argument("--games", type=int, default=2000, help="games to fit on")
    parser.add_argument("--seed", type=int, default=49)
    parser.add_argument("--held-out", type=int, default=1000, help="games to check on")
    parser.add_argument("--held-out-seed", type=int, default=50)
    parser.add_argument("--logs", default="calibration-games", help="folder of the game logs")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--write", default=None, help="store the map in this JSON file")
    parser.add_argument("--play-only", action="store_true")
    parser.add_argument(
        "--python", action="store_true", help="search on the Python engine, not the compiled copy"
    )
    parser.add_argument("--markdown", action="store_true", help="Markdown tables")
    args = parser.parse_args(argv)
    logs = Path(args.logs)
    players = args.players = args.players or PLAYERS[args.game]
    lineup = (args.level,) * players
    fit_log = log_path(logs, args.game, players, args.level, args.seed)
    held_log = log_path(logs, args.game, players, args.level, args.held_out_seed)
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC — {platform.node()},"
        f" {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {args.game}, {players}"
        f" {args.level}s: {args.games} games of seed {args.seed} to fit,"
        f" {args.held_out} of seed {args.held_out_seed} held out",
        flush=True,
    )
    compiled = not args.python
    play(args.game, lineup, args.seed, args.games, fit_log, args.workers, compiled)
    play(args.game, lineup, args.held_out_seed, args.held_out, held_log, args.workers, compiled)
    if args.play_only:
        return
    pairs, _games, fitted_games = estimates(fit_log, args.games)
    fitted = fit_isotonic(pairs)
    held, held_games, checked_games = estimates(held_log, args.held_out)
    calibrated = [(fitted(p), w) for p, w in held]
    print(f"\nfitted on {fitted_games} games ({len(pairs)} estimates): {len(fitted.points)} points")
    for what, shown in (("raw", held), ("calibrated", calibrated)):
        title = f"{args.game}, {players} {args.level}s, {checked_games} held-out games, {what}"
        print_calibration(title, shown, args.markdown, [(0, g) for g in held_games])
    if args.write:
        write(Path(args.write), args, fitted, len(pairs), fitted_games, held, held_games)


def write(
    path: Path,
    args: argparse.Namespace,
    fitted: WinChanceMap,
    fitted_estimates: int,
    fitted_games: int,
    held: list[tuple[float, float]],
    held_games: list[int],
) -> None:
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    data["fitted_by"] = "benchmarks/win_calibration.py"
    maps = data.setdefault("maps", {})
    calibrated = [(fitted(p), w) for p, w in held]
    maps[map_key(args.game, args.players, args.level)] = {
        "map": fitted.model_dump(),
        "fitted_on": {"seed": args.seed, "games": fitted_games, "estimates": fitted_estimates},
        "held_out": {
            "seed": args.held_out_seed,
            "games": len(set(held_games)),
            "estimates": len(held),
            "raw": figures(held, held_games),
            "calibrated": figures(calibrated, held_games),
        },
    }
    data["maps"] = dict(sorted(maps.items()))
    text = json.dumps(data, indent=1, ensure_ascii=False)
    # a point per line: [estimate, chance]
    text = re.sub(r"\[\s+([-0-9.e]+),\s+([-0-9.e]+)\s+\]", r"[\1, \2]", text)
    path.write_text(text + "\n", encoding="utf-8")
    print(f"\nmap written to {path}")


if __name__ == "__main__":
    main()
