"""A game of one person against computers waits for its person: when their last
connection goes, it pauses (no clock runs, no computer moves, nothing is aborted or
claimed); when they come back, it goes on from where it stood. BGA and lichess keep a
game against the computer the same way; the person finds it among their running games.

A subscriber of the publisher: who is here changed (`PresenceChanged`) in the process
that owns the table → the pause stored (with the clocks as they stand) and told
(`GamePaused`, which sets the scheduler going or stops it).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime

from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.table.background import Background
from spieltisch.server.table.events import Event, GamePaused, PresenceChanged
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.clock import ClockMode
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import TableStatus

logger = logging.getLogger("spieltisch.server")


def should_pause(room: Room) -> bool:
    """Whether the game is to be paused now: running, one person against computers, and
    no connection of theirs open in any process; never a turn-based game (its clock
    counts days: a person leaving is normal)."""
    playing = [index for index, seat in enumerate(room.seats) if seat.played_by(seat.account_id)]
    clock = room.clock
    return (
        room.table.status == TableStatus.RUNNING
        and not (clock is not None and clock.turn_based)  # days per move: leaving is normal
        and room.alone_against_computers()
        and bool(playing)
        and not room.seated_anywhere()
    )


class Pausing:
    def __init__(
        self,
        storage: TableStorage,
        cluster: Cluster,
        publisher: Publisher,
        background: Background,
    ) -> None:
        self.storage = storage
        self.cluster = cluster
        self.publisher = publisher
        self.background = background

    def follow(self, room: Room, events: Sequence[Event]) -> None:
        """The publisher's subscriber: its person went or came back → pause or go on."""
        if not any(isinstance(event, PresenceChanged) and event.changed for event in events):
            return
        if should_pause(room) != (room.table.paused_at is not None) and self.cluster.owns(room.id):
            self.background.spawn(self._change(room))

    async def _change(self, room: Room) -> None:
        async with self.publisher.holding(room) as events:
            pause = should_pause(room)
            if pause == (room.table.paused_at is not None):
                return  # changed back meanwhile
            now = time.time()
            left = _time_left(room, now) if pause else {}
            try:
                described = await self.storage.pause(room.id, pause, left)
            except UNAVAILABLE:
                logger.warning("table %s: the pause could not be stored", room.id)
                return
            moment = datetime.fromtimestamp(now, UTC)
            for seat, ms in left.items():
                room.seats[seat].time_left_ms = ms
            if pause:
                room.table.paused_at = moment
            else:
                room.table.paused_at, room.table.resumed_at = None, moment
                room.turn_started = now  # the clock counts from now, not from the last move
            events.append(GamePaused(pause, described))


def _time_left(room: Room, now: float) -> dict[int, int]:
    """The game clock of the seat to move as it stands at `now` (a pause keeps it)."""
    clock, seat = room.clock, room.to_move()
    if clock is None or clock.mode != ClockMode.GAME or seat is None:
        return {}
    left = room.seats[seat].time_left_ms
    if left is None:
        return {}
    return {seat: max(0, left - int((now - room.turn_started) * 1000))}
