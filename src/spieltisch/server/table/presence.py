"""Who is here: which people's seats have a connection open (in this process or, on
PostgreSQL, another), since when the others are away, and telling the table when that
changes."""

from __future__ import annotations

import time
from collections.abc import Callable

from spieltisch.server.schemas.messages import PresenceOut, SeatPresence
from spieltisch.server.table.events import Events, PresenceChanged, SeatsAnnounced
from spieltisch.server.table.room import Connection, RemotePresence, Room, watcher_name
from spieltisch.store.clock import away_after
from spieltisch.store.models import SeatKind

MAX_ANNOUNCED_WATCHERS = 50
"""Names one process tells the others at most (a notification holds 8,000 bytes); the
rest are counted as "?"."""


def watching(room: Room) -> list[str]:
    """Who watches, through any process: each name once, then one "?" per watcher
    without a name."""
    everyone = [room.watching_here(), *(other.watchers for other in room.elsewhere.values())]
    players = room.player_names()
    shown = [
        watcher_name(name, players) if name != "?" else None for names in everyone for name in names
    ]
    named = sorted({name for name in shown if name})
    unnamed = sum(1 for name in shown if not name)
    return named + ["?"] * unnamed


def announced_watchers(room: Room) -> tuple[str, ...]:
    """This process's watchers as it tells the others: at most MAX_ANNOUNCED_WATCHERS
    names, the others as "?"."""
    here = room.watching_here()
    named = [name for name in here if name != "?"]
    kept = named[:MAX_ANNOUNCED_WATCHERS]
    return (*kept, *["?"] * (len(here) - len(kept)))


class Presence:
    """Who is here, as events: the publisher tells the connections and the other
    processes."""

    def __init__(self, claim_after_seconds: float, now: Callable[[], float] = time.time) -> None:
        self.claim_after_seconds = claim_after_seconds
        """The longest away time (`clock.away_after`)."""
        self.now = now
        """The wall clock (tests move an injected one instead of sleeping)."""

    def away_after(self, room: Room) -> float:
        """Seconds a person's seat of `room` is away before the others choose."""
        return away_after(room.clock, self.claim_after_seconds)

    def of(self, room: Room) -> PresenceOut:
        """Who is here now (bringing `room.away_since` up to date)."""
        moment = self.now()
        here = room.seated_anywhere()
        people = [
            index
            for index, seat in enumerate(room.seats)
            if seat.kind == SeatKind.HUMAN and not seat.handed
        ]
        substituted = {index for index in people if room.seats[index].substituted}
        for index in people:
            if index in here:
                room.away_since.pop(index, None)
            elif index not in substituted:
                room.away_since.setdefault(index, moment)
        return PresenceOut(
            seats=[
                SeatPresence(
                    seat=index,
                    here=index in here,
                    away_ms=None
                    if index in here or index in substituted
                    else int((moment - room.away_since[index]) * 1000),
                    substitute=room.seats[index].ai_level if index in substituted else None,
                )
                for index in people
            ],
            claim_after_ms=int(self.away_after(room) * 1000),
            watching=watching(room),
        )

    def tell(self, room: Room, always: Connection | None = None) -> Events:
        """Who is here, for the connections when that changed (and `always` in any case),
        and for the other processes when the seats or watchers here changed."""
        message = self.of(room)
        seen = tuple((seat.seat, seat.here, seat.substitute) for seat in message.seats)
        changed = seen != room.presence_seen or message.watching != room.watching
        room.presence_seen = seen
        room.watching = message.watching
        events: Events = []
        if changed or always is not None:
            events.append(PresenceChanged(message, changed, always))
        if (
            room.seated_here() != room.announced
            or announced_watchers(room) != room.announced_watchers
        ):
            events += self.announce(room)
        return events

    def announce(self, room: Room) -> Events:
        """Tell the other processes which seats have a connection here (they count them
        as here too)."""
        room.announced = room.seated_here()
        room.announced_watchers = announced_watchers(room)
        return [SeatsAnnounced(tuple(sorted(room.announced)), room.announced_watchers)]

    def heard(
        self,
        room: Room,
        process: str,
        number: int,
        seats: list[int],
        watchers: tuple[str, ...] = (),
    ) -> Events:
        """Another process said which seats it has connections for, and who watches
        (numbered: a late announcement never undoes a newer one)."""
        known = room.elsewhere.get(process)
        if known is not None and known.number > number:
            return []
        room.elsewhere[process] = RemotePresence(number, frozenset(seats), tuple(watchers))
        return self.tell(room)

    def asked(self, room: Room) -> Events:
        """Another process loaded the table and asks who is here."""
        if room.seated_here() or room.watching_here():
            return self.announce(room)
        return []

    def gone(self, room: Room, processes: set[str]) -> Events:
        """Processes that died: their connections to `room` are gone too."""
        dropped = [room.elsewhere.pop(process, None) for process in processes]
        return self.tell(room) if any(dropped) else []
