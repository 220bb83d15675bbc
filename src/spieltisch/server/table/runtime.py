"""Tables in play: the rooms this process holds, and the one place that puts the table's
jobs together (lichess's round, boardgame.io's master):

- `room.py` — the room and its seats; `storage.py` — every query it makes;
- `loading.py` — loading, recovery and catching up with other processes; `hearing.py` —
  what the other processes' news brings;
- `moves.py` — submitting and committing a move; `scheduler.py` — chance, computer seats,
  clocks and round time; `presence.py` — who is here; `takebacks.py`, `chat.py`;
- `finishing.py` — the result, seats handed over, hooks;
- `events.py` — what happened, as each of these returns it; `publish.py` — the one
  publisher, which tells it (`view.py` renders the state message).

A command holds the room's lock, returns events and sends nothing; the publisher tells
them before the lock is let go (`Publisher.holding`). Storage and transport are passed in
(a `TableStorage`; connections are outboxes the transport empties), so all of this runs
in-process in tests, without a server.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence

from spieltisch.server.description.privacy import table_for
from spieltisch.server.infra.cluster import Cluster, SingleProcess
from spieltisch.server.infra.settings import Settings
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.refusal import Refusal
from spieltisch.server.schemas.messages import (
    AckOut,
    PresenceOut,
    ServerMessage,
    StateOut,
    TableOut,
    TakebackOut,
)
from spieltisch.server.table import view
from spieltisch.server.table.abandoning import Abandoning
from spieltisch.server.table.away_book import AwayBook
from spieltisch.server.table.background import Background, cancel
from spieltisch.server.table.chat import Chat
from spieltisch.server.table.events import (
    Event,
    Events,
    PositionAsked,
    Refused,
    Replied,
    TableChanged,
    TakebackApplied,
    TakebackAsked,
)
from spieltisch.server.table.extending import Extending
from spieltisch.server.table.finishing import Finishing
from spieltisch.server.table.hearing import Hearing
from spieltisch.server.table.idle import Idle
from spieltisch.server.table.leaving import Choice, Leaving
from spieltisch.server.table.loading import load
from spieltisch.server.table.moves import Moves
from spieltisch.server.table.pausing import SETTLE_SECONDS, Pausing
from spieltisch.server.table.presence import Presence
from spieltisch.server.table.publish import Publisher, takeback_message
from spieltisch.server.table.room import Connection, Room, SeatState
from spieltisch.server.table.scheduler import Scheduler
from spieltisch.server.table.storage import TableStorage
from spieltisch.server.table.takebacks import Takebacks
from spieltisch.server.table.turns import Turns
from spieltisch.store import Database
from spieltisch.store.models import TableStatus

logger = logging.getLogger("spieltisch.server")


class Runtime:
    """Every table this process has in memory, and the work that keeps them going."""

    def __init__(
        self,
        database: Database,
        pool: WorkerPool,
        settings: Settings,
        cluster: Cluster | None = None,
        storage: TableStorage | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.database = database
        self.now = now
        """The wall clock of away times and turn-based deadlines (tests move one)."""
        self.pool = pool
        self.settings = settings
        self.cluster: Cluster = cluster or SingleProcess()
        self.storage = storage or TableStorage(database, self.cluster)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.background = Background()
        self.idle = Idle(self.rooms, settings, self.background, self.room)
        self.publisher = Publisher(self.cluster, self.background)
        self.presence_of = Presence(settings.claim_after_seconds, now)
        self.finishing = Finishing(self.storage, self.presence_of, self.background)
        self.on_finish = self.finishing.on_finish
        self.moves = Moves(self.storage, self.cluster)
        self.scheduler = Scheduler(
            settings,
            pool,
            self.cluster,
            self.storage,
            self.moves,
            self.finishing,
            self.publisher,
            self.idle.release,
        )
        self.chat = Chat(self.storage)
        self.takebacks = Takebacks(self.moves, self.storage)
        self.leaving = Leaving(
            self.room, self.storage, self.publisher, self.presence_of, self.finishing
        )
        self.pausing = Pausing(self.storage, self.cluster, self.publisher, self.background)
        self.abandoning = Abandoning(
            self.storage, self.rooms, self.publisher, settings.abandon_after_seconds, now
        )
        self.turns = Turns(
            database,
            self.cluster,
            self.publisher,
            self.scheduler,
            self.finishing,
            self.leaving,
            self.room,
            now,
            settings.turn_check_seconds,
        )
        self.scheduler.on_turn = self.turns.started
        self.scheduler.on_follow = self.turns.following
        self.extending = Extending(self.room, self.storage, self.publisher, self.turns.bank_changed)
        self.publisher.subscribers += [
            self.scheduler.follow,
            self.finishing.follow,
            self.pausing.follow,
            self.abandoning.follow,
            AwayBook(self.storage, self.rooms, self.background).follow,
        ]
        self.hearing = Hearing(
            self.rooms,
            self._loading,
            self.cluster,
            self.storage,
            self.publisher,
            self.presence_of,
            self.moves,
            self.chat,
            self.takebacks,
            self.scheduler,
            self.turns.store,
            self.room,
            self.on_changed,
        )
        """What this process does with the other processes' news (the cluster's listener)."""

    # -- loading and recovery -------------------------------------------------------------

    async def room(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(table_id)
            if room is None:
                room = await load(self.storage, table_id)
                room.hold_seconds = self.settings.takeback_seconds
                room.now = self.now
                self.rooms[table_id] = room
                self.idle.awake(table_id)  # opened before its deadline: set going below
                await self.cluster.announce("ask", table_id)  # who is here elsewhere
                async with self.publisher.holding(room) as events:
                    events += await self.scheduler.advance(room)
        if self._loading.get(table_id) is lock and not lock.locked():
            del self._loading[table_id]  # one lock per table ever opened would pile up
        return room

    async def recover(self) -> int:
        """Rebuild every running table from its move log and set it going again."""
        mine = [t for t in await self.storage.running() if await self.cluster.claim(t)]
        grace = 0.0 if isinstance(self.cluster, SingleProcess) else SETTLE_SECONDS
        for table_id in mine:
            self.pausing.settle(await self.room(table_id), grace)  # its person away: paused
        if mine:
            logger.info("recovered %d running tables", len(mine))
        return len(mine)

    async def claim(self, table_id: str) -> bool:
        """Own `table_id` (play its computer seats and clocks) if no other process does."""
        return await self.cluster.claim(table_id)

    def owns(self, table_id: str) -> bool:
        return self.cluster.owns(table_id)

    async def release(self, table_id: str) -> None:
        """Let go of `table_id` claimed for a start that was refused."""
        await self.cluster.release(table_id)

    async def changed(self, table_id: str) -> None:
        """The lobby changed a table (seats, start, rematch): refresh it and tell everyone,
        the other processes too."""
        await self.cluster.announce("changed", table_id)
        await self.on_changed(table_id)

    async def on_changed(self, table_id: str) -> None:
        room = self.rooms.get(table_id)
        if room is None:
            return
        found = await self.storage.described(table_id)
        if found is None:
            return
        table, seats, described = found
        async with self.publisher.holding(room) as events:
            was = room.table.status
            room.table = table
            room.seats = [SeatState.of(seat) for seat in seats]
            room.names = {s.account: s.name for s in described.seats if s.account and s.name}
            room.reseat()
            events.append(TableChanged(described, was, table.status))
            if was == TableStatus.OPEN and table.status == TableStatus.RUNNING:
                clock = room.clock
                turn_based = clock is not None and clock.turn_based
                room.turn_started = self.now() if turn_based else time.time()
                events += await self.scheduler.advance(room)
            elif was == TableStatus.RUNNING:
                # A seat given up or handed to the computer in another process: the
                # owner plays it now, and a game ended that way shows its result.
                events += self.presence_of.tell(room)

    def seat_for(self, room: Room, account: int | None, wanted: int | None) -> int | None:
        return room.seat_of(account, wanted)

    # -- who is here ---------------------------------------------------------------------

    def enter(self, room: Room, connection: Connection) -> None:
        """A connection opens: it gets the position and who is here; the others are told
        when its seat comes back."""
        room.connections.add(connection)
        if "idle" in room.tasks:
            room.tasks.pop("idle").cancel()
        if room.id not in self.rooms:  # forgotten idle just before: in memory again
            self.rooms[room.id] = room
            self.idle.awake(room.id)
            self.scheduler.schedule(room)
        events: Events = [PositionAsked(connection, connection.last_seq)]
        self.publisher.publish(room, events + self.presence_of.tell(room, always=connection))

    def leave(self, room: Room, connection: Connection) -> None:
        """A connection closed or dropped: its seat is away once no other is open."""
        room.connections.discard(connection)
        self.publisher.publish(room, self.presence_of.tell(room))
        self.idle.release(room)

    def presence(self, room: Room) -> PresenceOut:
        return self.presence_of.of(room)

    # -- leaving ---------------------------------------------------------------------------

    async def hand_over(
        self, table_id: str, account: int, seat: int | None, choice: Choice | None = None
    ) -> TableOut:
        """Give one's seat up, or choose for another's away (`leaving.Leaving.hand_over`)."""
        return await self.leaving.hand_over(table_id, account, seat, choice)

    # -- moves ------------------------------------------------------------------------------

    async def submit(self, room: Room, seat: int, seq: int, move: str) -> AckOut:
        """Apply `move` for `seat` in position `seq`; Refusal (changing nothing) otherwise."""
        async with self.publisher.holding(room) as events:
            ack, played = await self.moves.submit(room, seat, seq, move)
            events += played
        return ack

    # -- takebacks and chat -------------------------------------------------------------------

    async def ask_takeback(self, room: Room, seat: int) -> TakebackOut:
        """`seat` (a person's) asks to take back its last move (`takebacks.py`)."""
        async with self.publisher.holding(room) as events:
            events += await self.takebacks.ask(room, seat)
        return _takeback_told(events)

    async def answer_takeback(self, room: Room, seat: int, accept: bool) -> TakebackOut:
        """The person of `seat` accepts or declines the takeback asked."""
        async with self.publisher.holding(room) as events:
            events += await self.takebacks.answer(room, seat, accept)
        return _takeback_told(events)

    async def answer_takeback_as(self, room: Room, account: int, accept: bool) -> TakebackOut:
        """The person of `account` answers for each of their seats the takeback waits for."""
        async with self.publisher.holding(room) as events:
            events += await self.takebacks.answer_as(room, account, accept)
        return _takeback_told(events)

    async def takeback_waits_for(self, room: Room) -> set[int]:
        """The seats whose answer the takeback asked at the table waits for (none)."""
        async with self.publisher.holding(room) as events:
            waiting, caught_up = await self.takebacks.waiting_for(room)
            events += caught_up
        return waiting

    async def say(self, room: Room, account: int, text: str) -> None:
        """Store a chat line (already `chat.clean`) and tell it to whoever hears the chat."""
        async with self.publisher.holding(room) as events:
            events += await self.chat.say(room, account, text)

    # -- what one connection asks for -----------------------------------------------------------

    async def opened(self, room: Room, connection: Connection, table: TableOut) -> None:
        """A connection opened (under the room's lock: no news falls between what it reads
        and its joining): its view of the table, recent chat and notices, then `enter`."""
        events: Events = [Replied(connection, table_for(table, connection.account_id))]
        events += await self.chat.history(room, connection)
        events += [Replied(connection, m) for m in await self.turns.recent(room, connection)]
        self.publisher.publish(room, events)
        self.enter(room, connection)

    def send_state(self, room: Room, connection: Connection, since: int) -> None:
        """The position and the entries after `since`, to one connection (holding the
        room's lock)."""
        self.publisher.publish(room, [PositionAsked(connection, since)])

    def state_message(self, room: Room, seat: int | None, lang: str, since: int) -> StateOut:
        return view.state_message(room, seat, lang, since)

    def refuse(
        self, room: Room, connection: Connection, refused: Refusal, seq: int | None = None
    ) -> None:
        self.publisher.publish(room, [Refused.of(connection, refused, seq)])

    def reply(self, room: Room, connection: Connection, message: ServerMessage) -> None:
        self.publisher.publish(room, [Replied(connection, message)])

    async def close(self) -> None:
        self.scheduler.closing = True
        self.idle.close()
        await cancel(
            [
                *(task for room in self.rooms.values() for task in room.tasks.values()),
                *self.background.tasks,
                *self.abandoning.background.tasks,
            ]
        )


def _takeback_told(events: Sequence[Event]) -> TakebackOut:
    """What the takeback's last event told the table (the answer to its request)."""
    last = [event for event in events if isinstance(event, TakebackAsked | TakebackApplied)]
    return takeback_message(last[-1])
