"""Tasks a table starts and does not wait for (hooks after a game, announcements to the
other processes): kept so they are not collected mid-way, and cancelled on close."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine, Iterable
from typing import Any


class Background:
    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def cancel(tasks: Iterable[asyncio.Task[None]]) -> None:
    """Cancel the tasks and wait until each has stopped (whatever it raised)."""
    tasks = list(tasks)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
