"""A process that is stopping lets go of its tables: no computer seat, clock or round
time of theirs runs here any more, and no write of theirs is under way, so another
process (PostgreSQL) or the next start (SQLite) takes them over where they are."""

from __future__ import annotations

import asyncio
import contextlib

from spieltisch.server.table.background import cancel
from spieltisch.server.table.runtime import Runtime

WRITES_SECONDS = 10.0
"""How long a stopping process waits for the writes under way (one move's commit is a
few milliseconds; a database away makes it wait, and then stops anyway)."""


async def stop_playing(runtime: Runtime, deadline: float = WRITES_SECONDS) -> int:
    """Stop every table's own work and wait for its writes; the number of tables.

    Each room's lock is taken before its tasks are cancelled: a task committing a
    move holds that lock, so its write finishes, and one still thinking is stopped
    before it writes (nothing of it was acknowledged)."""
    runtime.scheduler.closing = True
    rooms = list(runtime.rooms.values())
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(deadline):
            for room in rooms:
                async with room.lock:
                    tasks = list(room.tasks.values())
                    room.tasks.clear()
                await cancel(tasks)
            pending = list(runtime.background.tasks)
            if pending:
                await asyncio.wait(pending)
    return len(rooms)
