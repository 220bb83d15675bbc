"""`--cluster local:N`: for the kernels, N threads of this process on Dask's threaded
scheduler (issue 46); for the Python engine, Dask workers started as copies of the
process, which loaded the kernel already: they neither import numba nor load the
kernel again (issue 34)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

import spieltisch
from spieltisch.sim.executors import THREAD_NAME, run_in_order, start_method
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
    worker to start, no results to send (benchmarks/results/workers.md); this thread
    is one of them (issue 46), the other Dask's; each thread's CPU is counted as a
    worker's, and the threads are gone after the run."""
    import os

    from spieltisch.sim.effort import Effort, by_worker, here, threads_here

    efforts: list[Effort] = []
    game = spieltisch.load("madn", players=2)
    list(
        simulate_fast(game, ["random", "random"], 4000, seed=1, cluster="local:2", efforts=efforts)
    )
    assert {effort.worker.split("/")[0].split(":")[1] for effort in efforts} == {str(os.getpid())}
    assert threads_here(efforts)
    assert {effort.worker for effort in efforts} <= {here(), f"{here()}/{THREAD_NAME}_0"}
    assert 1 <= len(by_worker(efforts)) <= 2
    assert all(effort.cpu > 0 for effort in efforts)
    assert not our_threads()


def our_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith(THREAD_NAME)]


def test_threads_of_the_kernel_need_no_dask_distributed() -> None:
    """Dask's threaded scheduler, not a cluster: in a fresh process a `local:2` run
    imports no dask.distributed (about 1 s of CPU) and starts no event loop."""
    code = (
        "import sys, threading\n"
        "from spieltisch.sim.executors import run_in_order\n"
        "def twice(n): return 2 * n\n"
        "done = list(run_in_order(twice, [(n,) for n in range(9)], cluster='local:2',"
        " without_gil=True))\n"
        "assert done == [2 * n for n in range(9)], done\n"
        "assert 'dask.threaded' in sys.modules\n"
        "assert 'dask.distributed' not in sys.modules and 'distributed' not in sys.modules\n"
        "assert threading.active_count() == 1, threading.enumerate()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_threads_take_the_chunks_in_run_order() -> None:
    """Each thread takes the run's next chunk (the guided chunks shrink towards the
    end, so the big ones must go first), and the results come in run order whatever
    order they finish in."""
    begun: list[int] = []

    def chunk(index: int) -> int:
        begun.append(index)
        time.sleep(0.002 * (index % 3))  # finish out of order
        return index

    done = list(run_in_order(chunk, [(n,) for n in range(40)], cluster="local:2", without_gil=True))
    assert done == list(range(40))
    assert begun == list(range(40))
    assert not our_threads()


def test_a_failed_chunk_reaches_the_caller() -> None:
    def chunk(index: int) -> int:
        if index == 5:
            raise ArithmeticError("chunk 5 failed")
        return index

    with pytest.raises(ArithmeticError, match="chunk 5 failed"):
        list(run_in_order(chunk, [(n,) for n in range(20)], cluster="local:2", without_gil=True))
    assert not our_threads()


def test_stopping_early_leaves_no_thread() -> None:
    """A caller that stops after the first result: the chunks not begun are skipped, the
    threads end with the generator."""
    begun: list[int] = []

    def chunk(index: int) -> int:
        begun.append(index)
        return index

    results = run_in_order(chunk, [(n,) for n in range(500)], cluster="local:2", without_gil=True)
    assert next(results) == 0
    results.close()
    assert not our_threads()
    assert len(begun) < 500
