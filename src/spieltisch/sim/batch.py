"""Many games, here, in local processes or on a cluster: results come back in the order
of the games, so `--workers` and `--cluster` change how fast a run is, never what it
writes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.agents import Budget
from spieltisch.core import Game, load
from spieltisch.core.ranking import win_shares
from spieltisch.sim.executors import run_in_order
from spieltisch.sim.fast import Chunk
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
) -> Iterator[GameResult]:
    """Play `games` games, in order; the same seed gives the same games whatever
    `workers` is, and on a Dask `cluster` too (see sim.executors). With workers, games
    go out in chunks (several per worker, so that the pool stays busy to the end)
    rather than one task per game."""
    if workers <= 1 and not cluster:
        for index in range(games):
            yield play_one(game, agent_names, seed, index, budget, records)
        return
    options = game.options.to_json()
    size = max(1, min(250, games // (8 * max(workers, 2))))
    arguments = [
        (
            game.name,
            options,
            tuple(agent_names),
            seed,
            start,
            min(size, games - start),
            budget,
            records,
        )
        for start in range(0, games, size)
    ]
    for results in run_in_order(_play_range, arguments, workers, cluster):
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
    """Running totals per seat: win shares, scores, lengths."""

    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.scores = [[] for _ in range(self.players)]

    def add(self, result: GameResult) -> None:
        self.add_game(result.ranking, result.scores, result.moves)

    def add_game(self, ranking: Sequence[int], scores: Sequence[float], moves: int) -> None:
        self.games += 1
        for seat, share in enumerate(win_shares(ranking)):
            self.wins[seat] += share
            self.scores[seat].append(float(scores[seat]))
        self.lengths.append(int(moves))

    def add_chunk(self, chunk: Chunk) -> None:
        """Kernel games, in the order of the chunk."""
        for ranking, scores, moves in zip(
            chunk.ranks.tolist(), chunk.scores.tolist(), chunk.lengths.tolist(), strict=True
        ):
            self.add_game(ranking, scores, moves)

    def win_rate(self, seat: int) -> Estimate:
        low, high = wilson_interval(self.wins[seat], self.games)
        return Estimate(self.wins[seat] / self.games if self.games else 0.0, low, high)

    def mean_score(self, seat: int) -> Estimate:
        return mean_interval(self.scores[seat])

    def mean_length(self) -> Estimate:
        return mean_interval([float(n) for n in self.lengths])
