"""The scheduler of a table: what happens next without a person — pending chance drawn,
computer seats asked (here, or in the worker pool when their level searches), move and
game clocks, the round time — only in the process that owns the table (`cluster`)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence

from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.infra.metrics import pending_computer_move
from spieltisch.server.infra.settings import Settings
from spieltisch.server.infra.workers import (
    WorkerPool,
    choose,
    choose_move,
    inline_level,
    quick_level,
)
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.table.events import (
    ClockRanOut,
    Event,
    Events,
    HandOverReason,
    RefusalAfter,
    TableAborted,
    keeping,
    moves_on,
)
from spieltisch.server.table.finishing import Finishing
from spieltisch.server.table.first_move import abort_unbegun, first_move_missed
from spieltisch.server.table.loading import refresh
from spieltisch.server.table.moves import Moves
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room, wall
from spieltisch.server.table.storage import TableStorage
from spieltisch.server.table.takeback_rule import held_roll_at
from spieltisch.store.clock import ClockMode, OnTimeout
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.log_entries import effective
from spieltisch.store.models import SeatKind, TableStatus

logger = logging.getLogger("spieltisch.server")

RETRY_SECONDS = 1.0
"""How soon computer seats, clocks and pending chance try again after the database was
away."""


class Scheduler:
    def __init__(
        self,
        settings: Settings,
        pool: WorkerPool,
        cluster: Cluster,
        storage: TableStorage,
        moves: Moves,
        finishing: Finishing,
        publisher: Publisher,
        release: Callable[[Room], None],
    ) -> None:
        self.settings = settings
        self.pool = pool
        self.cluster = cluster
        self.storage = storage
        self.moves = moves
        self.finishing = finishing
        """Hands a seat to the computer: a person out of time loses so under the table's
        `on_timeout: lose`."""
        self.publisher = publisher
        """Tells what the scheduler's own tasks did (a computer's move, a clock run out)."""
        self.release = release
        """Forgets an idle room (the runtime's): a finished table nobody watches leaves
        memory, a running one after a while without moves."""
        self.closing = False
        self.on_turn: Callable[[Room], None] | None = None
        """Turn-based tables: told of each new position instead of a clock set going
        (`turns.Turns.started`: the deadline kept in the database)."""
        self.on_follow: Callable[[Room], None] | None = None
        """Turn-based tables held by another process: told of each new position and
        change, for the clock this process's pages show (`turns.Turns.following`)."""

    def follow(self, room: Room, events: Sequence[Event]) -> None:
        """The publisher's subscriber: a new position (or seats changed, the table
        aborted) sets the next turn going."""
        if any(moves_on(event) for event in events):
            self.schedule(room)

    async def advance(self, room: Room) -> Events:
        """Draw pending chance outcomes (the deal at the start) and set AI and clocks going;
        only in the process that owns the table; with the database away, try again a
        little later (call it holding the room's lock)."""
        events: Events = []
        with keeping(events):
            try:
                if room.stale:
                    events += await refresh(self.storage, room)
                if room.table.status != TableStatus.RUNNING:
                    return events
                if not await self.cluster.claim(room.id):
                    self._follow(room)  # another process holds it
                    return events
                if room.state.is_chance_node() and self._roll_in(room) <= 0:
                    events += await self._draw(room)
                else:
                    self.schedule(room)
            except Refusal as refused:
                if refused.code != Code.DATABASE_UNAVAILABLE:
                    raise
                self.retry_later(room)
        return events

    async def _draw(self, room: Room) -> Events:
        """Draw the pending chance outcomes (holding the room's lock)."""
        try:
            return await self.moves.play(room, None)
        except Refusal as refused:
            if refused.code != Code.STALE_SEQ:  # else another process drew it first
                raise
            return refused.events if isinstance(refused, RefusalAfter) else []

    def _roll_in(self, room: Room) -> float:
        """Seconds until the roll after a person's move may be drawn (`Moves.hold_seconds`,
        the moment to take the move back); 0 when nothing waits."""
        due = held_roll_at(room)
        return 0.0 if due is None else max(0.0, due - time.time())

    async def _held_roll(self, room: Room, seq: int, delay: float) -> None:
        """The roll after a person's move, once its takeback moment is over; while a
        takeback asked of other people waits for their answer, the roll waits too."""
        await asyncio.sleep(delay)
        async with self.publisher.holding(room) as events:
            if room.seq != seq or room.table.status != TableStatus.RUNNING:
                return
            asked = room.asked
            if asked is not None and asked.open_at(seq) and asked.waiting:
                room.tasks["roll"] = asyncio.create_task(
                    self._held_roll(room, seq, room.hold_seconds)
                )
                return
            try:
                events += await self._draw(room)
            except Refusal as refused:
                if refused.code != Code.DATABASE_UNAVAILABLE:
                    raise
                self.retry_later(room)

    def retry_later(self, room: Room) -> None:
        """Set the table going again once the database may be back."""

        async def retry() -> None:
            await asyncio.sleep(RETRY_SECONDS)
            async with self.publisher.holding(room) as events:
                events += await self.advance(room)

        if not self.closing:
            room.tasks["retry"] = asyncio.create_task(retry())

    def schedule(self, room: Room) -> None:
        """Cancel what waited for the last position and set going what waits for this one:
        the round time, the computer seat to move, or the clock of the person to move."""
        current = asyncio.current_task()
        for task in room.tasks.values():
            if task is not current:
                task.cancel()
        room.tasks.clear()
        room.wake_at = None
        if not self.closing and room.table.status == TableStatus.RUNNING:
            if self.cluster.owns(room.id):
                self._set_going(room)
            else:
                self._follow(room)
        self.release(room)  # a finished table, or one idle, nobody watches leaves memory

    def _follow(self, room: Room) -> None:
        """At a process that does not hold the table: a turn-based deadline is worked out
        for its pages all the same (the holder acts at it)."""
        clock = room.clock
        if clock is not None and clock.turn_based and self.on_follow is not None:
            self.on_follow(room)

    def _set_going(self, room: Room) -> None:
        """Start the round time, the computer seat to move or the person's clock (none
        while the game is paused: its person is away, `pausing.py`)."""
        if room.table.paused_at is not None:
            return
        clock = room.clock
        turn_based = clock is not None and clock.turn_based
        if turn_based and self.on_turn is not None:
            self.on_turn(room)
        deadlines = []
        round_seconds = clock.round_seconds if clock is not None else None
        if round_seconds and "time" not in room.state.history():
            deadlines.append(wall(room.table.started_at) + round_seconds)
            delay = max(0.0, deadlines[-1] - time.time())
            room.tasks["round"] = asyncio.create_task(self._round_time(room, delay))
        abort_after = self.settings.abort_unplayed_seconds
        if (
            abort_after is not None
            and not turn_based
            and room.table.tournament_id is None
            and any(seat.kind == SeatKind.HUMAN for seat in room.seats)
            and not _played(room)
        ):
            deadlines.append(wall(room.table.started_at) + abort_after)
            delay = max(0.0, deadlines[-1] - time.time())
            room.tasks["abort"] = asyncio.create_task(self._abort_unplayed(room, delay))
        if room.state.is_chance_node():  # the roll after a person's move, held a moment
            delay = self._roll_in(room)
            deadlines.append(time.time() + delay)
            room.tasks["roll"] = asyncio.create_task(self._held_roll(room, room.seq, delay))
        seat = room.to_move()
        level = None if seat is None else room.controller(seat)
        if seat is not None and level is not None:
            room.tasks["ai"] = asyncio.create_task(
                self.computer_move(room, room.seq, seat, level, self.settings.ai_pace)
            )
        elif seat is not None and clock is not None and clock.mode is not None and not turn_based:
            left = room.seats[seat].time_left_ms
            if clock.mode == ClockMode.MOVE:
                left = clock.move_ms(seat)
            deadlines.append(room.turn_started + (left or 0) / 1000)
            room.tasks["clock"] = asyncio.create_task(
                self._time_out(room, room.seq, seat, max(0.0, deadlines[-1] - time.time()))
            )
        room.wake_at = min(deadlines, default=None)

    async def computer_move(
        self, room: Room, seq: int, seat: int, level: str, pause: float, why: Sequence[Event] = ()
    ) -> None:
        """The computer plays `seat`'s move in position `seq` (`why`: what led to it, told
        with it)."""
        try:
            await asyncio.sleep(pause)
            with pending_computer_move(level):
                move = await self._think(room, level)
            async with self.publisher.holding(room) as events:
                if room.seq == seq:
                    _ack, played = await self.moves.submit(room, seat, seq, move)
                    events += [*why, *played]
        except Refusal as refused:
            if refused.code == Code.DATABASE_UNAVAILABLE:
                self.retry_later(room)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception(
                "computer seat %s of table %s failed", seat, room.id, extra={"table_id": room.id}
            )

    async def _think(self, room: Room, level: str) -> str:
        """The move of the computer seat to move at `level`: a level that never searches
        (`inline_level`) chooses it here on the event loop, in less time than handing it
        to a worker would cost; a searching one thinks in the worker pool."""
        budget = self.settings.ai_budget
        if inline_level(room.state.game, level):
            return choose(room.state.clone(), level, budget)
        history = effective(item.entry for item in room.log)  # takebacks withdrawn
        return await self.pool.run(
            choose_move,
            room.table.game,
            room.table.options,
            history,
            level,
            budget,
            room.id,
            account=room.table.created_by,
            table=room.id,
            kind=(room.table.game, level),
            quick=quick_level(level, budget),
        )

    async def _time_out(self, room: Room, seq: int, seat: int, delay: float) -> None:
        """The seat's time is up: the `easy` level plays this move for it (or, with the
        table's `on_timeout: lose`, a person loses as if they had resigned)."""
        await asyncio.sleep(delay)
        if room.seq != seq:
            return
        clock = room.clock
        if clock is None:
            return
        lose = clock.on_timeout == OnTimeout.LOSE or left_alone(room, seat)
        if lose and room.controller(seat) is None:
            async with self.publisher.holding(room) as events:
                if room.seq == seq and room.table.status == TableStatus.RUNNING:
                    try:
                        if first_move_missed(room, seat):  # an abort, not a loss
                            events += await abort_unbegun(self.storage, room, seat)
                            return
                        handed = await self.finishing.computer_plays(
                            room, seat, HandOverReason.TIMED_OUT
                        )
                        events += [ClockRanOut(seat), *handed]
                    except Refusal as refused:
                        if refused.code != Code.DATABASE_UNAVAILABLE:
                            raise
                        self.retry_later(room)  # try again when the database is back
            return
        if clock.mode == ClockMode.GAME:
            room.seats[seat].time_left_ms = 0
        await self.computer_move(room, seq, seat, "easy", 0.0, [ClockRanOut(seat)])

    async def _abort_unplayed(self, room: Room, delay: float) -> None:
        """Nobody has moved since the start: abort the table unless a person is at it
        (one who leaves without moving is forgotten idle and woken for this again)."""
        await asyncio.sleep(delay)
        async with self.publisher.holding(room) as events:
            if room.table.status != TableStatus.RUNNING or _played(room) or room.seated_anywhere():
                return
            ending = {"how": "aborted", "by": None}
            try:
                aborted = await self.storage.abort(room.id, ending)
            except UNAVAILABLE:
                self.retry_later(room)
                return
            if aborted:
                room.table.status, room.table.ending = TableStatus.ABORTED, ending
                logger.info(
                    "table %s: aborted, nobody moved after the start",
                    room.id,
                    extra={"table_id": room.id},
                )
                events.append(TableAborted(None, aborted))
            else:
                room.stale = True
                self.schedule(room)

    async def _round_time(self, room: Room, delay: float) -> None:
        """The round time is up after `delay` seconds."""
        await asyncio.sleep(delay)
        await self.call_time(room)

    async def call_time(self, room: Room) -> None:
        """The round time is up: the referee's `time` event, applied by the server (once;
        the tests call it where a round clock would)."""
        async with self.publisher.holding(room) as events:
            if room.table.status != TableStatus.RUNNING or "time" in room.state.history():
                return
            try:
                events += await self.moves.play(room, ("time", None))
            except Refusal as refused:
                if refused.code == Code.DATABASE_UNAVAILABLE:
                    self.retry_later(room)


TIMEOUTS_AWAY = 3
"""How many times in a row a person's move clock may run out while nobody plays with
them and they are not at the table, before their seat is handed over as out of time."""


def left_alone(room: Room, seat: int) -> bool:
    """Whether `seat`'s time running out now hands it over as if it had lost on time: its
    person is not at the table, no other person plays there (nobody to claim the seat),
    and its clock has run out `TIMEOUTS_AWAY` times in a row (a game clock: once, its time
    is gone). Else the computers would play on alone behind a person who never came (a
    one-second clock made a table of computers only that no limit counted); with the
    seat handed over, nobody is left and the game ends (`finishing.computers_left`)."""
    if seat in room.seated_anywhere() or room.table.tournament_id is not None:
        room.timed_out_away.pop(seat, None)
        return False
    if any(
        info.kind == SeatKind.HUMAN and not info.handed and index != seat
        for index, info in enumerate(room.seats)
    ):
        return False
    room.timed_out_away[seat] = room.timed_out_away.get(seat, 0) + 1
    clock = room.clock
    game_clock = clock is not None and clock.mode == ClockMode.GAME
    return game_clock or room.timed_out_away[seat] >= TIMEOUTS_AWAY


def _played(room: Room) -> bool:
    """Whether a person has made a move at the table (chance and computers do not count)."""
    people = {index for index, seat in enumerate(room.seats) if seat.kind == SeatKind.HUMAN}
    return any(item.seat in people for item in room.log)
