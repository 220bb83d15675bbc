"""Tables in play: the position in memory, its connections, moves, AI seats and clocks.

A move is checked by the engine, written to the move log with any chance outcomes it
leads to (drawn with `secrets.SystemRandom`) and committed, and only then sent: each
connection gets `view(its seat)` and its own legal moves. The memory is only a cache of
the database; `load` rebuilds a table from its log, which is how the server recovers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fastapi import WebSocket
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

import spieltisch
from spieltisch.core import State
from spieltisch.core.i18n import LANGUAGES
from spieltisch.core.records import ends_by_resigning, resigned_result
from spieltisch.server import parts
from spieltisch.server.ai import WorkerPool, choose_move
from spieltisch.server.cluster import SingleProcess
from spieltisch.server.i18n import _
from spieltisch.server.lobby import LobbyError, describe_table, names, seats_of
from spieltisch.server.messages import (
    AckOut,
    ChatOut,
    ClockOut,
    ErrorOut,
    LegalMove,
    LogEntryOut,
    PresenceOut,
    SeatPresence,
    ServerMessage,
    StateOut,
)
from spieltisch.server.privacy import may_see, table_for
from spieltisch.server.resign import HANDED_LEVEL
from spieltisch.server.settings import Settings
from spieltisch.store import Database
from spieltisch.store.append import Append, append_at_once
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.group import GroupCommit
from spieltisch.store.models import ChatMessage, GameTable, MoveEntry, Seat, now

log = logging.getLogger("spieltisch.server")
RECENT = 50
RETRY_SECONDS = 1.0
"""How soon computer seats, clocks and pending chance try again after the database was
away."""
"""How many entries a state message carries at most, and keeps described in memory."""


@dataclass
class LogItem:
    seq: int
    entry: str
    seat: int | None
    words: dict[str, str] | None = None
    turn: int | None = None
    """For a chance outcome: whose turn it belongs to (whose die), where there is one."""


@dataclass
class SeatState:
    kind: str
    account_id: int | None
    ai_level: str | None
    """For a computer seat its level; for a person's seat, set once they gave it up."""
    time_left_ms: int | None

    @property
    def handed(self) -> bool:
        """A person's seat given up (resigned, or claimed by the others while away)."""
        return self.kind == "human" and self.ai_level is not None

    def played_by(self, account: int | None) -> bool:
        """Whether `account` plays this seat now (it sits here and has not given it up)."""
        return (
            account is not None
            and self.kind == "human"
            and self.account_id == account
            and self.ai_level is None
        )


@dataclass(eq=False)
class Connection:
    """One WebSocket: its account, the seat it plays (None: watching) and its language."""

    websocket: WebSocket
    account_id: int | None
    seat: int | None
    language: str
    address: str | None = None
    name: str | None = None
    """The account's name (shown to the table when it watches)."""
    last_seq: int = 0
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    def send(self, message: ServerMessage) -> None:
        self.send_text(message.model_dump_json(exclude_none=False))

    def send_text(self, text: str) -> None:
        """A message already serialised (one text shared by the connections that see
        the same)."""
        self.queue.put_nowait(text)


@dataclass(frozen=True)
class Drawn:
    """The costly parts of a state message for one seat and language in one position."""

    view: Mapping[str, Any]
    legal_moves: list[LegalMove]
    board_svg: str | None


@dataclass(eq=False)
class Room:
    table: GameTable
    seats: list[SeatState]
    state: State
    log: list[LogItem]
    turn_started: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    away_since: dict[int, float] = field(default_factory=dict)
    """People's seats with no connection open, and since when (wall clock)."""
    elsewhere: dict[str, tuple[int, frozenset[int]]] = field(default_factory=dict)
    """Seats with a connection open in another process (PostgreSQL), by process: its
    latest announcement's number and the seats."""
    watching: list[str] = field(default_factory=list)
    """Who watched when the connections were last told (presence)."""
    announced: frozenset[int] = frozenset()
    """The seats this process last told the others it has connections for."""
    stale: bool = False
    """A commit failed with the database away: its outcome is unknown until the table
    is read again from the database (the next move does that first)."""
    drawn: dict[tuple[Any, ...], Drawn] = field(default_factory=dict)
    """What the connections of this position were shown, by (seq, status, seat,
    language, last move): drawn once, sent to every connection that shares it."""

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def id(self) -> str:
        return self.table.id

    def to_move(self) -> int | None:
        player = self.state.current_player
        return player if player >= 0 else None

    def controller(self, seat: int) -> str | None:
        """The computer level playing `seat` now: its AI level, or `easy` when its game
        clock is used up; None for a person."""
        info = self.seats[seat]
        if info.kind == "ai" or info.handed:
            return info.ai_level or "easy"
        clock = self.table.clock or {}
        if clock.get("mode") == "game" and (info.time_left_ms or 0) <= 0:
            return "easy"
        return None


def database_away() -> str:
    return _("the database cannot be reached just now: your move was not played; try again")


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _words(state: State, entry: str) -> dict[str, str]:
    return {lang: parts.describe(state, entry, lang) for lang in LANGUAGES}


def _last_entry(state: State) -> str:
    """The entry just applied, in notation (`history()[-1]` converts the whole history)."""
    entry = state.action_history()[-1]
    return entry if isinstance(entry, str) else state.game.action_to_move(entry)


def _forget_old_words(log: list[LogItem]) -> None:
    """Keep the words of the last RECENT entries only (older ones are described again
    when someone asks for them)."""
    for old in reversed(log[: max(0, len(log) - RECENT)]):
        if old.words is None:
            break
        old.words = None


def _here_locally(room: Room) -> frozenset[int]:
    return frozenset(c.seat for c in room.connections if c.seat is not None)


def _watching(room: Room) -> list[str]:
    """Who watches through this process: the names of the signed-in (each once), then
    one "?" per connection of someone without a name yet."""
    named = sorted({c.name for c in room.connections if c.seat is None and c.name})
    unnamed = sum(1 for c in room.connections if c.seat is None and not c.name)
    return named + ["?"] * unnamed


def _wall(moment: datetime | None) -> float:
    if moment is None:
        return time.time()
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def hears_chat(room: Room, connection: Connection) -> bool:
    """Everyone at a public table hears (and may write) the chat; only the seats at a
    private one."""
    seated = (seat.account_id for seat in room.seats)
    return may_see(room.table.public, seated, connection.account_id)


def chat_audience(room: Room) -> list[Connection]:
    return [connection for connection in room.connections if hears_chat(room, connection)]


class Runtime:
    """Every table this process has in memory, and the work that keeps them going."""

    def __init__(
        self,
        database: Database,
        pool: WorkerPool,
        settings: Settings,
        cluster: SingleProcess | None = None,
    ) -> None:
        self.database = database
        self.pool = pool
        self.settings = settings
        self.cluster = cluster or SingleProcess()
        self.group = GroupCommit(database) if database.sqlite else None
        """SQLite: moves of all tables waiting to be written share one commit (its one
        writer made them queue one by one); PostgreSQL commits each move by itself (many
        writers at once, and a commit race must fail only its own move)."""
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.random = secrets.SystemRandom()
        self.closing = False
        self.on_finish: list[Callable[[str], Awaitable[None]]] = []
        """Called with a table's id when its game has ended and is committed (a
        tournament takes the result); each runs as its own task."""
        self._hooks: set[asyncio.Task[None]] = set()
        self._announcements = 0

    # -- loading and recovery -------------------------------------------------------------

    async def room(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(table_id)
            if room is None:
                room = await self._load(table_id)
                self.rooms[table_id] = room
                await self.cluster.announce("ask", table_id)  # who is here elsewhere
                async with room.lock:
                    await self._advance(room)
        return room

    async def _load(self, table_id: str) -> Room:
        async with self.database.session() as session:
            table = await session.get(GameTable, table_id)
            if table is None:
                raise LobbyError(404, _("no table {table}").format(table=table_id))
            seats = await seats_of(session, table_id)
            entries = list(
                (
                    await session.execute(
                        select(MoveEntry).filter_by(table_id=table_id).order_by(MoveEntry.seq)
                    )
                ).scalars()
            )
        state = spieltisch.load(table.game, **table.options).new_state()
        items: list[LogItem] = []
        for index, row in enumerate(entries):
            if row.seq != index + 1:
                raise RuntimeError(f"table {table_id}: move log has a gap before seq {row.seq}")
            words = _words(state, row.entry) if index >= len(entries) - RECENT else None
            turn = parts.chance_turn(state, row.seat)
            state.apply(row.entry)
            items.append(LogItem(row.seq, row.entry, row.seat, words, turn))
        started = _wall(entries[-1].created_at if entries else table.started_at)
        return Room(
            table=table,
            seats=[SeatState(s.kind, s.account_id, s.ai_level, s.time_left_ms) for s in seats],
            state=state,
            log=items,
            turn_started=started,
        )

    async def recover(self) -> int:
        """Rebuild every running table from its move log and set it going again."""
        async with self.database.session() as session:
            ids = list(
                (await session.execute(select(GameTable.id).filter_by(status="running"))).scalars()
            )
        mine = [table_id for table_id in ids if await self.cluster.claim(table_id)]
        for table_id in mine:
            await self.room(table_id)
        if mine:
            log.info("recovered %d running tables", len(mine))
        return len(mine)

    async def changed(self, table_id: str) -> None:
        """The lobby changed a table (seats, start, rematch): refresh it and tell everyone,
        the other processes too."""
        await self.cluster.announce("changed", table_id)
        await self.on_changed(table_id)

    async def on_changed(self, table_id: str) -> None:
        room = self.rooms.get(table_id)
        if room is None:
            return
        async with self.database.session() as session:
            table = await session.get(GameTable, table_id)
            if table is None:
                return
            seats = await seats_of(session, table_id)
            described = await describe_table(session, table)
        async with room.lock:
            was_open = room.table.status == "open"
            was_running = room.table.status == "running"
            room.table = table
            room.seats = [
                SeatState(s.kind, s.account_id, s.ai_level, s.time_left_ms) for s in seats
            ]
            for connection in room.connections:
                connection.seat = self._seat_of(room, connection.account_id, connection.seat)
                connection.send(table_for(described, connection.account_id))
            if was_open and table.status == "running":
                room.turn_started = time.time()
                await self._advance(room)
                self._broadcast(room)
            elif was_running:
                # A seat given up or handed to the computer in another process: the
                # owner plays it now, and a game ended that way shows its result.
                self._broadcast(room)
                self._tell_presence(room)
                self._schedule(room)

    def _seat_of(self, room: Room, account: int | None, wanted: int | None) -> int | None:
        mine = [index for index, seat in enumerate(room.seats) if seat.played_by(account)]
        if wanted in mine:
            return wanted
        return mine[0] if mine else None

    def release(self, room: Room) -> None:
        """Forget a table nobody watches that is not in play (it loads again when opened)."""
        idle = not room.connections and room.table.status != "running" and not room.tasks
        if idle and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    def seat_for(self, room: Room, account: int | None, wanted: int | None) -> int | None:
        return self._seat_of(room, account, wanted)

    # -- who is here ---------------------------------------------------------------------

    def enter(self, room: Room, connection: Connection) -> None:
        """A connection opens: it gets the position and who is here; the others are told
        when its seat comes back."""
        room.connections.add(connection)
        self.send_state(room, connection, connection.last_seq)
        self._tell_presence(room, always=connection)

    def leave(self, room: Room, connection: Connection) -> None:
        """A connection closed or dropped: its seat is away once no other is open."""
        room.connections.discard(connection)
        self._tell_presence(room)
        self.release(room)

    def presence(self, room: Room) -> PresenceOut:
        moment = time.time()
        here = set(_here_locally(room)).union(*(seats for _n, seats in room.elsewhere.values()))
        people = [
            index
            for index, seat in enumerate(room.seats)
            if seat.kind == "human" and not seat.handed
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
            claim_after_ms=int(self.settings.claim_after_seconds * 1000),
            watching=_watching(room),
        )

    def _tell_presence(self, room: Room, always: Connection | None = None) -> None:
        before = {index for index in range(len(room.seats)) if index not in room.away_since}
        message = self.presence(room)
        after = {index for index in range(len(room.seats)) if index not in room.away_since}
        changed = before != after or message.watching != room.watching
        room.watching = message.watching
        for connection in list(room.connections):
            if changed or connection is always:
                connection.send(message)
        if _here_locally(room) != room.announced:
            self._announce_here(room)

    def _announce_here(self, room: Room) -> None:
        """Tell the other processes which seats have a connection here (they count them
        as here too); numbered, so a late announcement never undoes a newer one."""
        room.announced = _here_locally(room)
        self._announcements += 1
        task = asyncio.create_task(
            self.cluster.announce("here", room.id, self._announcements, *sorted(room.announced))
        )
        self._hooks.add(task)
        task.add_done_callback(self._hooks.discard)

    async def on_here(self, table_id: str, process: str, number: int, seats: list[int]) -> None:
        room = self.rooms.get(table_id)
        if room is None:
            return  # it asks when it loads the table
        known = room.elsewhere.get(process)
        if known is not None and known[0] > number:
            return
        room.elsewhere[process] = (number, frozenset(seats))
        self._tell_presence(room)

    async def on_asked(self, table_id: str) -> None:
        room = self.rooms.get(table_id)
        if room is not None and _here_locally(room):
            self._announce_here(room)

    async def on_gone(self, processes: set[str]) -> None:
        for room in list(self.rooms.values()):
            if any(room.elsewhere.pop(process, None) for process in processes):
                self._tell_presence(room)

    # -- giving a seat up ------------------------------------------------------------------

    async def hand_over(self, table_id: str, account: int, seat: int | None) -> None:
        """`account` gives up its seat (`seat` None), or hands the away `seat` of another
        to the computer. The rule of `resign.py` applies: two seats, the game ends;
        more, the `easy` level plays the seat and it is ranked after the others.

        Raises LobbyError (409 not running, 403 not seated here, 409 not away long enough).
        """
        room = await self.room(table_id)
        async with room.lock:
            if room.stale:
                await self._refresh(room)
            if room.table.status != "running":
                raise LobbyError(
                    409,
                    _("table {table} is {status}: only a running game can be given up").format(
                        table=table_id, status=room.table.status
                    ),
                )
            mine = [index for index, info in enumerate(room.seats) if info.played_by(account)]
            if not mine:
                raise LobbyError(403, _("you do not play a seat at this table"))
            target = mine[0] if seat is None else seat
            if seat is not None:
                self._check_claim(room, seat, mine)
            await self._hand_over(room, target)

    def _check_claim(self, room: Room, seat: int, mine: list[int]) -> None:
        if seat >= len(room.seats) or seat in mine:
            raise LobbyError(409, _("seat {seat} is not another person's seat").format(seat=seat))
        info = room.seats[seat]
        if info.kind != "human" or info.handed:
            raise LobbyError(409, _("seat {seat} is not another person's seat").format(seat=seat))
        self.presence(room)
        since = room.away_since.get(seat)
        wait = self.settings.claim_after_seconds
        if since is None or time.time() - since < wait:
            raise LobbyError(
                409,
                _("seat {seat} can be handed to the computer after {minutes} minutes away").format(
                    seat=seat, minutes=f"{wait / 60:g}"
                ),
            )

    async def _hand_over(self, room: Room, seat: int) -> None:
        resigned = [index for index, info in enumerate(room.seats) if info.handed] + [seat]
        finish = ends_by_resigning(len(room.seats), resigned)
        result = dict(resigned_result(room.state, resigned)) if finish else None
        try:
            async with self.database.session() as session:
                await session.execute(
                    update(Seat)
                    .filter_by(table_id=room.id, seat=seat)
                    .values(ai_level=HANDED_LEVEL)
                )
                if finish:
                    await session.execute(
                        update(GameTable)
                        .filter_by(id=room.id)
                        .values(status="finished", result=result, finished_at=now())
                    )
                await self.cluster.publish(session, "changed", room.id)
                await session.commit()
                table = await session.get(GameTable, room.id)
                described = await describe_table(session, table) if table else None
        except UNAVAILABLE:
            raise LobbyError(503, database_away()) from None
        room.seats[seat].ai_level = HANDED_LEVEL
        if finish:
            room.table.status, room.table.result = "finished", result
            self._finished(room.id)
        room.away_since.pop(seat, None)
        for connection in room.connections:
            connection.seat = self._seat_of(room, connection.account_id, connection.seat)
            if described is not None:
                connection.send(described)
        self._broadcast(room)
        self._tell_presence(room)
        self._schedule(room)

    # -- moves ------------------------------------------------------------------------------

    async def submit(self, room: Room, seat: int, seq: int, move: str) -> AckOut:
        """Apply `move` for `seat` in position `seq`; Refused (changing nothing) otherwise."""
        async with room.lock:
            if room.stale:
                await self._refresh(room)
            if room.table.status != "running":
                raise Refused(
                    "not_running",
                    _("the table is {status}, not running").format(status=room.table.status),
                )
            if seq > room.seq:
                # Another process may have moved the table on before its news came.
                await self._follow(room)
            if seq != room.seq:
                if seq < room.seq:
                    item = room.log[seq]
                    if item.seat == seat and item.entry == move:
                        return AckOut(seq=item.seq, move=move, duplicate=True)
                raise Refused(
                    "stale_seq",
                    _(
                        "your move was for position {seq}, the table is at {now}: "
                        "look at the new position and move again"
                    ).format(seq=seq, now=room.seq),
                )
            if room.state.current_player != seat:
                raise Refused("not_your_turn", self._whose_turn(room))
            reason = room.state.explain(move)
            if reason is not None:
                raise Refused("illegal_move", reason)
            await self._play(room, [(move, seat)])
            return AckOut(seq=room.seq, move=room.log[seq].entry, duplicate=False)

    def _whose_turn(self, room: Room) -> str:
        player = room.to_move()
        if player is None:
            return _("the game is over")
        return _("it is seat {seat}'s turn, not yours").format(seat=player)

    async def _play(self, room: Room, first: list[tuple[str, int | None]]) -> None:
        """Apply the entries and the chance outcomes after them, commit, then broadcast."""
        state = room.state.clone()
        items: list[LogItem] = []
        pending = list(first)
        while True:
            for entry, seat in pending:
                words = _words(state, entry)
                turn = parts.chance_turn(state, seat)
                state.apply(entry)
                seq = room.seq + len(items) + 1
                items.append(LogItem(seq, _last_entry(state), seat, words, turn))
            pending = []
            if not state.is_chance_node():
                break
            outcome = state.clone().sample_chance(self.random)
            pending.append((outcome, None))
        await self._commit(room, state, items)
        self._broadcast(room)
        self._schedule(room)

    async def _commit(self, room: Room, state: State, items: list[LogItem]) -> None:
        clock = room.table.clock or {}
        moment = time.time()
        time_left: dict[int, int] = {}
        mover = items[0].seat
        if clock.get("mode") is not None and mover is not None:
            seat = room.seats[mover]
            if clock["mode"] == "game":
                spent = int((moment - room.turn_started) * 1000)
                left = max(0, (seat.time_left_ms or 0) - spent)
                # The increment comes after a move made in time (none once it ran out).
                bonus = int((clock.get("increment") or 0) * 1000) if left > 0 else 0
                time_left[mover] = left + bonus
            else:
                time_left[mover] = int(clock["seconds"] * 1000)
        finished = state.is_terminal()
        result: dict[str, Any] | None = None
        resigned = [index for index, seat in enumerate(room.seats) if seat.handed]
        if finished and resigned:
            result = dict(resigned_result(state, resigned))
        elif finished:
            result = {
                "scores": state.scores(),
                "ranking": state.ranking(),
                "returns": state.returns(),
            }

        append = Append(
            table_id=room.id,
            entries=[(item.seq, item.entry, item.seat) for item in items],
            at=datetime.fromtimestamp(moment, UTC),
            time_left=time_left,
            result=result if finished else None,
            notice=self.cluster.notice("moved", room.id, items[-1].seq),
        )
        try:
            if self.group is not None:
                await self.group.write(append.write)
            else:
                await append_at_once(self.database, append)
        except IntegrityError:
            # Another process appended first: take the database's word for it.
            try:
                await self._follow(room)
            except UNAVAILABLE:
                room.stale = True
                raise Refused("database_unavailable", database_away()) from None
            raise Refused(
                "stale_seq",
                _(
                    "your move was for position {seq}, the table is at {now}: "
                    "look at the new position and move again"
                ).format(seq=items[0].seq - 1, now=room.seq),
            ) from None
        except UNAVAILABLE:
            # Rolled back, or (a connection lost during COMMIT) perhaps committed: the
            # database says which when it is back; until then nothing is told or cached.
            room.stale = True
            log.warning("table %s: the database is away, a move was refused", room.id)
            raise Refused("database_unavailable", database_away()) from None
        room.state = state
        room.log.extend(items)
        for index, left in time_left.items():
            room.seats[index].time_left_ms = left
        room.turn_started = moment
        if finished:
            room.table.status, room.table.result = "finished", result
            self._finished(room.id)
        _forget_old_words(room.log)

    async def _follow(self, room: Room) -> None:
        """Catch up with the log and tell this process's connections (holding the lock)."""
        if await self._catch_up(room):
            self._broadcast(room)
            self._schedule(room)

    async def _catch_up(self, room: Room) -> bool:
        """Read what other processes appended to the table's log (call it holding the
        room's lock); True when there was something."""
        async with self.database.session() as session:
            rows = list(
                (
                    await session.execute(
                        select(MoveEntry)
                        .filter_by(table_id=room.id)
                        .where(MoveEntry.seq > room.seq)
                        .order_by(MoveEntry.seq)
                    )
                ).scalars()
            )
            if not rows:
                return False
        state = room.state.clone()
        items: list[LogItem] = []
        for row in rows:
            if row.seq != room.seq + len(items) + 1:
                raise RuntimeError(f"table {room.id}: move log has a gap before seq {row.seq}")
            words = _words(state, row.entry)
            turn = parts.chance_turn(state, row.seat)
            state.apply(row.entry)
            items.append(LogItem(row.seq, row.entry, row.seat, words, turn))
        # A move's transaction changes the table row only when it ends the game and the
        # seats only for the clock; other changes come as their own news (on_changed).
        # Read them only then: two queries fewer for most moves of another process.
        if state.is_terminal() or room.table.clock:
            async with self.database.session() as session:
                table = await session.get(GameTable, room.id)
                seats = await seats_of(session, room.id)
            if table is not None:
                room.table = table
            room.seats = [
                SeatState(s.kind, s.account_id, s.ai_level, s.time_left_ms) for s in seats
            ]
        room.state = state
        room.log.extend(items)
        room.turn_started = _wall(rows[-1].created_at)
        _forget_old_words(room.log)
        return True

    # -- news from other processes ------------------------------------------------------------

    async def _loaded(self, table_id: str) -> Room | None:
        """The table if this process has it in memory (waiting for a load under way)."""
        loading = self._loading.get(table_id)
        if loading is not None and loading.locked():
            async with loading:
                pass
        return self.rooms.get(table_id)

    async def on_moved(self, table_id: str, seq: int) -> None:
        """Another process committed entries up to `seq`: tell this process's connections."""
        room = await self._loaded(table_id)
        if room is None or room.seq >= seq:
            return
        async with room.lock:
            await self._follow(room)

    async def on_chat(self, table_id: str, chat_id: int) -> None:
        room = await self._loaded(table_id)
        if room is None or not room.connections:
            return
        async with self.database.session() as session:
            row = await session.get(ChatMessage, chat_id)
            if row is None:
                return
            author = (await names(session, {row.account_id})).get(row.account_id, "?")
        out = ChatOut.of(row, author)
        async with room.lock:
            for connection in chat_audience(room):
                connection.send(out)

    async def on_claimed(self, table_id: str) -> None:
        """This process owns the table now (its owner died): play its computer seats."""
        if table_id in self.rooms:
            room = self.rooms[table_id]
            async with room.lock:
                if await self._catch_up(room):
                    self._broadcast(room)
                await self._advance(room)
        else:
            await self.room(table_id)

    async def on_resync(self) -> None:
        """News may have been missed (the listening connection dropped): read every table,
        and say again who is here."""
        for loaded in list(self.rooms.values()):
            if _here_locally(loaded):
                self._announce_here(loaded)
            await self.cluster.announce("ask", loaded.id)
        for table_id in list(self.rooms):
            await self.on_changed(table_id)
            room = self.rooms.get(table_id)
            if room is not None:
                await self.on_moved(table_id, room.seq + 1)

    async def _refresh(self, room: Room) -> None:
        """Take the database's word for the table (after the database was away);
        Refused while it is still away."""
        try:
            fresh = await self._load(room.id)
        except UNAVAILABLE:
            raise Refused("database_unavailable", database_away()) from None
        room.state, room.log, room.seats, room.table = (
            fresh.state,
            fresh.log,
            fresh.seats,
            fresh.table,
        )
        room.stale = False
        self._broadcast(room)

    def _finished(self, table_id: str) -> None:
        for hook in self.on_finish:
            task = asyncio.create_task(self._run_hook(hook, table_id))
            self._hooks.add(task)
            task.add_done_callback(self._hooks.discard)

    async def _run_hook(self, hook: Callable[[str], Awaitable[None]], table_id: str) -> None:
        try:
            await hook(table_id)
        except Exception:
            log.exception("after the end of table %s", table_id)

    async def _advance(self, room: Room) -> None:
        """Draw pending chance outcomes (the deal at the start) and set AI and clocks going;
        only in the process that owns the table; with the database away, try again a
        little later."""
        try:
            if room.stale:
                await self._refresh(room)
            if room.table.status != "running" or not await self.cluster.claim(room.id):
                return
            if room.state.is_chance_node():
                outcome = room.state.clone().sample_chance(self.random)
                try:
                    await self._play(room, [(outcome, None)])
                except Refused as refused:
                    if refused.code != "stale_seq":  # else another process drew it first
                        raise
            else:
                self._schedule(room)
        except Refused as refused:
            if refused.code != "database_unavailable":
                raise
            self._retry_later(room)

    def _retry_later(self, room: Room) -> None:
        """Set the table going again once the database may be back."""

        async def retry() -> None:
            await asyncio.sleep(RETRY_SECONDS)
            async with room.lock:
                await self._advance(room)

        if not self.closing:
            room.tasks["retry"] = asyncio.create_task(retry())

    # -- computer seats, clocks ---------------------------------------------------------------

    def _schedule(self, room: Room) -> None:
        current = asyncio.current_task()
        for task in room.tasks.values():
            if task is not current:
                task.cancel()
        room.tasks.clear()
        if self.closing or room.table.status != "running" or not self.cluster.owns(room.id):
            if room.table.status == "finished":
                self.release(room)  # a finished table nobody watches leaves memory
            return
        clock = room.table.clock or {}
        round_seconds = clock.get("round_seconds")
        if round_seconds and "time" not in room.state.history():
            started = _wall(room.table.started_at)
            delay = max(0.0, started + float(round_seconds) - time.time())
            room.tasks["round"] = asyncio.create_task(self._round_time(room, room.seq, delay))
        seat = room.to_move()
        if seat is None:
            return
        level = room.controller(seat)
        if level is not None:
            room.tasks["ai"] = asyncio.create_task(
                self._computer_move(room, room.seq, seat, level, self.settings.ai_pace)
            )
            return
        if clock.get("mode") is not None:
            left = room.seats[seat].time_left_ms
            if clock["mode"] == "move":
                left = int(clock["seconds"] * 1000)
            deadline = room.turn_started + (left or 0) / 1000
            room.tasks["clock"] = asyncio.create_task(
                self._time_out(room, room.seq, seat, max(0.0, deadline - time.time()))
            )

    async def _computer_move(
        self, room: Room, seq: int, seat: int, level: str, pause: float
    ) -> None:
        try:
            await asyncio.sleep(pause)
            history = room.state.history()
            move = await self.pool.run(
                choose_move,
                room.table.game,
                room.table.options,
                history,
                level,
                self.settings.ai_budget,
            )
            if room.seq == seq:
                await self.submit(room, seat, seq, move)
        except Refused as refused:
            if refused.code == "database_unavailable":
                self._retry_later(room)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer seat %s of table %s failed", seat, room.id)

    async def _time_out(self, room: Room, seq: int, seat: int, delay: float) -> None:
        """The seat's time is up: the `easy` level plays this move for it (or, with the
        table's `on_timeout: lose`, a person loses as if they had resigned)."""
        await asyncio.sleep(delay)
        if room.seq != seq:
            return
        clock = room.table.clock or {}
        if clock.get("on_timeout") == "lose" and room.controller(seat) is None:
            # The table's rule: out of time is losing, as if the person had resigned.
            async with room.lock:
                if room.seq == seq and room.table.status == "running":
                    try:
                        await self._hand_over(room, seat)
                    except LobbyError:  # the database is away: try again when it is back
                        self._retry_later(room)
            return
        if clock.get("mode") == "game":
            room.seats[seat].time_left_ms = 0
        await self._computer_move(room, seq, seat, "easy", 0.0)

    async def _round_time(self, room: Room, seq: int, delay: float) -> None:
        """The round time is up: the referee's `time` event, applied by the server."""
        await asyncio.sleep(delay)
        async with room.lock:
            if room.table.status != "running" or "time" in room.state.history():
                return
            try:
                await self._play(room, [("time", None)])
            except Refused as refused:
                if refused.code == "database_unavailable":
                    self._retry_later(room)

    # -- telling the connections --------------------------------------------------------------

    def _broadcast(self, room: Room) -> None:
        """Every connection gets the new position: one message is built and serialised
        for each distinct (seat, language, last seq seen) and shared."""
        texts: dict[tuple[int | None, str, int], str] = {}
        for connection in list(room.connections):
            key = (connection.seat, connection.language, connection.last_seq)
            text = texts.get(key)
            if text is None:
                message = self.state_message(room, *key)
                text = texts[key] = message.model_dump_json(exclude_none=False)
            connection.send_text(text)
            connection.last_seq = room.seq

    def send_state(self, room: Room, connection: Connection, since: int) -> None:
        connection.send(self.state_message(room, connection.seat, connection.language, since))
        connection.last_seq = room.seq

    def state_message(self, room: Room, seat: int | None, lang: str, since: int) -> StateOut:
        to_move = room.to_move() if room.table.status == "running" else None
        recent = room.log[max(since, room.seq - RECENT, 0) :]
        last_moves = [self._entry_out(room, item, lang) for item in recent]
        last = recent[-1].entry if recent and recent[-1].seat is not None else None
        drawn = self._drawn(room, seat, lang, to_move, last)
        return StateOut(
            table=room.id,
            seq=room.seq,
            status=room.table.status,
            seat=seat,
            to_move=to_move,
            view=drawn.view,
            legal_moves=drawn.legal_moves,
            last_moves=last_moves,
            result=room.table.result,
            clock=self._clock_out(room),
            board_svg=drawn.board_svg,
            seat_marks=parts.seat_marks(room.state.game, lang),
        )

    def _drawn(
        self, room: Room, seat: int | None, lang: str, to_move: int | None, last: str | None
    ) -> Drawn:
        """The view, legal moves in words and board of `seat` in this position, drawn
        once however many connections (and re-sends) show it."""
        key = (room.seq, room.table.status, seat, lang, last)
        drawn = room.drawn.get(key)
        if drawn is not None:
            return drawn
        if any(old[0] != room.seq for old in room.drawn):
            room.drawn.clear()  # a new position: the old drawings are never shown again
        state = room.state
        legal: list[str] = []
        if seat is not None and to_move == seat:
            legal = state.legal_moves()
        view = state.view(seat)
        if room.table.status == "finished" and view.get("turn") is not None:
            view = {**view, "turn": None}  # ended by resigning: nobody's turn any more
        drawn = room.drawn[key] = Drawn(
            view=view,
            legal_moves=[
                LegalMove(move=move, words=parts.describe(state, move, lang)) for move in legal
            ],
            board_svg=parts.board_svg(state, seat, legal, last, lang, view=view),
        )
        return drawn

    def _entry_out(self, room: Room, item: LogItem, lang: str) -> LogEntryOut:
        if item.words is None:
            before = room.state.game.replay(room.state.history()[: item.seq - 1])
            item.words = _words(before, item.entry)
        return LogEntryOut(
            seq=item.seq,
            seat=item.seat,
            move=item.entry
            if item.seat is not None or item.entry in room.state.game.events
            else None,
            words=item.words[lang],
            turn=item.turn,
        )

    def _clock_out(self, room: Room) -> ClockOut | None:
        clock = room.table.clock
        if not clock:
            return None
        running = room.to_move() if room.table.status == "running" else None
        lefts: list[int | None] = []
        for index, seat in enumerate(room.seats):
            left = seat.time_left_ms
            if clock.get("mode") == "move":
                left = int(clock["seconds"] * 1000) if index == running else None
            if index == running and left is not None:
                left = max(0, left - int((time.time() - room.turn_started) * 1000))
            lefts.append(left)
        round_left: int | None = None
        if clock.get("round_seconds") and room.table.status == "running":
            end = _wall(room.table.started_at) + float(clock["round_seconds"])
            round_left = max(0, int((end - time.time()) * 1000))
        return ClockOut(
            mode=clock.get("mode"),
            seconds=clock.get("seconds"),
            time_left_ms=lefts,
            running=running,
            round_ends_in_ms=round_left,
        )

    def refuse(self, connection: Connection, refused: Refused, seq: int | None = None) -> None:
        connection.send(ErrorOut(code=refused.code, message=refused.message, seq=seq))

    async def close(self) -> None:
        self.closing = True
        tasks: Iterable[asyncio.Task[None]] = [
            *(task for room in self.rooms.values() for task in room.tasks.values()),
            *self._hooks,
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
