"""Tables in memory only while they are used: a table nobody watches that is not in play
leaves memory at once; one in play that only waits (for a person's move or a deadline)
after `idle_seconds`, and is loaded again for its deadline (a clock, the round time)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from spieltisch.server.infra.settings import Settings
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.table.background import Background
from spieltisch.server.table.room import Room
from spieltisch.server.table.scheduler import RETRY_SECONDS
from spieltisch.store.models import TableStatus

WAITING = frozenset({"clock", "round", "abort", "turn"})
"""The tasks of a table that only waits (for a person or a deadline): it may leave
memory when nobody watches (a turn-based table's deadline is in the database: the
sweep loads it again then, `turns.py`)."""


class Idle:
    """Forgets the idle rooms of `rooms` and wakes them for their deadlines (`load`: the
    runtime's, which loads a table and sets it going)."""

    def __init__(
        self,
        rooms: dict[str, Room],
        settings: Settings,
        background: Background,
        load: Callable[[str], Awaitable[Room]],
    ) -> None:
        self.rooms = rooms
        self.settings = settings
        self.background = background
        self.load = load
        self.closing = False
        self._wakeups: dict[str, asyncio.TimerHandle] = {}
        """Tables that left memory idle, and when they are loaded again."""

    def awake(self, table_id: str) -> None:
        """The table is in memory again (opened before its deadline): no wake-up."""
        waking = self._wakeups.pop(table_id, None)
        if waking is not None:
            waking.cancel()

    async def visit(self, table_id: str) -> Room:
        """The table's room for a connection on its way in, kept in memory until
        `unvisit` (it joins meanwhile): a room forgotten between finding it and joining
        it would leave that connection alone in a copy nobody else uses."""
        while True:
            room = await self.load(table_id)
            if self.rooms.get(table_id) is room:
                room.visitors += 1
                return room

    def unvisit(self, room: Room) -> None:
        """The connection that visited `room` has joined it, or given up."""
        room.visitors -= 1
        self.release(room)

    def release(self, room: Room) -> None:
        """Forget a table nobody watches that is not in play (it loads again when opened);
        one in play but only waiting for a person's move or a deadline is forgotten after
        `idle_seconds` (and loaded again for its deadline)."""
        if room.connections or room.visitors or self.rooms.get(room.id) is not room:
            return
        if room.table.status != TableStatus.RUNNING:
            if not room.tasks:
                del self.rooms[room.id]
            return
        idle_seconds = self.settings.idle_seconds
        if idle_seconds is not None and set(room.tasks) <= WAITING and not self.closing:
            room.tasks["idle"] = asyncio.create_task(self._forget_when_idle(room, idle_seconds))

    async def _forget_when_idle(self, room: Room, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with room.lock:
            if room.connections or room.visitors or self.rooms.get(room.id) is not room:
                return
            if not set(room.tasks) <= WAITING | {"idle"}:
                return
            current = asyncio.current_task()
            for task in room.tasks.values():
                if task is not current:
                    task.cancel()
            room.tasks.clear()
            del self.rooms[room.id]
            if room.wake_at is not None:
                self._wake_at(room.id, room.wake_at)

    def _wake_at(self, table_id: str, moment: float) -> None:
        """Load a table that left memory again at `moment` (its clock or round time)."""
        delay = max(0.0, moment - time.time())
        loop = asyncio.get_running_loop()
        self._wakeups[table_id] = loop.call_later(delay, self._wake, table_id)

    def _wake(self, table_id: str) -> None:
        self._wakeups.pop(table_id, None)
        if not self.closing and table_id not in self.rooms:
            self.background.spawn(self._load_quietly(table_id))

    async def _load_quietly(self, table_id: str) -> None:
        try:
            await self.load(table_id)
        except Refusal as refused:  # gone, or the database away: try again later
            if refused.code == Code.DATABASE_UNAVAILABLE:
                self._wake_at(table_id, time.time() + RETRY_SECONDS)

    def close(self) -> None:
        self.closing = True
        for waking in self._wakeups.values():
            waking.cancel()
