"""Turn-based clocks: days per move, a time bank, vacations, and deadlines that outlive the
process.

A turn's deadline is worked out when a person is to move (the scheduler's hook,
`started`) and stored with the table (`GameTable.deadline`); every process sweeps the
database for tables whose deadline has come (`sweep`, every `turn_check_seconds`), and
the process that holds the table (`cluster.claim`) acts under the room's lock:

- the move's days are over and the seat has a time bank: the bank runs (`TimeBankUsed`);
- the bank is gone too: the clock ran out (`ClockRanOut`): the computer plays that turn
  at the person's own level, or (`on_timeout: lose`) the person loses.

The clock counts by the runtime's `now` (tests move it: days pass at once), and stands
still during the mover's vacation (not in tournament games). A process that does not
hold the table works the same deadline out for its own pages (`follow`: from the
mover's vacations in the database, at each new position and whenever it is told the
table changed, e.g. a vacation taken or ended through any process), and stores and
tells nothing. What the server does on its
own is stored as a notice in the table's log (`notices.py`) and published as an event,
so notifications can follow it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.schemas.messages import NoticeOut
from spieltisch.server.table import notices
from spieltisch.server.table.events import (
    ClockRanOut,
    DeadlineFollowed,
    Event,
    Events,
    HandOverReason,
    TimeBankUsed,
    TurnNotice,
    TurnStarted,
    VacationStarted,
)
from spieltisch.server.table.finishing import Finishing
from spieltisch.server.table.leaving import Leaving, own_level
from spieltisch.server.table.notices import is_notice, kind_and_data
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.scheduler import Scheduler
from spieltisch.store import Database
from spieltisch.store.clock import OnTimeout
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import TableStatus
from spieltisch.store.turns import Span, TurnStore, due_at, moment

logger = logging.getLogger("spieltisch.server")

NOTICE = "notice"
"""The other processes' news of notices stored at a table: the table and the rows' ids."""


def mover(room: Room) -> int | None:
    """The seat of the person to move at a running, turn-based table (None: nobody's
    clock runs: a computer or chance to move, the game over)."""
    clock = room.clock
    if clock is None or not clock.turn_based or room.table.status != TableStatus.RUNNING:
        return None
    seat = room.to_move()
    if seat is None or room.state.is_chance_node() or room.controller(seat) is not None:
        return None
    return seat


def turn_deadlines(room: Room, seat: int, vacations: Sequence[Span]) -> tuple[float, float]:
    """When the seat's move's days are over, and when its bank is gone too, the clock
    standing still during `vacations`."""
    clock = room.clock
    assert clock is not None
    bank = (room.seats[seat].time_left_ms or 0) / 1000
    days = clock.seconds or 0.0
    return (
        due_at(room.turn_started, days, vacations),
        due_at(room.turn_started, days + bank, vacations),
    )


class Turns:
    def __init__(
        self,
        database: Database,
        cluster: Cluster,
        publisher: Publisher,
        scheduler: Scheduler,
        finishing: Finishing,
        leaving: Leaving,
        load: Callable[[str], Awaitable[Room]],
        now: Callable[[], float],
        check_seconds: float,
    ) -> None:
        self.store = TurnStore(database)
        self.cluster = cluster
        self.publisher = publisher
        self.scheduler = scheduler
        self.finishing = finishing
        self.leaving = leaving
        self.load = load
        self.now = now
        self.check_seconds = check_seconds
        """How often the sweep looks for deadlines that have come."""
        self.tasks: set[asyncio.Task[None]] = set()

    # -- a new turn --------------------------------------------------------------------------

    def started(self, room: Room) -> None:
        """The scheduler's hook (holding the room's lock): a new position at a
        turn-based table: its deadline is worked out and stored once the lock is free."""
        room.tasks["turn"] = asyncio.create_task(self._store(room, room.seq))

    async def _store(self, room: Room, seq: int) -> None:
        async with self.publisher.holding(room) as events:
            if room.seq == seq:
                try:
                    events += await self.refresh(room)
                except UNAVAILABLE:
                    logger.warning("table %s: its deadline could not be stored", room.id)

    def following(self, room: Room) -> None:
        """The scheduler's hook at a process that does not hold the table (holding the
        room's lock): a new position, or the table changed: the deadline is worked out
        for this process's pages once the lock is free (`follow`)."""
        room.tasks["turn"] = asyncio.create_task(self._follow(room, room.seq))

    async def _follow(self, room: Room, seq: int) -> None:
        async with self.publisher.holding(room) as events:
            if room.seq == seq and not self.cluster.owns(room.id):
                try:
                    events += await self.follow(room)
                except UNAVAILABLE:
                    logger.warning("table %s: its deadline could not be read", room.id)

    async def follow(self, room: Room) -> Events:
        """Work out the deadline of the person to move as the holder does, from the
        mover's vacations in the database, for the clock of this process's pages (a
        process that does not hold the table: it stores and tells nothing; holding the
        room's lock). `DeadlineFollowed` when it is new here."""
        seat = mover(room)
        if seat is None:
            return []
        _move_ends, bank_ends = turn_deadlines(room, seat, await self._vacations(room, seat))
        if room.followed == (room.seq, bank_ends):
            return []
        room.followed = (room.seq, bank_ends)
        return [DeadlineFollowed(room.seq)]

    async def _vacations(self, room: Room, seat: int) -> list[Span]:
        account = room.seats[seat].account_id
        if account is None or room.table.tournament_id is not None:
            return []
        room.vacations = await self.store.vacations(account, room.turn_started)
        return room.vacations

    async def refresh(self, room: Room, force: bool = False) -> Events:
        """Work out and store the deadline of the person to move (holding the room's
        lock); told (`TurnStarted`) when it is new. `force`: written even when memory
        has it already (the database's may be older)."""
        room.followed = None  # this process holds the table: what it tells is the clock
        seat = mover(room)
        if seat is None:
            await self._write(room, None, force)
            return []
        move_ends, bank_ends = turn_deadlines(room, seat, await self._vacations(room, seat))
        bank_left = bank_ends > move_ends and room.bank_told != room.seq
        if bank_left and await self._bank_told(room):
            room.bank_told, bank_left = room.seq, False
        await self._write(room, move_ends if bank_left else bank_ends, force)
        if room.told == (room.seq, bank_ends):
            return []
        room.told = (room.seq, bank_ends)
        account = room.seats[seat].account_id
        return [TurnStarted(seat, account, room.seq, moment(bank_ends), moment(move_ends))]

    async def _bank_told(self, room: Room) -> bool:
        return await self.store.noticed(room.id, room.seq, "bank")

    async def _write(self, room: Room, deadline: float | None, force: bool) -> None:
        if room.deadline_stored and deadline == room.deadline and not force:
            return
        await self.store.set_deadline(room.id, deadline)
        room.deadline, room.deadline_stored = deadline, True

    # -- the sweep ---------------------------------------------------------------------------

    async def keep_sweeping(self) -> None:
        """Sweep every `check_seconds`: a process's task."""
        while True:
            try:
                await self.sweep()
            except UNAVAILABLE:
                logger.warning("the sweep for turn-based deadlines found the database away")
            except Exception:
                logger.exception("the sweep for turn-based deadlines failed; trying again")
            await asyncio.sleep(self.check_seconds)

    async def sweep(self) -> list[str]:
        """Act at every table whose deadline has come that this process may hold; their
        ids."""
        due = await self.store.due(self.now())
        acted = []
        for table_id in due:
            if not await self.cluster.claim(table_id):
                continue  # another process holds it and acts
            try:
                room = await self.load(table_id)
                async with self.publisher.holding(room) as events:
                    events += await self.act(room)
            except UNAVAILABLE:
                raise
            except Exception:  # one table's trouble must not hold up the others' deadlines
                logger.exception("table %s: its deadline could not be acted on", table_id)
                continue
            acted.append(table_id)
        return acted

    async def act(self, room: Room) -> Events:
        """What the deadline of the person to move calls for now (holding the lock)."""
        seat = mover(room)
        if seat is None:
            return await self.refresh(room, force=True)
        now = self.now()
        move_ends, bank_ends = turn_deadlines(room, seat, await self._vacations(room, seat))
        if now < move_ends:
            return await self.refresh(room, force=True)
        account = room.seats[seat].account_id
        if now < bank_ends:
            if room.bank_told == room.seq or await self._bank_told(room):
                room.bank_told = room.seq
                return await self.refresh(room, force=True)
            bank_ms = room.seats[seat].time_left_ms or 0
            used = TimeBankUsed(seat, account, room.seq, bank_ms, moment(bank_ends))
            await self.note(room, [used])
            room.bank_told = room.seq
            return [used, *await self.refresh(room)]
        return await self._ran_out(room, seat, account)

    async def _ran_out(self, room: Room, seat: int, account: int | None) -> Events:
        """The seat's time ran out: the computer plays this turn at the person's level,
        or they lose (the table's `on_timeout`)."""
        clock = room.clock
        assert clock is not None
        await self._write(room, None, force=True)
        if clock.on_timeout == OnTimeout.LOSE:
            ran_out = ClockRanOut(seat, None, True, account, room.seq)
            await self.note(room, [ran_out])
            handed = await self.finishing.computer_plays(room, seat, HandOverReason.TIMED_OUT)
            return [ran_out, *handed]
        level = "medium"
        if account is not None:
            level = own_level(
                room.table.game, await self.leaving.rating_of(room.table.game, account)
            )
        ran_out = ClockRanOut(seat, level, True, account, room.seq)
        await self.note(room, [ran_out])
        room.tasks["ai"] = asyncio.create_task(
            self.scheduler.computer_move(room, room.seq, seat, level, 0.0, [ran_out])
        )
        return []

    # -- vacations ---------------------------------------------------------------------------

    async def vacation_taken(self, account: int, until: float) -> int:
        """`account` went on vacation until `until`: every turn-based game of theirs (not a
        tournament's) is told, and the deadlines move. How many games."""
        tables = await self.store.tables_of(account, tournaments=False)
        for table_id in tables:
            room = await self.load(table_id)
            async with self.publisher.holding(room) as events:
                seats = [i for i, seat in enumerate(room.seats) if seat.held_by(account)]
                told: list[TurnNotice] = [VacationStarted(s, account, moment(until)) for s in seats]
                await self.note(room, told)
                events += told
                events += await self._moved(room)
        return len(tables)

    async def bank_changed(self, room: Room) -> Events:
        """The table's creator gave a seat days in its time bank (`extending.py`, holding
        the room's lock): the deadline of the person to move is later if it was theirs."""
        return await self._moved(room)

    async def _moved(self, room: Room) -> Events:
        """The deadline of `room` moved (a vacation began or ended, a bank grew): worked
        out again here, and the other processes are told that the table changed (they
        read it again and set the turn going again): the one holding the table stores
        and tells the new deadline (`refresh`), the others work it out for their own
        pages (`follow`)."""
        await self.cluster.announce("changed", room.id)
        if self.cluster.owns(room.id):
            return await self.refresh(room, force=True)
        return await self.follow(room)

    async def vacation_ended(self, account: int) -> None:
        """`account` ended their vacation early: their deadlines move back."""
        for table_id in await self.store.tables_of(account, tournaments=False):
            room = await self.load(table_id)
            async with self.publisher.holding(room) as events:
                events += await self._moved(room)

    # -- the log -----------------------------------------------------------------------------

    async def recent(self, room: Room, connection: Connection) -> list[NoticeOut]:
        """The table's latest notices in the connection's language, for a connection that
        just opened (what happened while nobody looked is in the log too)."""
        if room.clock is None or not room.clock.turn_based:
            return []
        rows = await self.store.recent(room.id)
        return [notices.stored(room, row, connection.language) for row in rows]

    async def note(self, room: Room, told: Sequence[Event]) -> None:
        """Store the notices among `told` in the table's log."""
        notices = [event for event in told if is_notice(event)]
        if not notices:
            return
        told_ = [(*kind_and_data(event), event.seat) for event in notices]
        rows = [(kind, seat, data) for kind, data, seat in told_]
        await self.store.add_notices(room.id, room.seq, rows, self.now(), self._news(room.id))

    def _news(self, table_id: str) -> Callable[[AsyncSession, list[int]], Awaitable[None]]:
        """The other processes' news of notices stored (sent when they commit): each
        tells its own connections (`hearing.py`); the alerts and emails stay here."""

        async def news(session: AsyncSession, ids: list[int]) -> None:
            await self.cluster.publish(session, NOTICE, table_id, *ids)

        return news
