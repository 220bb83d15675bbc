"""`--cluster local:N` starts its Dask workers as copies of the process, which loaded the
kernel already: they neither import numba nor load the kernel again (issue 34)."""

from __future__ import annotations

import sys

import pytest

import spieltisch
from spieltisch.sim.executors import run_in_order, start_method
from spieltisch.sim.fast import simulate_fast, warm

pytest.importorskip("dask.distributed")
pytest.importorskip("numba")

KERNEL = "spieltisch.games.madn.kernel"


def kernel_loaded(_index: int) -> bool:
    """Whether the worker running this had the MÄDN kernel before it was asked for."""
    return KERNEL in sys.modules


def test_local_workers_start_with_the_kernel_loaded() -> None:
    assert start_method() == "fork"  # Linux: the workers are copies of this process
    warm(spieltisch.load("madn"))
    assert all(run_in_order(kernel_loaded, [(0,), (1,), (2,), (3,)], cluster="local:2"))


def test_a_local_cluster_gives_the_local_answer() -> None:
    game = spieltisch.load("madn", players=2)
    seats = ["random", "policy"]

    def summed(cluster: str | None) -> list[list[float]]:
        return [
            chunk.scores.sum(axis=0).tolist()
            for chunk in simulate_fast(game, seats, 3000, seed=5, chunk=500, cluster=cluster)
        ]

    assert summed("local:2") == summed(None)


def test_the_kernels_local_cluster_is_two_threads_of_this_process() -> None:
    """The kernel lets go of the GIL, so `local:2` runs it in two threads here: no
    worker to start, no results to send (benchmarks/results/workers.md); each thread's
    CPU is counted as a worker's."""
    import os

    from spieltisch.sim.effort import Effort, by_worker

    efforts: list[Effort] = []
    game = spieltisch.load("madn", players=2)
    list(
        simulate_fast(game, ["random", "random"], 4000, seed=1, cluster="local:2", efforts=efforts)
    )
    assert {effort.worker.split("/")[0].split(":")[1] for effort in efforts} == {str(os.getpid())}
    assert all("/" in effort.worker for effort in efforts)
    assert 1 <= len(by_worker(efforts)) <= 2
    assert all(effort.cpu > 0 for effort in efforts)
