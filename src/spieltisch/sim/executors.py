"""Where chunks of games run: in this process, in local processes, or on a Dask cluster
(extra `cluster`). One interface: `run_in_order(task, argument_tuples)` yields the
results in the order of the arguments, whatever order they finish in, so a run's summary
is the same bit for bit wherever its chunks ran.

    local                 this process
    processes:N           N local processes: this one and N - 1 copies of it
    tcp://HOST:8786       a Dask scheduler (see docs/scale.md)
    local:N               for a task that lets go of the GIL (the compiled kernels):
                          N threads of this process, this one and N - 1 on Dask's
                          threaded scheduler, each taking the run's next chunk (no
                          dask.distributed, no cluster); otherwise a Dask
                          LocalCluster of N processes
"""

from __future__ import annotations

import importlib.util
import queue
import threading
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from spieltisch.sim.effort import Effort, measured


def run_in_order(
    task: Callable[..., Any],
    arguments: Sequence[tuple[Any, ...]],
    workers: int = 1,
    cluster: str | None = None,
    efforts: list[Effort] | None = None,
    without_gil: bool = False,
) -> Generator[Any, None, None]:
    """`task(*a)` for every `a` in `arguments`, results in that order; with workers or a
    cluster, each task's CPU time and worker go to `efforts` (see sim.effort). A caller
    that stops early closes the generator: no worker is left running.
    `without_gil`: the task spends its time in code that lets go of the GIL, so
    `local:N` runs it in N threads of this process."""
    if workers <= 1 and not cluster:
        for args in arguments:
            yield task(*args)
        return
    timed = [(task, *args) for args in arguments]
    if cluster and without_gil and parse_cluster(cluster)[0] == "local":
        done = _in_threads(measured, timed, parse_cluster(cluster)[1])
    elif cluster:
        done = _on_dask(measured, timed, cluster)
    else:
        done = _in_processes(timed, workers)
    try:
        for result, effort in done:
            if efforts is not None:
                efforts.append(effort)
            yield result
    finally:
        done.close()  # at once, not when the garbage is collected


def _in_processes(arguments: Sequence[tuple[Any, ...]], workers: int) -> Generator[Any, None, None]:
    """`measured(*a)` for every `a`, results in order, in `workers` processes: this one
    and `workers - 1` copies of it (forked: they inherit what it loaded, the kernel
    among them; `start_method`). This process plays a share of the chunks itself instead
    of waiting for `workers` children: one copy fewer to start, and no process left to
    wake up for every result and take a core from a worker while it merges (issue 46;
    benchmarks/results/workers.md). Every chunk goes to the pool at once, where a worker
    takes it when it is free (a worker process holds at most two: the one it plays and
    the next); when the result due next is not in yet, this process takes the first
    chunk no worker has taken (cancels it in the pool) and plays it. So the processes
    finish close together whatever each one's speed. A caller that stops early waits
    only for the chunks the workers have taken already."""
    import multiprocessing

    context = multiprocessing.get_context(start_method())
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=context) as pool:
        futures = [pool.submit(measured, *args) for args in arguments]
        here: dict[int, Any] = {}  # results of the chunks this process played
        taking = 0  # the chunks before it are taken, by a worker or by this process
        try:
            for index, future in enumerate(futures):
                while index not in here and not future.done() and taking < len(futures):
                    if futures[taking].cancel():  # no worker has it: play it here
                        here[taking] = measured(*arguments[taking])
                    taking += 1
                yield here.pop(index) if index in here else future.result()
        finally:
            for future in futures:
                future.cancel()


THREAD_NAME = "spieltisch-thread"
"""The names of `local:N`'s threads (`spieltisch-thread_0`, ...)."""


def _in_threads(
    task: Callable[..., Any], arguments: Sequence[tuple[Any, ...]], count: int
) -> Generator[Any, None, None]:
    """`task(*a)` for every `a` in `count` threads of this process: this thread and
    `count - 1` on Dask's threaded scheduler (one there for `local:1`), each taking the
    run's next chunk when it has finished one (the graph's tasks are alike: each takes
    the next chunk when it begins, so the order in which dask.local hands them out,
    last key first, does not matter). Nothing to start but the threads, nothing to send
    back, and no dask.distributed to import (about 1 s of CPU) nor its event loop's
    thread (about 1.3 s for a run of 400,000 MÄDN games; benchmarks/results/workers.md).
    This thread plays chunks itself whenever the result due next is not in yet, while
    the scheduler's thread imports dask.threaded (0.1–0.4 s of CPU, which then no
    longer comes before the first game; issue 46). Results come in the order of
    `arguments`; a task's error reaches the caller; when the caller stops early, the
    chunks not begun are skipped and no thread is left running."""
    if importlib.util.find_spec("dask") is None:
        raise ValueError("--cluster needs Dask: install the extra 'cluster'")
    finished: queue.SimpleQueue[tuple[int | None, Any]] = queue.SimpleQueue()
    stop = threading.Event()
    following_chunk = iter(range(len(arguments)))
    taking = threading.Lock()

    def take() -> int | None:
        with taking:
            return None if stop.is_set() else next(following_chunk, None)

    def deliver() -> None:
        index = take()
        if index is not None:
            finished.put((index, task(*arguments[index])))

    threads = max(count - 1, 1)
    here_too = count > 1
    pool = ThreadPoolExecutor(threads, thread_name_prefix=THREAD_NAME)

    def drive() -> None:
        try:
            import dask.threaded

            graph = {f"chunk-{index}": (deliver,) for index in range(len(arguments))}
            dask.threaded.get(graph, list(graph), pool=pool, num_workers=threads)
        except BaseException as error:  # handed to the caller's thread
            finished.put((None, error))

    driver = threading.Thread(target=drive, name=f"{THREAD_NAME}-scheduler", daemon=True)
    driver.start()
    try:
        done: dict[int, Any] = {}
        following = 0
        while following < len(arguments):
            if following in done:
                yield done.pop(following)
                following += 1
                continue
            index: int | None = None
            value: Any = None
            try:
                index, value = finished.get_nowait()
            except queue.Empty:
                mine = take() if here_too else None
                if mine is not None:
                    done[mine] = task(*arguments[mine])
                    continue
                index, value = finished.get()
            if index is None:
                raise value
            done[index] = value
    finally:
        stop.set()
        driver.join()
        pool.shutdown(wait=True)


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
    task: Callable[..., Any], arguments: Sequence[tuple[Any, ...]], address: str
) -> Generator[Any, None, None]:
    kind, count = parse_cluster(address)
    try:
        import dask
        import dask.distributed
    except ImportError:
        raise ValueError("--cluster needs Dask: install the extra 'cluster'") from None
    dd: Any = dask.distributed  # untyped
    cluster = None
    if kind == "local":
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
    """A Dask LocalCluster of threads in this process (for tests): its scheduler talks
    in-process (`inproc://`), so it opens no port."""
    import dask.distributed

    dd: Any = dask.distributed  # untyped
    return dd.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
    )
