"""Kernel runs: chosen only when they can be, the same whatever the chunks and workers,
numba never imported before a kernel is used, and the same distributions as the engine."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import spieltisch
from spieltisch.agents import make
from spieltisch.sim import Summary, simulate
from spieltisch.sim.fast import choose_engine, kernel_for, kernel_seats, simulate_fast
from spieltisch.sim.play import play_game, play_one


def test_importing_and_loading_games_does_not_import_numba() -> None:
    code = (
        "import sys, random, spieltisch\n"
        "for info in spieltisch.games():\n"
        "    game = spieltisch.load(info.name)\n"
        "    state = game.new_state(); state.sample_chance(random.Random(1))\n"
        "import spieltisch.sim, spieltisch.cli.app\n"
        "assert 'numba' not in sys.modules, 'numba imported'\n"
        "assert not [m for m in sys.modules if m.endswith('.kernel') and 'games' in m]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_engine_is_chosen_by_the_run() -> None:
    game = spieltisch.load("madn")
    assert choose_engine(game, ["random"] * 4, 100_000, "auto", False) == ("fast", "eligible")
    assert choose_engine(game, ["random"] * 4, 100, "auto", False) == ("python", "small")
    assert choose_engine(game, ["random", "greedy", "random", "policy"], 10**6, "auto", False) == (
        "python",
        "agents",
    )
    assert choose_engine(game, ["random"] * 4, 10**6, "auto", True) == ("python", "records")
    assert choose_engine(game, ["random"] * 4, 10, "python", False) == ("python", "asked")
    assert choose_engine(game, ["policy"] * 4, 10, "fast", False) == ("fast", "asked")
    with pytest.raises(ValueError, match="agents"):
        choose_engine(game, ["expert"] * 4, 10, "fast", False)


def test_levels_that_are_the_rule_of_thumb_take_the_kernel() -> None:
    madn = spieltisch.load("madn")
    assert choose_engine(madn, ["medium"] * 4, 10**5, "auto", False) == ("fast", "eligible")
    assert choose_engine(madn, ["easy"] * 4, 10**5, "auto", False) == ("python", "agents")
    assert choose_engine(madn, ["hard", "random", "random", "random"], 10**5, "auto", False)[0] == (
        "python"
    )
    dg = spieltisch.load("david_goliath")
    assert kernel_seats(dg, ["policy", "random", "policy"]) == [1, 0, 1]
    assert kernel_seats(dg, ["easy", "random", "random"]) is None  # its own rules of thumb
    assert kernel_seats(spieltisch.load("mabula"), ["easy", "random"]) is None
    medium = _summary(simulate_fast(madn, ["medium", "random"] * 2, 200, seed=3), 4)
    assert medium == _summary(simulate_fast(madn, ["policy", "random"] * 2, 200, seed=3), 4)


def _summary(chunks: Any, players: int) -> tuple[Any, ...]:
    summary = Summary(players)
    for chunk in chunks:
        summary.add_chunk(chunk)
    return summary.wins, summary.scores, summary.lengths


@pytest.mark.parametrize("name", ["madn", "mahe", "david_goliath", "mabula"])
def test_kernel_runs_do_not_depend_on_chunks_or_workers(name: str) -> None:
    game = spieltisch.load(name)
    seats = ["random", "policy"] * (game.num_players // 2) + ["random"] * (game.num_players % 2)
    one = _summary(simulate_fast(game, seats, 300, seed=4, chunk=300), game.num_players)
    small = _summary(simulate_fast(game, seats, 300, seed=4, chunk=7), game.num_players)
    assert one == small
    two = _summary(simulate_fast(game, seats, 300, seed=4, workers=2, chunk=50), game.num_players)
    assert one == two
    other = _summary(simulate_fast(game, seats, 300, seed=5, chunk=300), game.num_players)
    assert other != one


def test_the_internal_random_loop_plays_the_agents_games() -> None:
    game = spieltisch.load("mahe", players=3)
    for index in range(5):
        fast = play_one(game, ["random"] * 3, 9, index)
        agents = [make("random", game, seed=fast.seed + seat) for seat in range(3)]
        slow = play_game(game, agents, random.Random(fast.seed))
        assert fast.record is not None
        assert fast.record["history"] == slow.history()
    assert play_one(game, ["random"] * 3, 9, 0, records=False).record is None


def test_python_runs_with_workers_give_the_same_games_in_order() -> None:
    game = spieltisch.load("mabula")
    alone = list(simulate(game, ["random", "policy"], 40, seed=2))
    shared = list(simulate(game, ["random", "policy"], 40, seed=2, workers=2))
    assert [r.index for r in shared] == list(range(40))
    assert [r.record for r in shared] == [r.record for r in alone]


def _close(kernel_values: np.ndarray, engine_values: list[float], what: str) -> None:
    """Means within five standard errors of their difference."""
    a = np.asarray(kernel_values, dtype=float)
    b = np.asarray(engine_values, dtype=float)
    error = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    assert abs(a.mean() - b.mean()) <= 5 * error + 1e-9, (what, a.mean(), b.mean(), error)


DISTRIBUTIONS = [
    ("madn", {"players": 2}, 600),
    ("madn", {"players": 3, "duties": "penalized", "max_rounds": 30}, 600),
    ("mahe", {"players": 4}, 1000),
    ("mahe", {"players": 2, "egg_cards_as_dice": True}, 600),
    ("david_goliath", {"players": 4}, 250),
    ("mabula", {"scoring": "product"}, 2000),
]


@pytest.mark.parametrize(("name", "options", "engine_games"), DISTRIBUTIONS, ids=str)
@pytest.mark.parametrize("agent", ["random", "policy"])
def test_kernel_games_are_distributed_as_the_engines(
    name: str, options: dict[str, Any], engine_games: int, agent: str
) -> None:
    """Game length, every seat's score and win share, and the kernel's own figures
    (captures, busts, groups ...) where the engine can count them, against the engine."""
    game = spieltisch.load(name, **options)
    n = game.num_players
    kernel = kernel_for(game)
    assert kernel is not None
    seeds = np.arange(1, 20_001, dtype=np.uint64) * np.uint64(7919)
    ours = kernel.run(seeds, np.full(n, 0 if agent == "random" else 1, dtype=np.int64))
    lengths: list[float] = []
    scores: list[list[float]] = [[] for _ in range(n)]
    wins: list[list[float]] = [[] for _ in range(n)]
    for index in range(engine_games):
        result = play_one(game, [agent] * n, 12345, index, records=False)
        lengths.append(result.moves)
        for seat in range(n):
            scores[seat].append(result.scores[seat])
            wins[seat].append(1.0 if result.ranking[seat] == 1 else 0.0)
    _close(ours.lengths, lengths, "length")
    for seat in range(n):
        _close(ours.scores[:, seat], scores[seat], f"score of seat {seat}")
        _close((ours.ranks[:, seat] == 1).astype(float), wins[seat], f"wins of seat {seat}")


def test_a_dask_cluster_gives_the_local_answer() -> None:
    """Two in-process Dask workers: the same summary as a local run, kernel and engine."""
    from spieltisch.sim.executors import in_process_cluster

    game = spieltisch.load("mabula")
    local = _summary(simulate_fast(game, ["random", "policy"], 400, seed=8, chunk=50), 2)
    with in_process_cluster(2) as cluster:
        address = cluster.scheduler_address
        remote = _summary(
            simulate_fast(game, ["random", "policy"], 400, seed=8, chunk=50, cluster=address), 2
        )
        engine_remote = [
            r.record for r in simulate(game, ["random"] * 2, 30, seed=3, cluster=address)
        ]
    assert remote == local
    assert engine_remote == [r.record for r in simulate(game, ["random"] * 2, 30, seed=3)]


def test_cluster_addresses_are_checked() -> None:
    from spieltisch.sim.executors import parse_cluster

    assert parse_cluster("local:3") == ("local", 3)
    assert parse_cluster("tcp://10.0.0.5:8786") == ("remote", 0)
    for bad in ("local:0", "local:x", "10.0.0.5:8786"):
        with pytest.raises(ValueError, match="local:N"):
            parse_cluster(bad)
