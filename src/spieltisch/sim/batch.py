"""Many games, locally in processes: results come back in the order of the games, so
`--workers` changes how fast a run is, never what it writes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from spieltisch.agents import Budget
from spieltisch.core import Game, load
from spieltisch.core.ranking import win_shares
from spieltisch.sim.play import GameResult, play_one
from spieltisch.sim.stats import Estimate, mean_interval, wilson_interval


def simulate(
    game: Game[Any],
    agent_names: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    budget: Budget | None = None,
) -> Iterator[GameResult]:
    """Play `games` games; the same seed gives the same games whatever `workers` is."""
    if workers <= 1:
        for index in range(games):
            yield play_one(game, agent_names, seed, index, budget)
        return
    options = game.options.to_json()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(_play_loaded, game.name, options, tuple(agent_names), seed, index, budget)
            for index in range(games)
        ]
        for future in futures:
            yield future.result()


def _play_loaded(
    name: str,
    options: dict[str, Any],
    agent_names: tuple[str, ...],
    seed: int,
    index: int,
    budget: Budget | None,
) -> GameResult:
    return play_one(load(name, **options), agent_names, seed, index, budget)


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
        self.games += 1
        for seat, share in enumerate(win_shares(result.ranking)):
            self.wins[seat] += share
            self.scores[seat].append(result.scores[seat])
        self.lengths.append(result.moves)

    def win_rate(self, seat: int) -> Estimate:
        low, high = wilson_interval(self.wins[seat], self.games)
        return Estimate(self.wins[seat] / self.games if self.games else 0.0, low, high)

    def mean_score(self, seat: int) -> Estimate:
        return mean_interval(self.scores[seat])

    def mean_length(self) -> Estimate:
        return mean_interval([float(n) for n in self.lengths])
