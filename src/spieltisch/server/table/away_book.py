"""Since when each person's seat is away, kept in the database (`Seat.away_since`) as
people come and go, so that it outlives the process that saw them go: a process that
loads the table later (a claim reaching it, a restart) counts the away time from when the
person left, not from its own loading (`loading.load` reads it back into
`Room.away_since`), and the lobby can tell a game with a player away.

Each process writes what it sees change, one write at a time (the latest state when its
turn comes, so writes never overtake each other); of two processes seeing one person go,
the earlier moment stands (`TableStorage.away`). What it sees change is told against what
the database had when the process loaded the table (`Room.away_stored`): the people of a
new table coming to it write nothing (at 200 tables their writes, every seat "here", had
queued up behind each other and were still being written minutes later).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from spieltisch.server.table.background import Background
from spieltisch.server.table.events import Event, PresenceChanged
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import SeatKind

logger = logging.getLogger("spieltisch.server")

Away = dict[int, float | None]
"""Each person's seat: since when it is away (wall clock), None while here or while the
computer plays it."""


def away_of(room: Room) -> Away:
    """The room's people's seats as this process sees them now."""
    here = room.seated_anywhere()
    return {
        index: None if index in here or seat.ai_level is not None else room.away_since.get(index)
        for index, seat in enumerate(room.seats)
        if seat.kind == SeatKind.HUMAN
    }


def stored_of(room: Room) -> Away:
    """The room's people's seats as the database had them when the table was loaded."""
    return {
        index: room.away_stored.get(index)
        for index, seat in enumerate(room.seats)
        if seat.kind == SeatKind.HUMAN
    }


class AwayBook:
    def __init__(
        self, storage: TableStorage, rooms: Mapping[str, Room], background: Background
    ) -> None:
        self.storage = storage
        self.rooms = rooms
        self.background = background
        self._lock = asyncio.Lock()
        self._written: dict[str, Away] = {}
        """What this process last wrote of each table (none yet: what it loaded; empty
        after a failed write: every seat)."""

    def _known(self, room: Room) -> Away:
        """What the database has of the table, as far as this process knows."""
        written = self._written.get(room.id)
        return stored_of(room) if written is None else written

    def follow(self, room: Room, events: Sequence[Event]) -> None:
        """The publisher's subscriber: a person came or went."""
        if not any(isinstance(event, PresenceChanged) and event.changed for event in events):
            return
        if away_of(room) != self._known(room):
            self.background.spawn(self.write(room))

    async def write(self, room: Room) -> None:
        """Write what changed since this process's last write of the table."""
        async with self._lock:
            now, written = away_of(room), self._known(room)
            changes = {
                seat: None if since is None else datetime.fromtimestamp(since, UTC)
                for seat, since in now.items()
                if written.get(seat, -1.0) != since
            }
            if not changes:
                return
            try:
                await self.storage.away(room.id, changes)
            except UNAVAILABLE:  # every seat again at the next change
                self._written[room.id] = {}
                logger.warning("table %s: who is away was not written (database away)", room.id)
                return
            kept = {key: seats for key, seats in self._written.items() if key in self.rooms}
            self._written = {**kept, room.id: now}
