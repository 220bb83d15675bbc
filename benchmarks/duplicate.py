"""Duplicate games: skill measured with the luck taken out (issue 49).

    uv run python benchmarks/strength.py duplicate --game madn --pairs expert-hard --blocks 250
    uv run python benchmarks/strength.py duplicate --game mahe \\
        --pairs expert-hard,expert-easy,expert@learned-expert --blocks 500 --log mahe.jsonl
    uv run python benchmarks/strength.py duplicate --summary mahe.jsonl --calibration
    uv run python benchmarks/strength.py duplicate --game madn --lineup expert,hard,medium,easy

A pairing `A-B` seats one A against copies of B (a table of four: A and three B); a
lineup names every seat. Each block is one seed, played once per seat with the entrants
rotated, the dice and deals drawn per seat from the block's seed
(`spieltisch.sim.duplicate`), so every entrant meets the same luck in every seat.

Per pairing it prints A's share of the win with a 95% interval over the blocks, the
two-sided p-value of Student's t over the blocks (A's block mean against the fair share
1/n) and of the exact sign test, A's points minus B's, and what the blocks were worth:
`worth` is the number of independent games (no duplicate dice) that would have given
the same interval. `--calibration` adds, per entrant that searches, its own win-chance
estimates at its decisions against what it then won (in tenths: per bin won − predicted
with a 95% interval over the blocks), raw and as hints and reviews show them;
`--plot FILE` draws them (matplotlib, extra `plots`). `--rotations 1` plays one game
per block: a table of equals plays the same game in every rotation, and that is how
the hints' calibration is fitted (benchmarks/win_calibration.py).

`--compiled` lets the expectimax entrants search on the game's compiled copy where it
has one (Mensch ärgere Dich nicht's expert: the same moves and estimates, faster).

`--log FILE` appends each finished block (one JSON line); `--summary FILE` prints the
blocks of such logs (comma-separated) as far as they got. Every entrant plays without a
clock unless its spec says otherwise, so the blocks are the same on any machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import resource
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import spieltisch
from spieltisch.agents.calibration import WinChanceMap
from spieltisch.review.game import review_calibration
from spieltisch.sim.duplicate import DICE, parse_entrant, play_block
from spieltisch.sim.significance import (
    brier,
    calibration,
    mean_absolute_error,
    paired_test,
)

PLAYERS: dict[str, int] = {"mabula": 2, "mahe": 4, "madn": 4, "david_goliath": 4}


@dataclass
class Run:
    """The blocks of one lineup (as logged: plain numbers)."""

    game: str
    lineup: tuple[str, ...]
    dice: str = "stream"
    blocks: list[dict[str, Any]] = field(default_factory=list)
    cpu: float = 0.0

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def games(self) -> int:
        return len(self.blocks) * self.players

    def entrant_means(self, key: str, entrant: int) -> list[float]:
        """Each block's mean of `key` ("wins" or "points") for one entrant."""
        return [sum(game[entrant] for game in b[key]) / len(b[key]) for b in self.blocks]

    def group_means(self, key: str, entrants: Sequence[int]) -> list[float]:
        """Each block's mean of `key` over several entrants (the copies of B)."""
        per = [self.entrant_means(key, e) for e in entrants]
        return [sum(values) / len(values) for values in zip(*per, strict=True)]


def block_record(
    game: str,
    lineup: Sequence[str],
    seed: int,
    index: int,
    dice: str = "stream",
    rotations: int | None = None,
    compiled: bool = False,
) -> dict[str, Any]:
    """Block `index` as a log line, with the CPU seconds it took (and `compiled` where
    the expectimax entrants searched on the game's compiled copy: the same games)."""
    start = time.process_time()
    block = play_block(game, len(lineup), lineup, seed, index, dice, rotations, compiled)
    record: dict[str, Any] = {
        "game": game,
        "lineup": list(lineup),
        "seed": seed,
        "dice": dice,
        "index": index,
        "wins": [g.wins for g in block.games],
        "points": [g.points for g in block.games],
        "predictions": [
            [p.entrant, round(p.predicted, 4), p.won] for g in block.games for p in g.predictions
        ],
        "cpu": round(time.process_time() - start, 4),
    }
    if compiled:
        record["compiled"] = True
    return record


def blocks(
    game: str,
    lineup: Sequence[str],
    seed: int,
    count: int,
    workers: int,
    dice: str = "stream",
    rotations: int | None = None,
    compiled: bool = False,
) -> Iterator[dict[str, Any]]:
    """Blocks 0..count-1 in order, on `workers` processes."""
    args = [(game, tuple(lineup), seed, index, dice, rotations, compiled) for index in range(count)]
    if workers <= 1:
        for arguments in args:
            yield block_record(*arguments)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(block_record, *zip(*args, strict=True))


def read_logs(paths: Iterable[str]) -> list[Run]:
    """The runs of logs, in the order first seen; a block logged twice counts once."""
    runs: dict[tuple[str, tuple[str, ...], int, str], Run] = {}
    seen: set[tuple[str, tuple[str, ...], int, str, int]] = set()
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for number, text in enumerate(lines, 1):
                if not text.strip():
                    continue
                try:
                    line = json.loads(text)
                    dice = str(line.get("dice", "stream"))
                    key = (line["game"], tuple(line["lineup"]), int(line["seed"]), dice)
                    index = int(line["index"])
                    line["wins"], line["points"], line["cpu"]
                except (ValueError, KeyError, TypeError) as error:
                    raise SystemExit(
                        f"{path}, line {number}: not a logged block ({error}); "
                        "logs are written by --log"
                    ) from None
                if (*key, index) in seen:
                    continue
                seen.add((*key, index))
                run = runs.setdefault(key, Run(key[0], key[1], dice))
                run.blocks.append(line)
                run.cpu += line["cpu"]
    return list(runs.values())


# -- output -----------------------------------------------------------------------------

HEADER = (
    "A vs B",
    "blocks",
    "games",
    "A wins",
    "95% CI",
    "1/n",
    "p (t)",
    "p (sign)",
    "A − B points",
    "worth",
    "games/CPU s",
)


def pairing_cells(run: Run) -> list[str]:
    """One row: the first entrant (A) against the others (B)."""
    n = run.players
    a_wins = run.entrant_means("wins", 0)
    test = paired_test(a_wins, 1.0 / n)
    others = range(1, n)
    points = [
        a - b
        for a, b in zip(
            run.entrant_means("points", 0), run.group_means("points", others), strict=True
        )
    ]
    point_test = paired_test(points)
    # independent games with A's share p have the standard error sqrt(p(1-p)/games)
    share = test.mean
    worth = share * (1 - share) / test.error**2 if test.error > 0 else math.inf
    rest = sorted(set(run.lineup[1:]))
    b = rest[0] if len(rest) == 1 else "/".join(run.lineup[1:])
    dice = "" if run.dice == "stream" else f" (dice by {run.dice})"
    return [
        f"{run.lineup[0]} vs {b}{dice}",
        str(len(run.blocks)),
        str(run.games),
        f"{test.mean:.1%}",
        f"{test.low:.1%}–{test.high:.1%}",
        f"{1 / n:.0%}",
        p_text(test.p),
        p_text(test.sign_p),
        f"{point_test.mean:+.2f} (p {p_text(point_test.p)})",
        "∞" if math.isinf(worth) else f"{worth:,.0f}",
        f"{run.games / run.cpu:.1f}" if run.cpu else "–",
    ]


def p_text(p: float) -> str:
    return f"{p:.1e}" if p < 0.001 else f"{p:.3f}"


def table(rows: Sequence[Sequence[str]], head: Sequence[str], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows, strict=True)]
    return "\n".join(
        "  ".join(str(c).rjust(w) for c, w in zip(r, widths, strict=True)) for r in [head, *rows]
    )


def lineup_rows(run: Run) -> list[list[str]]:
    """A mixed table: each entrant's share with its interval and p against 1/n."""
    rows = []
    for entrant, spec in enumerate(run.lineup):
        test = paired_test(run.entrant_means("wins", entrant), 1.0 / run.players)
        rows.append([spec, f"{test.mean:.1%}", f"{test.low:.1%}–{test.high:.1%}", p_text(test.p)])
    return rows


Pairs = list[tuple[float, float]]


@dataclass
class Estimates:
    """An entrant's (predicted, won) pairs, each with the block it came from: the games of
    a block share their dice, so a block counts as one draw in the intervals."""

    pairs: Pairs = field(default_factory=list)
    blocks: list[tuple[int, int]] = field(default_factory=list)


def predictions(runs: Sequence[Run]) -> dict[tuple[str, int, str, str], Estimates]:
    """(game, players, entrant spec, table) -> its estimates over all runs.

    Kept apart per table: an estimate that assumes opponents as strong as the searcher
    comes out too low against weaker ones, so only the tables of equals say whether the
    hints' win chances are right."""
    found: dict[tuple[str, int, str, str], Estimates] = {}
    for run in runs:
        table = ", ".join(run.lineup)
        for block in run.blocks:
            label = (int(block["seed"]), int(block["index"]))
            for entrant, predicted, won in block.get("predictions", []):
                key = (run.game, run.players, run.lineup[entrant], table)
                entry = found.setdefault(key, Estimates())
                entry.pairs.append((predicted, won))
                entry.blocks.append(label)
    return found


def corrected(game: str, players: int, spec: str, pairs: Pairs) -> tuple[Pairs, str] | None:
    """The estimates as hints and reviews show them, with the correction's name: the
    hints' isotonic map for the level (`spieltisch.agents.calibration`), else the review's
    fit (`spieltisch.review.calibration`), where there is one."""
    name, evaluation, iterations, settings = parse_entrant(spec)
    fit = review_calibration(game, players, name)
    if fit is None or evaluation is not None or iterations is not None or settings:
        return None
    what = (
        "with the hints' isotonic calibration"
        if isinstance(fit, WinChanceMap)
        else ("with the review's correction")
    )
    return [(fit(predicted, players), won) for predicted, won in pairs], what


def calibration_report(runs: Sequence[Run], markdown: bool) -> None:
    for (game, players, spec, lineup), found in sorted(predictions(runs).items()):
        shown: list[tuple[str, Pairs]] = [("raw", found.pairs)]
        fixed = corrected(game, players, spec, found.pairs)
        if fixed is not None:
            shown.append((fixed[1], fixed[0]))
        for what, pairs in shown:
            title = f"{game}, {spec} at a table of {lineup}, {what}"
            print_calibration(title, pairs, markdown, found.blocks)


def print_calibration(
    title: str, pairs: Pairs, markdown: bool, blocks: Sequence[tuple[int, int]] | None = None
) -> None:
    """A bin per tenth: its estimates, mean prediction, share won, and won − predicted
    with a 95% interval over the blocks (a block's games share their dice)."""
    bins = calibration(pairs, clusters=blocks)
    worst = max((b.error for b in bins), default=0.0)
    print(
        f"\n{title}: {len(pairs)} estimates, mean absolute error"
        f" {mean_absolute_error(bins):.1%} (weighted by bin), worst bin {worst:.1%},"
        f" Brier {brier(pairs):.3f}\n"
    )
    rows = [
        [
            f"{b.low:.0%}–{b.high:.0%}",
            str(b.count),
            str(b.games),
            f"{b.predicted:.1%}",
            f"{b.observed:.1%}",
            f"{b.difference:+.1%}",
            "–"
            if math.isnan(b.margin) or math.isinf(b.margin)
            else f"{b.difference - b.margin:+.1%} to {b.difference + b.margin:+.1%}",
        ]
        for b in bins
    ]
    head = (
        "predicted",
        "estimates",
        "blocks",
        "mean predicted",
        "won",
        "won − predicted",
        "95% CI",
    )
    print(table(rows, head, markdown))


def plot(runs: Sequence[Run], path: str, only_equals: bool = True) -> None:
    """A reliability diagram: one line per game and entrant, of the tables where every
    seat plays the same level (whatever its evaluation): those the hints' chances are for."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 6))
    axes.plot([0, 1], [0, 1], color="grey", linestyle="--", label="calibrated")
    for (game, players, spec, lineup), found in sorted(predictions(runs).items()):
        if only_equals and len({parse_entrant(e)[0] for e in lineup.split(", ")}) > 1:
            continue
        title = f"{spieltisch.load(game).title}, {spec}"
        raw = found.pairs
        fixed = corrected(game, players, spec, raw)
        lines: list[tuple[Pairs, str, str]] = [(raw, title, "-")]
        if fixed is not None:
            lines.append((fixed[0], f"{title}, calibrated", ":"))
        for pairs, label, style in lines:
            bins = [b for b in calibration(pairs) if b.count >= 20]
            x, y = [b.predicted for b in bins], [b.observed for b in bins]
            axes.plot(x, y, marker="o", linestyle=style, label=label)
    axes.set_xlabel("predicted win chance (the search's own, mean of the bin)")
    axes.set_ylabel("share of the win actually got")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.legend(fontsize="small")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    print(f"\nplot written to {path}")


def report(runs: Sequence[Run], markdown: bool) -> None:
    for game in dict.fromkeys(run.game for run in runs):
        mine = [run for run in runs if run.game == game]
        players = mine[0].players
        print(f"\n{spieltisch.load(game, players=players).title} ({players} players)\n")
        pairs = [run for run in mine if len(set(run.lineup[1:])) == 1]
        if pairs:
            print(table([pairing_cells(run) for run in pairs], HEADER, markdown))
        for run in mine:
            if run not in pairs:
                print(f"\nlineup {', '.join(run.lineup)}: {len(run.blocks)} blocks\n")
                head = ("entrant", "wins", "95% CI", "p (t, against 1/n)")
                print(table(lineup_rows(run), head, markdown))


def lineups(args: argparse.Namespace, players: int) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for pair in filter(None, args.pairs.split(",")):
        a, dash, b = pair.partition("-")
        if not dash or not a or not b:
            raise SystemExit(f"pairing {pair!r}: write A-B, such as expert-hard")
        found.append((a, *[b] * (players - 1)))
    if args.lineup:
        lineup = tuple(args.lineup.split(","))
        if len(lineup) != players:
            raise SystemExit(f"--lineup needs {players} entrants, one per seat; got {len(lineup)}")
        found.append(lineup)
    if not found:
        raise SystemExit("name the entrants: --pairs expert-hard or --lineup a,b,c,d")
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="strength.py duplicate", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--game", choices=sorted(PLAYERS), default="madn")
    parser.add_argument("--pairs", default="", help="A-B pairings, comma-separated")
    parser.add_argument("--lineup", default="", help="one entrant per seat, comma-separated")
    parser.add_argument("--blocks", type=int, default=100, help="seeds per lineup")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--markdown", action="store_true", help="Markdown tables")
    parser.add_argument(
        "--dice", choices=DICE, default="stream", help="how dice line up between rotations"
    )
    parser.add_argument(
        "--rotations",
        type=int,
        default=None,
        help="play only the first N rotations of each block (a table of equals: 1)",
    )
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="expectimax entrants search on the game's compiled copy (MÄDN: the same games)",
    )
    parser.add_argument("--log", default=None, help="append each block to this file")
    parser.add_argument("--summary", default=None, help="only report these logs")
    parser.add_argument("--calibration", action="store_true", help="the calibration tables")
    parser.add_argument("--plot", default=None, help="draw the calibration into this PNG")
    args = parser.parse_args(argv)
    if args.summary is not None:
        runs = read_logs(args.summary.split(","))
    else:
        players = PLAYERS[args.game]
        print(
            f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC — {platform.node()},"
            f" {os.cpu_count()} cores, Python {platform.python_version()}, load"
            f" {os.getloadavg()[0]:.1f}; seed {args.seed}, {args.blocks} blocks of"
            f" {players} games per lineup",
            flush=True,
        )
        runs = []
        for lineup in lineups(args, players):
            run = Run(args.game, lineup, args.dice)
            started = time.perf_counter()
            with open(args.log or os.devnull, "a", encoding="utf-8") as log:
                played = blocks(
                    args.game,
                    lineup,
                    args.seed,
                    args.blocks,
                    args.workers,
                    args.dice,
                    args.rotations,
                    args.compiled,
                )
                for record in played:
                    run.blocks.append(record)
                    run.cpu += record["cpu"]
                    log.write(json.dumps(record) + "\n")
                    log.flush()
            wall = time.perf_counter() - started
            print(f"{', '.join(lineup)}: {run.games} games, {wall:.0f} s wall", flush=True)
            runs.append(run)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        print(f"CPU {usage.ru_utime + usage.ru_stime:.0f} s in this process")
    runs = [run for run in runs if len(run.blocks) >= 2]
    report(runs, args.markdown)
    if args.calibration:
        calibration_report(runs, args.markdown)
    if args.plot:
        plot(runs, args.plot)


if __name__ == "__main__":
    main()
