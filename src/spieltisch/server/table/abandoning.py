"""No table lists forever: a running table where no person has been present for
`Settings.abandon_after_seconds` (three days by default) ends as abandoned — no result,
nobody rated, its moves and record kept.

When a person was last at a table is `GameTable.seen_at`: written when a person's
connection opens or closes, when a game pauses or goes on, and by each sweep for the
tables with a person connected through this process. Every process sweeps; of two
ending one table, the database lets one (`TableStorage.abort` changes only a running
table), and the others hear of it as of any change.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from spieltisch.server.table.background import Background
from spieltisch.server.table.events import Event, PresenceChanged, TableAbandoned
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import TableStatus

logger = logging.getLogger("spieltisch.server")

SEEN_EVERY = 60.0
"""Seconds between two writes of one table's `seen_at` for people coming and going."""
ABANDONED = {"how": "abandoned"}
"""The `GameTable.ending` of an abandoned table."""


class Abandoning:
    def __init__(
        self,
        storage: TableStorage,
        rooms: dict[str, Room],
        publisher: Publisher,
        after: float | None,
        now: Callable[[], float],
    ) -> None:
        self.storage = storage
        self.rooms = rooms
        self.publisher = publisher
        self.after = after
        """Seconds without a person before a running table ends (None: never)."""
        self.now = now
        self.background = Background()
        self._written: dict[str, float] = {}
        """When this process last wrote a table's `seen_at` (by `now`)."""

    def follow(self, room: Room, events: Sequence[Event]) -> None:
        """The publisher's subscriber: a person came or went → the table was seen now
        (written at most once a minute per table)."""
        if not any(isinstance(event, PresenceChanged) and event.changed for event in events):
            return
        moment = self.now()
        if moment - self._written.get(room.id, float("-inf")) < SEEN_EVERY:
            return
        self._written[room.id] = moment
        self.background.spawn(self._seen(room.id, self._moment()))

    async def _seen(self, table_id: str, moment: datetime) -> None:
        """Write when a person was last seen: the moment of the change, not the later
        one the write gets its turn at."""
        try:
            await self.storage.seen([table_id], moment)
        except UNAVAILABLE:
            self._written.pop(table_id, None)  # written by the next change or sweep

    async def keep_sweeping(self) -> None:
        """Sweep every tenth of the abandon time (at most hourly): a process's task."""
        if self.after is None:
            return
        while True:
            try:
                await self.sweep()
            except UNAVAILABLE:
                logger.warning("the sweep for abandoned tables found the database away")
            except Exception:
                logger.exception("the sweep for abandoned tables failed; trying again")
            await asyncio.sleep(min(3600.0, max(1.0, self.after / 10)))

    def _moment(self) -> datetime:
        return datetime.fromtimestamp(self.now(), UTC)

    async def sweep(self) -> list[str]:
        """End every running table nobody was at for the abandon time; their ids."""
        if self.after is None:
            return []
        here = [room.id for room in self.rooms.values() if room.seated_here()]
        await self.storage.seen(here, self._moment())
        self._written = {key: value for key, value in self._written.items() if key in self.rooms}
        cutoff = self._moment() - timedelta(seconds=self.after)
        ended = []
        for table_id in await self.storage.unseen_since(cutoff):
            room = self.rooms.get(table_id)
            if room is not None and room.seated_anywhere():
                continue  # someone is here through another process: not abandoned
            if await self._abandon(table_id, room):
                ended.append(table_id)
        if ended:
            logger.info("%d tables abandoned: nobody was at them", len(ended))
        return ended

    async def _abandon(self, table_id: str, room: Room | None) -> bool:
        if room is None:
            return await self.storage.abort(table_id, ABANDONED, TableStatus.ABANDONED) is not None
        async with self.publisher.holding(room) as events:
            described = await self.storage.abort(table_id, ABANDONED, TableStatus.ABANDONED)
            if described is None:
                return False
            room.table.status, room.table.ending = TableStatus.ABANDONED, dict(ABANDONED)
            events.append(TableAbandoned(described))
        return True
