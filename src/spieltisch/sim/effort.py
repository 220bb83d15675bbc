"""The CPU each worker process spent on a run, so a person sees how parallel it really
was: on a loaded machine two workers may share one core, and then `--workers 2` is no
faster than one process (issue 46)."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Effort:
    """One task's CPU seconds, and the process (`host:pid`) it ran in."""

    worker: str
    cpu: float


def measured(task: Callable[..., Any], *args: Any) -> tuple[Any, Effort]:
    """`task(*args)` and the CPU time it took in this process: what a worker runs."""
    started = time.process_time()
    result = task(*args)
    spent = time.process_time() - started
    return result, Effort(f"{socket.gethostname()}:{os.getpid()}", spent)


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
