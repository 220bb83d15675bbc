"""Ctrl+C and the server's child processes: the terminal sends SIGINT to every process
of `serve`, and a child still importing the package (a worker of `--workers N`, a
computer-seat worker) printed a KeyboardInterrupt traceback for it: four with two
workers, and the resource tracker's "leaked semaphore objects" warning after them.

The parents stop their children themselves (uvicorn's parent sends its workers SIGTERM,
which they handle gracefully; a server closes its computer-seat workers), so children
are started with SIGINT ignored: an ignored signal stays ignored across exec, before any
Python runs in the child, which a handler set in the child cannot do. The parent keeps
SIGINT blocked meanwhile, so a Ctrl+C during the start waits for it and is not lost."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any


@contextmanager
def children_ignore_sigint() -> Iterator[None]:
    """Processes started inside ignore SIGINT from their first instruction (only the
    main thread may change a signal's handler: elsewhere nothing changes)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) == signal.SIG_IGN  # ignored already (nested)
    ):
        yield
        return
    # Started now, not inside: starting it unblocks SIGINT, and one waiting would be lost.
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, before)  # a Ctrl+C meanwhile: now


class QuietSpawnProcess(SpawnProcess):
    """A spawned process that ignores Ctrl+C (its parent stops it)."""

    def start(self) -> None:
        with children_ignore_sigint():
            super().start()


class QuietSpawnContext(SpawnContext):
    """The spawn start method, its processes ignoring Ctrl+C (`ProcessPoolExecutor`'s
    `mp_context`)."""

    Process = QuietSpawnProcess


def workers_without_ctrl_c() -> None:
    """Start uvicorn's worker processes ignoring SIGINT (call before `uvicorn.run` with
    `workers`): Ctrl+C reaches the parent alone, which stops them with SIGTERM."""
    from uvicorn.supervisors import multiprocess

    process = multiprocess.Process
    start: Callable[[Any], None] = process.start
    if getattr(start, "without_ctrl_c", False):
        return

    def started(self: Any) -> None:
        with children_ignore_sigint():
            start(self)

    started.without_ctrl_c = True  # type: ignore[attr-defined]
    process.start = started  # type: ignore[method-assign]
