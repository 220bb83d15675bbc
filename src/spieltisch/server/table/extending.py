"""More time for a seat, given by the table's creator during the game: a person who needs
longer to read, listen or move (WCAG 2.2.1 "Timing Adjustable": the time limit can be
adjusted or extended) is given it without anyone leaving the table.

With a clock per move the seat's every move is longer from now on (the move under way
too); with a clock per game the seat's time left grows. "Double" doubles the seat's
time per move, or its time left. Each extension is kept in the table's clock
(`extensions`, with the seq it followed) so that every page's log says it at its place;
a rematch starts without them (`store.clock.as_set`). Never in a tournament game, whose
clock is the same for every entrant by the tournament's rules.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal, unavailable
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.table.events import ClockExtended, keeping
from spieltisch.server.table.loading import refresh
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.clock import ClockMode, TableClock
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import SeatKind, TableStatus

LONGEST_SECONDS = 7 * 24 * 3600
"""The most a seat's time per move or time left may grow to: a table's longest clock."""


def added_seconds(clock: TableClock, left_ms: int, seat: int, seconds: float | None) -> float:
    """The seconds `seconds` adds for `seat`, or (None) what doubling adds: the seat's
    time per move (mode move), or its time left now, `left_ms` (mode game)."""
    if seconds is not None:
        return seconds
    if clock.mode == ClockMode.MOVE:
        return clock.move_ms(seat) / 1000
    return left_ms / 1000


class Extending:
    def __init__(
        self,
        rooms: Callable[[str], Awaitable[Room]],
        storage: TableStorage,
        publisher: Publisher,
    ) -> None:
        self.rooms = rooms
        self.storage = storage
        self.publisher = publisher

    async def extend(
        self, table_id: str, account: int, seat: int, seconds: float | None, double: bool
    ) -> TableOut:
        """The table's creator (`account`) gives `seat` `seconds` more, or doubles its time
        (`double`). Refusal: invalid (both or neither), forbidden (not the creator),
        conflict (not running, a tournament's game, no clock for moves, not a person's
        seat, more than the longest clock)."""
        if (seconds is None) != double:
            raise Refusal(Code.INVALID, _("give either seconds more or double, one of the two"))
        room = await self.rooms(table_id)
        async with self.publisher.holding(room) as events:
            with keeping(events):
                if room.stale:
                    events += await refresh(self.storage, room)
                clock = self._check(room, account, seat)
                left = self._left_now(room, clock, seat)
                more = added_seconds(clock, left, seat, seconds)
                stored, time_left = self._extended(room, clock, seat, more, seconds is None, left)
                try:
                    described = await self.storage.extend_clock(room.id, stored, time_left)
                except UNAVAILABLE:
                    raise unavailable() from None
                if described is None:  # ended a moment ago through another process
                    events += await refresh(self.storage, room)
                    raise Refusal(Code.CONFLICT, _("the game has ended already"))
                room.table.clock = stored
                for index, ms in time_left.items():
                    room.seats[index].time_left_ms = ms
                events.append(ClockExtended(seat, described))
        return described

    def _check(self, room: Room, account: int, seat: int) -> TableClock:
        """The table's clock, if `account` may give `seat` more time now (else Refusal)."""
        if room.table.tournament_id is not None:
            raise Refusal(
                Code.CONFLICT,
                _(
                    "a tournament game's clock is the same for every player by the "
                    "tournament's rules: it cannot be extended"
                ),
            )
        if room.table.created_by != account:
            raise Refusal(Code.FORBIDDEN, _("only the table's creator can give a player more time"))
        if room.table.status != TableStatus.RUNNING:
            raise Refusal(Code.CONFLICT, _("only a running game's clock can be extended"))
        clock = room.clock
        if clock is None or clock.mode is None:
            raise Refusal(Code.CONFLICT, _("this table has no clock for the moves to extend"))
        if clock.turn_based:
            raise Refusal(
                Code.CONFLICT,
                _("a turn-based game gives days for each move already: its clock is not extended"),
            )
        if not 0 <= seat < len(room.seats):
            raise Refusal(
                Code.INVALID,
                _("no seat {seat}: the seats are 0 to {last}").format(
                    seat=seat, last=len(room.seats) - 1
                ),
            )
        info = room.seats[seat]
        if info.kind != SeatKind.HUMAN or info.handed:
            raise Refusal(
                Code.CONFLICT,
                _("seat {seat} is played by the computer: only a person is given more time").format(
                    seat=seat
                ),
            )
        return clock

    @staticmethod
    def _left_now(room: Room, clock: TableClock, seat: int) -> int:
        """The seat's time left now (mode game; its clock runs while it is to move)."""
        if clock.mode != ClockMode.GAME:
            return clock.move_ms(seat)
        left = room.seats[seat].time_left_ms or 0
        if room.to_move() == seat and room.table.paused_at is None:
            left -= int((time.time() - room.turn_started) * 1000)
        return max(0, left)

    @staticmethod
    def _extended(
        room: Room, clock: TableClock, seat: int, more: float, doubled: bool, left: int
    ) -> tuple[dict[str, Any], dict[int, int]]:
        """The stored clock with `more` seconds for `seat` and its record, and the seats'
        time left that changes (mode game); Refusal past the longest clock."""
        stored = dict(room.table.clock or {})
        time_left: dict[int, int] = {}
        if clock.mode == ClockMode.MOVE:
            total = clock.move_ms(seat) / 1000 + more
            extra = {str(k): v for k, v in clock.extra.items()}
            extra[str(seat)] = clock.extra.get(seat, 0.0) + more
            stored["extra"] = extra
        else:
            total = left / 1000 + more
            time_left[seat] = (room.seats[seat].time_left_ms or 0) + int(more * 1000)
        if total > LONGEST_SECONDS:
            raise Refusal(
                Code.CONFLICT,
                _("seat {seat} would have more than 7 days: the longest clock allowed").format(
                    seat=seat
                ),
            )
        record = {"seat": seat, "seconds": more, "double": doubled, "seq": room.seq}
        stored["extensions"] = [*(stored.get("extensions") or []), record]
        return stored, time_left
