"""The CPU each worker process spent on a run, so a person sees how parallel it really
was: on a loaded machine two workers may share one core, and then `--workers 2` is no
faster than one process (issue 46)."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Effort:
    """One task's CPU seconds, and the worker (`host:pid`, `host:pid/thread` for a
    worker thread) it ran in."""

    worker: str
    cpu: float


def here() -> str:
    """This process, as `measured` names it: `host:pid`."""
    return f"{socket.gethostname()}:{os.getpid()}"


def measured(task: Callable[..., Any], *args: Any) -> tuple[Any, Effort]:
    """`task(*args)` and the CPU time its thread took: what a worker runs. The thread's
    clock, not the process's, so workers that are threads of one process (a Dask
    `local:N` cluster of the kernel) are told apart and not counted twice."""
    started = time.thread_time()
    result = task(*args)
    spent = time.thread_time() - started
    worker = here()
    if threading.current_thread() is not threading.main_thread():
        worker += f"/{threading.current_thread().name}"
    return result, Effort(worker, spent)


def by_worker(efforts: Sequence[Effort]) -> list[float]:
    """CPU seconds per worker process, in the order the workers first reported."""
    totals: dict[str, float] = {}
    for effort in efforts:
        totals[effort.worker] = totals.get(effort.worker, 0.0) + effort.cpu
    return list(totals.values())


def busy_cores(efforts: Sequence[Effort], wall: float) -> float:
    """How many cores the workers kept busy on average: their CPU over the wall time
    (2.0 for two workers each with a core of its own; near 1.0 when they shared one)."""
    return sum(effort.cpu for effort in efforts) / wall if wall > 0 else 0.0


def threads_here(efforts: Sequence[Effort]) -> bool:
    """Whether every task ran in a thread of this process (`local:N` of the kernels),
    so the workers are threads, not processes."""
    return bool(efforts) and all(effort.worker.split("/")[0] == here() for effort in efforts)
