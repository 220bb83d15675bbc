"""More time for a seat, given by the table's creator during the game: a person who needs
longer to read, listen or move (WCAG 2.2.1 "Timing Adjustable": the time limit can be
adjusted or extended) is given it without anyone leaving the table.

With a clock per move the seat's every move is longer from now on (the move under way
too); with a clock per game the seat's time left grows. "Double" doubles the seat's
time per move, or its time left. At a turn-based table the creator gives whole days to
the seat's time bank (a bank over its cap keeps them: moves only add their portion up
to the cap, `TableClock.left_after_move`), and the deadline of the person to move moves
with them (`Turns.bank_changed`). Each extension is kept in the table's clock
(`extensions`, with the seq it followed) so that every page's log says it at its place;
a rematch starts without them (`store.clock.as_set`). Never in a tournament game, whose
clock is the same for every entrant by the tournament's rules.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal, unavailable
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.table.events import ClockExtended, Events, keeping
from spieltisch.server.table.loading import refresh
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.clock import ClockMode, TableClock
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import SeatKind, TableStatus
from spieltisch.store.turns import DAY

LONGEST_SECONDS = 7 * 24 * 3600
"""The most a seat's time per move or time left may grow to: a table's longest clock."""
LONGEST_BANK_DAYS = 30
"""The most a turn-based seat's time bank may hold once given days."""


class BankChanged(Protocol):
    """Told that a seat's time bank at a turn-based table changed (holding the room's
    lock): the deadline of the person to move is worked out again (`Turns`)."""

    async def __call__(self, room: Room) -> Events: ...


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
        bank_changed: BankChanged,
    ) -> None:
        self.rooms = rooms
        self.storage = storage
        self.publisher = publisher
        self.bank_changed = bank_changed

    async def extend(
        self,
        table_id: str,
        account: int,
        seat: int,
        seconds: float | None,
        double: bool,
        days: int | None = None,
    ) -> TableOut:
        """The table's creator (`account`) gives `seat` `seconds` more, or doubles its time
        (`double`), or (turn-based) gives its bank `days` more. Refusal: invalid (none or
        more than one of them), forbidden (not the creator), conflict (not running, a
        tournament's game, no clock for moves, days for a real-time clock or seconds for
        a turn-based one, not a person's seat, more than the longest clock)."""
        if [seconds is not None, double, days is not None].count(True) != 1:
            raise Refusal(
                Code.INVALID,
                _("give one of the three: seconds more, double, or days (turn-based)"),
            )
        room = await self.rooms(table_id)
        async with self.publisher.holding(room) as events:
            with keeping(events):
                if room.stale:
                    events += await refresh(self.storage, room)
                clock = self._check(room, account, seat)
                self._check_amount(clock, days)
                left = self._left_now(room, clock, seat)
                more = days * DAY if days is not None else added_seconds(clock, left, seat, seconds)
                stored, time_left = self._extended(room, clock, seat, more, double, left)
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
                if clock.turn_based:
                    events += await self.bank_changed(room)
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
    def _check_amount(clock: TableClock, days: int | None) -> None:
        """Days for a turn-based clock's bank, seconds (or double) for a real-time one."""
        if clock.turn_based and days is None:
            raise Refusal(
                Code.CONFLICT,
                _(
                    "a turn-based game's time bank is given whole days: give days (1 to 7), "
                    "not seconds or double"
                ),
            )
        if not clock.turn_based and days is not None:
            raise Refusal(
                Code.CONFLICT,
                _("days go to a turn-based game's time bank: this clock takes seconds or double"),
            )

    @staticmethod
    def _left_now(room: Room, clock: TableClock, seat: int) -> int:
        """The seat's time left now (mode game; its clock runs while it is to move), or
        its time bank (turn-based: what the move spends of it is counted when it is made)."""
        if clock.turn_based:
            return room.seats[seat].time_left_ms or 0
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
        if clock.turn_based and total > LONGEST_BANK_DAYS * DAY:
            raise Refusal(
                Code.CONFLICT,
                _(
                    "seat {seat}'s time bank would hold more than {days} days: the most allowed"
                ).format(seat=seat, days=LONGEST_BANK_DAYS),
            )
        if not clock.turn_based and total > LONGEST_SECONDS:
            raise Refusal(
                Code.CONFLICT,
                _("seat {seat} would have more than 7 days: the longest clock allowed").format(
                    seat=seat
                ),
            )
        record = {"seat": seat, "seconds": more, "double": doubled, "seq": room.seq}
        stored["extensions"] = [*(stored.get("extensions") or []), record]
        return stored, time_left
