"""A Ctrl+C while `serve` starts a worker process must still stop the server. CI saw
`serve` run on after one: the handler was set to SIG_IGN for the whole process while a
child started, and the kernel gave the signal to another thread, which dropped it."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from spieltisch.server.infra.interrupts import QuietSpawnContext, children_block_sigint
from tests.waiting import wait_until


@pytest.fixture
def interrupts() -> Iterator[list[int]]:
    """The SIGINTs this process's handler received, while another thread runs (one that
    does not block SIGINT, so the kernel may hand the signal to it)."""
    received: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        received.append(signum)

    before = signal.signal(signal.SIGINT, handler)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, name="other")
    other.start()
    try:
        yield received
    finally:
        stop.set()
        other.join()
        signal.signal(signal.SIGINT, before)


SIGINT = 1 << (signal.SIGINT - 1)
"""SIGINT's bit in the signal sets of /proc/PID/status."""


def _signals(pid: int, which: str) -> int:
    """A signal set of a process: "SigBlk" (blocked), "ShdPnd" (pending for any thread)."""
    status = Path(f"/proc/{pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith(f"{which}:"))
    return int(line.split()[1], 16)


def test_a_ctrl_c_while_a_child_starts_reaches_the_handler(interrupts: list[int]) -> None:
    with children_block_sigint():
        os.kill(os.getpid(), signal.SIGINT)  # the kernel gives it to the other thread
        wait_until(lambda: not _signals(os.getpid(), "ShdPnd") & SIGINT, what="taken")
    wait_until(lambda: interrupts == [signal.SIGINT], what="the handler ran once")


def test_a_worker_process_never_receives_ctrl_c_and_the_parent_still_does(
    interrupts: list[int],
) -> None:
    child = QuietSpawnContext().Process(target=time.sleep, args=(60,), daemon=True)
    child.start()
    try:
        assert child.pid is not None
        assert _signals(child.pid, "SigBlk") & SIGINT
        assert not _signals(os.getpid(), "SigBlk") & SIGINT
        os.kill(child.pid, signal.SIGINT)  # blocked: it stays pending, the child runs on
        os.kill(os.getpid(), signal.SIGINT)
        wait_until(lambda: interrupts == [signal.SIGINT], what="the parent's handler ran")
        assert child.is_alive()
    finally:
        child.terminate()
        child.join()
