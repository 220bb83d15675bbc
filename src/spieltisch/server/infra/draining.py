"""Draining: what a server process does between SIGTERM and exiting.

The process says it is not ready (`/readyz`), refuses new tables and new table
connections (503 `draining`, WebSocket close 1012: a client connects again and reaches
another process), lets go of its tables — on PostgreSQL the others take them over at
once, on SQLite every write under way is finished — and only then lets uvicorn stop
accepting and close the connections. A second SIGTERM stops at once."""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Awaitable, Callable, Coroutine
from types import FrameType
from typing import Any

from spieltisch.server.refusal import draining

logger = logging.getLogger("spieltisch.server")

Handler = Callable[[int, FrameType | None], Any]


class Draining:
    """Whether this process is stopping, and the hook that starts the stop."""

    def __init__(self) -> None:
        self.let_go: Callable[[], Awaitable[None]] | None = None
        """What stopping does (the application's: hand the tables over)."""
        self.active = False
        self.finished = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def check(self) -> None:
        """Refuse new work onto a table (a new table, a new connection) while stopping."""
        if self.active:
            raise draining()

    async def drain(self) -> None:
        """Stop taking tables and run `let_go` (hand the tables over), once."""
        if self.active:
            await self.finished.wait()
            return
        self.active = True
        logger.info("draining: no new tables here; handing over the tables held here")
        try:
            if self.let_go is not None:
                await self.let_go()
        finally:
            self.finished.set()

    def _start(self, work: Coroutine[Any, Any, None]) -> None:
        self._task = asyncio.get_running_loop().create_task(work, name="draining")

    def on_sigterm(self) -> Callable[[], None]:
        """Drain on SIGTERM before the handler installed before (uvicorn's, which stops
        the server); returns the undoing. Only in the main thread (where signals are
        delivered); elsewhere (a test's server thread) it does nothing."""
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        loop = asyncio.get_running_loop()
        previous = signal.getsignal(signal.SIGTERM)

        def then_stop(sig: int) -> None:
            if callable(previous):
                previous(sig, None)

        async def drain_then_stop(sig: int) -> None:
            try:
                await self.drain()
            except Exception:
                logger.exception("draining failed; stopping anyway")
            then_stop(sig)

        def handler(sig: int, _frame: FrameType | None) -> None:
            if self.active:  # asked again: stop now
                then_stop(sig)
                return
            # Signals land between two steps of the loop: start the work on it.
            loop.call_soon_threadsafe(self._start, drain_then_stop(sig))

        def undo() -> None:
            if signal.getsignal(signal.SIGTERM) is handler:
                signal.signal(signal.SIGTERM, previous)

        signal.signal(signal.SIGTERM, handler)
        return undo
