"""Who is here: which people's seats have a connection open (in this process or, on
PostgreSQL, another), since when the others are away, and telling the table when that
changes."""

from __future__ import annotations

import time
from collections.abc import Iterable

from spieltisch.server.infra.cluster import SingleProcess
from spieltisch.server.schemas.messages import PresenceOut, SeatPresence
from spieltisch.server.table.background import Background
from spieltisch.server.table.room import Connection, Elsewhere, Room
from spieltisch.store.models import SeatKind

MAX_ANNOUNCED_WATCHERS = 50
"""Names one process tells the others at most (a notification holds 8,000 bytes); the
rest are counted as "?"."""


def watching(room: Room) -> list[str]:
    """Who watches, through any process: each name once, then one "?" per watcher
    without a name."""
    everyone = [room.watching_here(), *(other.watchers for other in room.elsewhere.values())]
    named = sorted({name for names in everyone for name in names if name != "?"})
    unnamed = sum(names.count("?") for names in everyone)
    return named + ["?"] * unnamed


def announced_watchers(room: Room) -> tuple[str, ...]:
    """This process's watchers as it tells the others: at most MAX_ANNOUNCED_WATCHERS
    names, the others as "?"."""
    here = room.watching_here()
    named = [name for name in here if name != "?"]
    kept = named[:MAX_ANNOUNCED_WATCHERS]
    return (*kept, *["?"] * (len(here) - len(kept)))


class Presence:
    def __init__(
        self, cluster: SingleProcess, claim_after_seconds: float, background: Background
    ) -> None:
        self.cluster = cluster
        self.claim_after_seconds = claim_after_seconds
        self.background = background
        self._announcements = 0

    def of(self, room: Room) -> PresenceOut:
        """Who is here now (bringing `room.away_since` up to date)."""
        moment = time.time()
        here = room.seated_anywhere()
        people = [
            index
            for index, seat in enumerate(room.seats)
            if seat.kind == SeatKind.HUMAN and not seat.handed
        ]
        for index in people:
            if index in here:
                room.away_since.pop(index, None)
            else:
                room.away_since.setdefault(index, moment)
        return PresenceOut(
            seats=[
                SeatPresence(
                    seat=index,
                    here=index in here,
                    away_ms=None
                    if index in here
                    else int((moment - room.away_since[index]) * 1000),
                )
                for index in people
            ],
            claim_after_ms=int(self.claim_after_seconds * 1000),
            watching=watching(room),
        )

    def tell(self, room: Room, always: Connection | None = None) -> None:
        """Tell the connections who is here when that changed (and `always` in any case),
        and the other processes which seats are here."""
        before = {index for index in range(len(room.seats)) if index not in room.away_since}
        message = self.of(room)
        after = {index for index in range(len(room.seats)) if index not in room.away_since}
        changed = before != after or message.watching != room.watching
        room.watching = message.watching
        for connection in list(room.connections):
            if changed or connection is always:
                connection.send(message)
        if (
            room.seated_here() != room.announced
            or announced_watchers(room) != room.announced_watchers
        ):
            self.announce(room)

    def announce(self, room: Room) -> None:
        """Tell the other processes which seats have a connection here (they count them
        as here too); numbered, so a late announcement never undoes a newer one."""
        room.announced = room.seated_here()
        room.announced_watchers = announced_watchers(room)
        self._announcements += 1
        self.background.spawn(
            self.cluster.announce_here(
                room.id, self._announcements, sorted(room.announced), room.announced_watchers
            )
        )

    def heard(
        self,
        room: Room,
        process: str,
        number: int,
        seats: list[int],
        watchers: tuple[str, ...] = (),
    ) -> None:
        """Another process said which seats it has connections for, and who watches."""
        known = room.elsewhere.get(process)
        if known is not None and known.number > number:
            return
        room.elsewhere[process] = Elsewhere(number, frozenset(seats), tuple(watchers))
        self.tell(room)

    def asked(self, room: Room) -> None:
        """Another process loaded the table and asks who is here."""
        if room.seated_here() or room.watching_here():
            self.announce(room)

    def gone(self, rooms: Iterable[Room], processes: set[str]) -> None:
        """Processes that died: their connections are gone too."""
        for room in rooms:
            dropped = [room.elsewhere.pop(process, None) for process in processes]
            if any(dropped):
                self.tell(room)
