"""Where chunks of games run: in this process, in local processes, or on a Dask cluster
(extra `cluster`). One interface: `run_in_order(task, argument_tuples)` yields the
results in the order of the arguments, whatever order they finish in, so a run's summary
is the same bit for bit wherever its chunks ran.

    local                 this process
    processes:N           N local processes
    tcp://HOST:8786       a Dask scheduler (see docs/scale.md)
    local:N               a Dask LocalCluster of N workers, started for the run: threads
                          of this process for a task that lets go of the GIL (the
                          compiled kernels), processes otherwise
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spieltisch.sim.effort import Effort, measured


def run_in_order(
    task: Callable[..., Any],
    arguments: Sequence[tuple[Any, ...]],
    workers: int = 1,
    cluster: str | None = None,
    efforts: list[Effort] | None = None,
    without_gil: bool = False,
) -> Iterator[Any]:
    """`task(*a)` for every `a` in `arguments`, results in that order; with workers or a
    cluster, each task's CPU time and worker go to `efforts` (see sim.effort).
    `without_gil`: the task spends its time in code that lets go of the GIL, so a
    local cluster's workers may be threads of this process."""
    if workers <= 1 and not cluster:
        for args in arguments:
            yield task(*args)
        return
    timed = [(task, *args) for args in arguments]
    if cluster:
        done = _on_dask(measured, timed, cluster, without_gil)
    else:
        done = _in_processes(timed, workers)
    for result, effort in done:
        if efforts is not None:
            efforts.append(effort)
        yield result


def _in_processes(arguments: Sequence[tuple[Any, ...]], workers: int) -> Iterator[Any]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(measured, *args) for args in arguments]
        for future in futures:
            yield future.result()


def parse_cluster(address: str) -> tuple[str, int]:
    """`("local", N)` for `local:N`, `("remote", 0)` for a scheduler address; ValueError
    naming what is allowed otherwise."""
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"--cluster {address!r}: local:N needs N workers, N ≥ 1")
        return "local", int(count)
    if address.startswith(("tcp://", "tls://", "ucx://", "inproc://")) and "//" in address:
        return "remote", 0
    raise ValueError(
        f"--cluster {address!r}: give a scheduler address such as tcp://HOST:8786, "
        "or local:N to start N local workers"
    )


def _on_dask(
    task: Callable[..., Any],
    arguments: Sequence[tuple[Any, ...]],
    address: str,
    without_gil: bool = False,
) -> Iterator[Any]:
    kind, count = parse_cluster(address)
    try:
        import dask
        import dask.distributed
    except ImportError:
        raise ValueError("--cluster needs Dask: install the extra 'cluster'") from None
    dd: Any = dask.distributed  # untyped
    cluster = None
    if kind == "local" and without_gil:
        # Threads: no worker process to start, nothing to copy back (a run of 400,000
        # MÄDN games sends 67 MB of results from worker processes, and ran at 1.34× of
        # one process on two idle cores; benchmarks/results/workers.md).
        cluster = in_process_cluster(count)
        client = dd.Client(cluster)
    elif kind == "local":
        with dask.config.set({"distributed.worker.multiprocessing-method": start_method()}):
            cluster = dd.LocalCluster(
                n_workers=count, threads_per_worker=1, dashboard_address=None, processes=True
            )
        client = dd.Client(cluster)
    else:
        client = dd.Client(address)
    try:
        futures = [client.submit(task, *args, pure=False) for args in arguments]
        position = {future.key: index for index, future in enumerate(futures)}
        done: dict[int, Any] = {}
        following = 0
        for future in dd.as_completed(futures):
            done[position[future.key]] = future.result()
            future.release()
            while following in done:
                yield done.pop(following)
                following += 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def start_method() -> str:
    """How a local cluster starts its workers: as copies of this process (`fork`), which
    has loaded numba and the kernel already (`sim.fast.warm`), where the system can.
    Spawned afresh, each worker imported Python, Dask, spieltisch and numba again and
    loaded the kernel, about 2 s of CPU each: `--cluster local:2` ran at 0.6× of one
    process on 100,000 MÄDN games, and on a loaded machine a spawned worker took longer
    to start than its nanny waits ("Nanny failed to start"); benchmarks/results/workers.md."""
    import multiprocessing

    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def in_process_cluster(workers: int = 2) -> Any:
    """A Dask LocalCluster of threads in this process (for `local:N` runs of the kernels,
    and for tests): its scheduler talks in-process (`inproc://`), so it opens no port."""
    import dask.distributed

    dd: Any = dask.distributed  # untyped
    return dd.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
    )
