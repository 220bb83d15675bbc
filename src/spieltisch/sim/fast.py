"""Batch playouts on a game's compiled kernel (extra `fast`), when every seat is an agent
the kernel knows: `random` (a uniform legal move) or `policy` (the game's rule of thumb).

Each game gets its own generator seeded from `core.kernel.game_seeds(seed, ...)`, by
the run's seed and the game's index only, so a run's games
and its summary are the same whatever the chunking, the number of workers, or the
machines. The kernel draws its own random numbers: the games differ from the Python
engine's for the same seed, with the same distribution (the tests check it).
Nothing here imports numba until a kernel is used.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.core import Game, load
from spieltisch.core.registry import parts
from spieltisch.sim.effort import Effort
from spieltisch.sim.executors import parse_cluster, run_in_order

KERNEL_AGENTS = {"random": 0, "policy": 1}
"""Agent names a kernel plays, with the kernel's code for each."""

AUTO_MINIMUM = 2000
"""Games from which `engine="auto"` takes the kernel: a first compile costs several
seconds (later runs load it from numba's cache), about what the engine needs for this
many games."""

CHUNK = 2000
"""Games per chunk handed to a worker, at most: `chunks` makes them smaller for runs
too short to give every worker several."""


def kernels_available() -> bool:
    return importlib.util.find_spec("numba") is not None


def kernel_module(game: Game[Any]) -> Any | None:
    """The game's kernel module, or None when it has none or numba is missing."""
    if not kernels_available():
        return None
    return parts(game).kernel_module


def kernel_for(game: Game[Any]) -> Any | None:
    module = kernel_module(game)
    return None if module is None else module.kernel(game)


def kernel_code(game: Game[Any], name: str) -> int | None:
    """The kernel's code for an agent name: `random` and `policy` themselves, and a
    level of this game that is nothing but one of them (say MÄDN's `medium`: the rule of
    thumb with no random moves mixed in); None for anything else."""
    if name in KERNEL_AGENTS:
        return KERNEL_AGENTS[name]
    from spieltisch.agents.levels import LEVELS, level_spec

    if name not in LEVELS:
        return None
    spec = level_spec(game, name)
    if spec.algorithm in KERNEL_AGENTS and not any(spec.settings.values()):
        return KERNEL_AGENTS[spec.algorithm]
    return None


def kernel_seats(game: Game[Any], agent_names: Sequence[str]) -> list[int] | None:
    """The kernel's code per seat, or None when some seat needs the Python engine."""
    codes = [kernel_code(game, name) for name in agent_names]
    if any(code is None for code in codes):
        return None
    return [code for code in codes if code is not None]


REASONS = ("asked", "records", "agents", "numba", "no_kernel", "small", "eligible")


def choose_engine(
    game: Game[Any], agent_names: Sequence[str], games: int, engine: str, records: bool
) -> tuple[str, str]:
    """`fast` or `python` for a run, and why, as one of `REASONS`. `engine` is what was
    asked: `auto`, `fast` or `python`; `fast` raises ValueError with the reasons when
    the kernel cannot play the run."""
    if engine == "python":
        return "python", "asked"
    problems = []
    if records:
        problems.append("records")
    if kernel_seats(game, agent_names) is None:
        problems.append("agents")
    if not kernels_available():
        problems.append("numba")
    elif kernel_module(game) is None:
        problems.append("no_kernel")
    if engine == "fast":
        if problems:
            raise ValueError(", ".join(problems))
        return "fast", "asked"
    if problems:
        return "python", problems[0]
    if games < AUTO_MINIMUM:
        return "python", "small"
    return "fast", "eligible"


@dataclass(frozen=True)
class Chunk:
    """Games `start`.. of a run, one row each (numpy arrays)."""

    start: int
    scores: Any
    ranks: Any
    lengths: Any
    stats: Any

    def __len__(self) -> int:
        return len(self.lengths)


def run_chunk(
    name: str, options: dict[str, Any], seats: Sequence[int], seed: int, start: int, count: int
) -> Chunk:
    """Games start..start+count-1 of a run; the unit of work for processes and clusters."""
    import numpy as np

    from spieltisch.core.kernel import game_seeds

    game = load(name, **options)
    kernel = kernel_for(game)
    if kernel is None:
        raise ValueError(f"{name} has no kernel here (numba missing?)")
    results = kernel.run(game_seeds(seed, start, count), np.array(seats, dtype=np.int64))
    return Chunk(start, results.scores, results.ranks, results.lengths, results.stats)


def chunks(games: int, size: int = CHUNK) -> list[tuple[int, int]]:
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def guided_chunks(
    games: int, workers: int, largest: int = CHUNK, smallest: int = 100
) -> list[tuple[int, int]]:
    """(start, count) of each chunk, shrinking towards the end of the run (guided
    scheduling): a chunk holds a quarter of a worker's share of the games still to hand
    out, between `smallest` and `largest`. The big early chunks keep the overhead per
    game low; the small late ones let the workers finish close together, since a worker
    left alone with a big last chunk is time the other one wastes."""
    parts = []
    start = 0
    while start < games:
        size = (games - start) // (4 * max(workers, 1))
        count = min(games - start, max(smallest, min(largest, size)))
        parts.append((start, count))
        start += count
    return parts


def kernel_cached(game: Game[Any]) -> bool | None:
    """Whether numba's cache holds the game's compiled playouts for its source as it is
    now (`cache=True` keeps them beside the kernel's source, in `__pycache__`, or in
    NUMBA_CACHE_DIR): False when the first run must compile them; None when it cannot
    tell (no kernel, or a numba whose cache looks otherwise)."""
    module = kernel_module(game)
    playouts = getattr(module, "playouts", None)
    try:
        index = playouts._cache._cache_file._load_index()  # type: ignore[union-attr]
    except Exception:  # numba's cache is internal: another version, another layout
        return None
    return bool(index)


def warm(game: Game[Any]) -> None:
    """Import numba and load (or compile) the game's kernel in this process. Local
    workers (`--workers N`, `--cluster local:N`) are forked from it and inherit it,
    instead of each paying the import and the cache load again."""
    import numpy as np

    kernel = kernel_for(game)
    if kernel is not None:
        kernel.run(np.zeros(1, dtype=np.uint64), np.zeros(game.num_players, dtype=np.int64))


def simulate_fast(
    game: Game[Any],
    agent_names: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    chunk: int | None = None,
    cluster: str | None = None,
    efforts: list[Effort] | None = None,
) -> Iterator[Chunk]:
    """Chunks of kernel games in order of their first game: here, in `workers` local
    processes, or on a Dask `cluster` (see sim.executors); each worker's CPU time goes
    to `efforts`."""
    seats = kernel_seats(game, agent_names)
    if seats is None:
        raise ValueError(
            "the kernel plays only random and policy agents, and levels that are one of them"
        )
    local = (cluster or "").startswith("local:")
    if workers > 1 or local:
        # local workers start as copies of this process or are threads of it
        # (sim.executors): either way they find the kernel loaded
        warm(game)
    options = game.options.to_json()
    if chunk:
        parts = chunks(games, chunk)
    elif local and cluster:
        # threads of this process (sim.executors): a chunk sends nothing, but its Python
        # parts (loading the game, the seeds) hold the GIL the other threads wait for,
        # so fewer, bigger chunks pay; the guided sizes still let the threads finish
        # close together
        parts = guided_chunks(games, parse_cluster(cluster)[1], largest=games)
    else:
        parts = guided_chunks(games, workers)
    arguments = [(game.name, options, seats, seed, start, count) for start, count in parts]
    yield from run_in_order(run_chunk, arguments, workers, cluster, efforts, without_gil=True)
