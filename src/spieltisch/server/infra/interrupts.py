"""Ctrl+C and the server's child processes: the terminal sends SIGINT to every process
of `serve`, and a child still importing the package (a worker of `--workers N`, a
computer-seat worker) printed a KeyboardInterrupt traceback for it: four with two
workers, and the resource tracker's "leaked semaphore objects" warning after them.

The parents stop their children themselves (uvicorn's parent sends its workers SIGTERM,
which they handle gracefully; a server closes its computer-seat workers), so children
are started with SIGINT blocked: the signal mask is inherited across fork and exec, so
a child never receives Ctrl+C, from before any Python runs in it (a handler set in the
child cannot do that).

Only the starting thread blocks it; the handler of the process stays. An earlier version
also set the handler to SIG_IGN while a child started: the handler is the whole
process's, the mask only the thread's, so a Ctrl+C the kernel gave another thread then
(an aiosqlite thread, the pool's manager) was ignored and lost, and `serve` went on
running (CI, 2026-12-07)."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any


@contextmanager
def children_block_sigint() -> Iterator[None]:
    """Processes started inside never receive SIGINT: it stays blocked in them. Here a
    Ctrl+C meanwhile goes to another thread's handler, or waits until the end."""
    # Started now, not inside: starting it unblocks SIGINT in this thread.
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class QuietSpawnProcess(SpawnProcess):
    """A spawned process deaf to Ctrl+C (its parent stops it)."""

    def start(self) -> None:
        with children_block_sigint():
            super().start()


class QuietSpawnContext(SpawnContext):
    """The spawn start method, its processes deaf to Ctrl+C (`ProcessPoolExecutor`'s
    `mp_context`)."""

    Process = QuietSpawnProcess


def workers_without_ctrl_c() -> None:
    """Start uvicorn's worker processes with SIGINT blocked (call before `uvicorn.run` with
    `workers`): Ctrl+C reaches the parent alone, which stops them with SIGTERM."""
    from uvicorn.supervisors import multiprocess

    process = multiprocess.Process
    start: Callable[[Any], None] = process.start
    if getattr(start, "without_ctrl_c", False):
        return

    def started(self: Any) -> None:
        with children_block_sigint():
            start(self)

    started.without_ctrl_c = True  # type: ignore[attr-defined]
    process.start = started  # type: ignore[method-assign]
