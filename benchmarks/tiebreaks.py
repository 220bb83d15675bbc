"""Do the tie-breaks favour the size of the tables a player was drawn to? Tournaments of
equal players (random places at every table) whose field leaves some tables of three
and some of four; for every two players tied on points who had a different number of
opponents, how often each tie-break ranks the one with more opponents higher (ties of the
tie-break itself left out). A fair tie-break is near 50%; the sum Buchholz is not.

    nice -n 10 uv run python benchmarks/tiebreaks.py                  # 13 players, 4 rounds
    nice -n 10 uv run python benchmarks/tiebreaks.py --players 14 --tournaments 400

Not a timed test: it prints figures (benchmarks/results/tiebreaks.md keeps them).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import random
import time
from collections.abc import Sequence

from spieltisch.sim.stats import wilson_interval
from spieltisch.tournament.settings import TIE_BREAK_CHOICES, TIE_BREAKS, Settings
from spieltisch.tournament.standings import Standing
from spieltisch.tournament.tournament import Tournament

BY = "benchmark"


def run(players: int, rounds: int, seed: int) -> Tournament:
    """One tournament with random places at every table."""
    settings = Settings.parse(name="sim", rounds=rounds, seed=f"sim/{seed}")
    tournament = Tournament.create(settings, BY)
    for number in range(players):
        tournament.register(f"P{number}", BY)
    rng = random.Random(seed)
    for _round in range(rounds):
        seated = tournament.seat_next(BY)
        for index, table in enumerate(seated.tables, start=1):
            places = list(range(1, len(table) + 1))
            rng.shuffle(places)
            tournament.enter_places(seated.round, index, places, BY)
    return tournament


def opponents_met(tournament: Tournament) -> dict[int, int]:
    met = dict.fromkeys(tournament.players, 0)
    for played in tournament.rounds:
        for table in played.tables:
            for player in table:
                met[player] += len(table) - 1
    return met


def value(row: Standing, tiebreak: str) -> object:
    if tiebreak == "mutual":
        return row.mutual
    return {"opponents": round(row.opponents, 9), "firsts": row.firsts}.get(
        tiebreak, row.countback if tiebreak == "countback" else row.buchholz
    )


def shares(players: int, rounds: int, tournaments: int, seed: int) -> dict[str, tuple[int, int]]:
    """Per tie-break (and the default order as a whole): of the tied pairs it decided,
    how many it ranked the player with more opponents higher, and how many it decided."""
    favoured = dict.fromkeys((*TIE_BREAK_CHOICES, "default order"), 0)
    compared = dict.fromkeys(favoured, 0)
    for number in range(tournaments):
        tournament = run(players, rounds, seed * 100_000 + number)
        met = opponents_met(tournament)
        standings = tournament.standings()
        rank = {row.player: row.rank for row in standings}
        for a, b in itertools.combinations(standings, 2):
            if a.points != b.points or met[a.player] == met[b.player]:
                continue
            more, fewer = (a, b) if met[a.player] > met[b.player] else (b, a)
            for name in TIE_BREAK_CHOICES:
                if name == "mutual":
                    continue  # among the tied group only: see the default order
                ours, theirs = value(more, name), value(fewer, name)
                if ours != theirs:
                    compared[name] += 1
                    favoured[name] += ours > theirs  # type: ignore[operator]
            compared["default order"] += 1
            favoured["default order"] += rank[more.player] < rank[fewer.player]
    return {name: (favoured[name], compared[name]) for name in favoured if compared[name]}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=13)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--tournaments", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.process_time()
    found = shares(args.players, args.rounds, args.tournaments, args.seed)
    cpu = time.process_time() - started
    print(
        f"{args.tournaments} tournaments of {args.players} players, {args.rounds} rounds, "
        f"random places; default order {list(TIE_BREAKS)}; {datetime.date.today()}; "
        f"{cpu:.0f} s CPU"
    )
    print("| tie-break | tied pairs decided | ranks the player with more opponents higher |")
    print("| --- | ---: | ---: |")
    for name, (favoured, count) in found.items():
        low, high = wilson_interval(favoured, count)
        print(f"| {name} | {count} | {favoured / count:.1%} ({low:.1%}–{high:.1%}) |")


if __name__ == "__main__":
    main()
