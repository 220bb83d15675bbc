"""Many games, here, in local processes or on a cluster: results come back in the order
of the games, so `--workers` and `--cluster` change how fast a run is, never what it
writes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.agents import Budget
from spieltisch.core import Game, load
from spieltisch.sim.effort import Effort
from spieltisch.sim.executors import run_in_order
from spieltisch.sim.fast import Chunk, guided_chunks
from spieltisch.sim.play import GameResult, play_one
from spieltisch.sim.stats import Estimate, mean_interval, wilson_interval


def simulate(
    game: Game[Any],
    agent_names: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    budget: Budget | None = None,
    records: bool = True,
    cluster: str | None = None,
    efforts: list[Effort] | None = None,
) -> Iterator[GameResult]:
    """Play `games` games, in order; the same seed gives the same games whatever
    `workers` is, and on a Dask `cluster` too (see sim.executors). With workers, games
    go out in chunks (several per worker, so that the pool stays busy to the end)
    rather than one task per game; each worker's CPU time goes to `efforts`."""
    if workers <= 1 and not cluster:
        for index in range(games):
            yield play_one(game, agent_names, seed, index, budget, records)
        return
    options = game.options.to_json()
    arguments = [
        (game.name, options, tuple(agent_names), seed, start, count, budget, records)
        for start, count in guided_chunks(games, workers, largest=250, smallest=2)
    ]
    for results in run_in_order(_play_range, arguments, workers, cluster, efforts):
        yield from results


def _play_range(
    name: str,
    options: dict[str, Any],
    agent_names: tuple[str, ...],
    seed: int,
    start: int,
    count: int,
    budget: Budget | None,
    records: bool,
) -> list[GameResult]:
    game = load(name, **options)
    return [
        play_one(game, agent_names, seed, index, budget, records)
        for index in range(start, start + count)
    ]


@dataclass
class Summary:
    """Running totals per seat: win shares, scores, lengths.

    Built for the parent process of many workers, which must keep up with fast kernels:
    a chunk of kernel games is added with a few numpy sums and kept as its arrays, with
    no Python work per game (lists are built once, when read). A win shared by k
    players counts 1/k; the totals are exact counts per k (`tied_wins[seat][k]`),
    divided only when read, so a run's summary is the same bit for bit however its
    games were chunked."""

    players: int
    games: int = 0
    tied_wins: list[list[int]] = field(default_factory=list)
    _parts: list[tuple[Any, Any]] = field(default_factory=list, repr=False)
    _read: tuple[list[list[float]], list[int]] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.tied_wins = [[0] * (self.players + 1) for _ in range(self.players)]

    @property
    def wins(self) -> list[float]:
        """Per seat: the sum of its win shares."""
        return [
            sum(count / k for k, count in enumerate(counts) if count) for counts in self.tied_wins
        ]

    @property
    def scores(self) -> list[list[float]]:
        """Per seat: its score in every game, in the order of the games."""
        return self._lists()[0]

    @property
    def lengths(self) -> list[int]:
        """Every game's number of moves, in order."""
        return self._lists()[1]

    def add(self, result: GameResult) -> None:
        self.add_game(result.ranking, result.scores, result.moves)

    def add_game(self, ranking: Sequence[int], scores: Sequence[float], moves: int) -> None:
        self.games += 1
        winners = list(ranking).count(1)
        for seat, place in enumerate(ranking):
            if place == 1:
                self.tied_wins[seat][winners] += 1
        if not self._parts or not isinstance(self._parts[-1][1], list):
            self._parts.append(([], []))
        self._parts[-1][0].append([float(score) for score in scores])
        self._parts[-1][1].append(int(moves))
        self._read = None

    def add_chunk(self, chunk: Chunk) -> None:
        """Kernel games, in the order of the chunk."""
        import numpy as np

        winners = chunk.ranks == 1
        ties = winners.sum(axis=1)
        for k in np.unique(ties).tolist():
            counts = winners[ties == k].sum(axis=0).tolist()
            for seat in range(self.players):
                self.tied_wins[seat][k] += counts[seat]
        self._parts.append((chunk.scores, chunk.lengths))
        self.games += len(chunk)
        self._read = None

    def _lists(self) -> tuple[list[list[float]], list[int]]:
        if self._read is None:
            scores: list[list[float]] = [[] for _ in range(self.players)]
            lengths: list[int] = []
            for rows, moves in self._parts:
                if isinstance(moves, list):
                    for seat in range(self.players):
                        scores[seat].extend(row[seat] for row in rows)
                    lengths.extend(moves)
                else:
                    for seat in range(self.players):
                        scores[seat].extend(rows[:, seat].astype(float).tolist())
                    lengths.extend(moves.tolist())
            self._read = (scores, lengths)
        return self._read

    def win_rate(self, seat: int) -> Estimate:
        low, high = wilson_interval(self.wins[seat], self.games)
        return Estimate(self.wins[seat] / self.games if self.games else 0.0, low, high)

    def mean_score(self, seat: int) -> Estimate:
        return mean_interval(self.scores[seat])

    def mean_length(self) -> Estimate:
        return mean_interval([float(n) for n in self.lengths])
