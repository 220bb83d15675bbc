"""The room of a table in play and its seats: the position in memory, the log, the
connections and the tasks working for it. The memory is only a cache of the database.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from spieltisch.core import State
from spieltisch.server.description.policy import TablePolicy
from spieltisch.server.schemas.messages import QuestionOut
from spieltisch.server.table.log import LogItem
from spieltisch.server.table.renderings import PositionRenderings
from spieltisch.store.clock import ClockMode, TableClock
from spieltisch.store.models import GameTable, Seat, SeatKind, SeatLeft, as_utc


@dataclass
class SeatState:
    kind: SeatKind
    account_id: int | None
    ai_level: str | None
    """For a computer seat its level; for a person's seat, the level playing it since
    they left it (`left` says how)."""
    time_left_ms: int | None
    left: SeatLeft | None = None

    @classmethod
    def of(cls, row: Seat) -> SeatState:
        left = None if row.left is None else SeatLeft(row.left)
        return cls(SeatKind(row.kind), row.account_id, row.ai_level, row.time_left_ms, left)

    @property
    def handed(self) -> bool:
        """A person's seat given up (resigned, out of time, or the others claimed the
        win while they were away): ranked after the others."""
        return self.substituted is False

    @property
    def substituted(self) -> bool | None:
        """For a person's seat the computer plays: whether only as a substitute while
        they are away (True: they may take it back) or for good (False); None while the
        person plays it (or for a computer's own seat)."""
        if self.kind != SeatKind.HUMAN or self.ai_level is None:
            return None
        return self.left == SeatLeft.SUBSTITUTE

    def held_by(self, account: int | None) -> bool:
        """Whether the seat is `account`'s, played by them or (given up, substituted) not:
        its person is a player of the table, never one of its watchers."""
        return account is not None and self.kind == SeatKind.HUMAN and self.account_id == account

    def played_by(self, account: int | None) -> bool:
        """Whether `account` plays this seat now (it sits here and has not given it up)."""
        return (
            account is not None
            and self.kind == SeatKind.HUMAN
            and self.account_id == account
            and self.ai_level is None
        )


@dataclass(eq=False)
class Connection:
    """One client of the table: its account, the seat it plays (None: watching), its
    language and its outbox. The table only puts texts in the outbox; what carries them
    (a WebSocket, a test) is the transport's business."""

    account_id: int | None
    seat: int | None
    language: str
    address: str | None = None
    name: str | None = None
    """The account's name (shown to the table when it watches)."""
    last_seq: int = 0
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    layers: set[str] | None = None
    """Static board layers sent here (`LayerOut`); None: whole boards, no placeholders."""

    def send_text(self, text: str) -> None:
        """Put a serialised message in the outbox (only the publisher does, sharing texts)."""
        self.queue.put_nowait(text)


@dataclass
class TakebackRequest:
    """A takeback asked: by `seat`, in position `seq`, withdrawing the entries after
    `keep`; `waiting`: the seats of the people who have not accepted yet; `declined_by`:
    the seat that declined it (it has ended)."""

    seat: int
    seq: int
    keep: int
    moves: int
    waiting: set[int]
    declined_by: int | None = None

    def stored(self) -> dict[str, Any]:
        """As the table's `takeback` column keeps it."""
        return {
            "seat": self.seat,
            "seq": self.seq,
            "keep": self.keep,
            "moves": self.moves,
            "waiting": sorted(self.waiting),
            "declined_by": self.declined_by,
        }

    @classmethod
    def of(cls, stored: dict[str, Any] | None) -> TakebackRequest | None:
        if stored is None:
            return None
        return cls(
            int(stored["seat"]),
            int(stored["seq"]),
            int(stored["keep"]),
            int(stored["moves"]),
            {int(seat) for seat in stored["waiting"]},
            stored.get("declined_by"),
        )

    def open_at(self, seq: int) -> bool:
        """Still waiting for answers in the position `seq`."""
        return self.seq == seq and self.declined_by is None and bool(self.waiting)


@dataclass(frozen=True)
class RemotePresence:
    """What another process last announced of a table: the announcement's number (only
    grows), the seats it has connections for, and who watches through it ("?" for each
    watcher without a name)."""

    number: int
    seats: frozenset[int]
    watchers: tuple[str, ...] = ()


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
    visitors: int = 0
    """Connections on their way in (found the room, not yet joined it): the room stays
    in memory for them (`Idle.visit`), else one would join a room forgotten meanwhile
    while the others join the one loaded after it, and hear nothing of it."""
    away_since: dict[int, float] = field(default_factory=dict)
    """People's seats with no connection open, and since when (wall clock)."""
    away_stored: dict[int, float] = field(default_factory=dict)
    """`away_since` as loaded from the database: what `away_book.py` writes start from."""
    timed_out_away: dict[int, int] = field(default_factory=dict)
    """People's seats whose clock ran out while they were not at the table, how many
    times in a row (`scheduler.left_alone`)."""
    elsewhere: dict[str, RemotePresence] = field(default_factory=dict)
    """Who is at the table through another process (PostgreSQL), by process: its latest
    announcement."""
    watching: list[str] = field(default_factory=list)
    """Who watched when the connections were last told (presence)."""
    presence_seen: tuple[tuple[int, bool, str | None], ...] = ()
    """Each person's seat, whether here and its substitute, when the connections were
    last told (presence)."""
    announced: frozenset[int] = frozenset()
    """The seats this process last told the others it has connections for."""
    announced_watchers: tuple[str, ...] = ()
    """The watchers this process last told the others of."""
    stale: bool = False
    """A commit failed with the database away: its outcome is unknown until the table
    is read again from the database (the next move does that first)."""
    asked: TakebackRequest | None = None
    """The takeback asked and not yet answered by all (a move made since ends it)."""
    hold_seconds: float = 0.0
    """How long another player's roll waits after a person's move in a casual game, so it
    may be taken back (`Settings.takeback_seconds`, set when the room is loaded): the
    roll is due `held_roll_at` (`takeback_rule.py`), in every process alike."""
    wake_at: float | None = None
    """When (wall clock) the next clock or round deadline falls, set by the scheduler: a
    table that left memory idle is loaded again then."""
    shown: PositionRenderings | None = None
    """What the connections of the latest position were shown (made once, shared)."""
    marks: dict[str, list[str]] = field(default_factory=dict)
    """Each seat's mark (colour or number), by language: the same for the whole game."""
    questions: dict[str, list[QuestionOut]] = field(default_factory=dict)
    """The questions the game answers, by language: the same for the whole game."""
    names: dict[int, str] = field(default_factory=dict)
    """The display names of the accounts holding the seats (read with the seats)."""
    now: Callable[[], float] = time.time
    """The wall clock turn-based clocks count by (the runtime's: tests move it);
    real-time clocks count by the event loop's timers and `time.time`."""
    deadline: float | None = None
    """Turn-based: when the person to move is next due to be acted for (`turns.py`)."""
    vacations: list[tuple[float, float]] = field(default_factory=list)
    """Turn-based: the vacations of the person to move (their clock stands still)."""
    deadline_stored: bool = False
    """Turn-based: whether `deadline` is what the database keeps (written since loaded)."""
    told: tuple[int, float] | None = None
    """Turn-based: the position and deadline last told (`TurnStarted`)."""
    followed: tuple[int, float] | None = None
    """Turn-based, at a process that does not hold the table: the position and deadline
    it worked out for its own pages (`Turns.follow`; the holder's is `told`)."""
    bank_told: int | None = None
    """Turn-based: the position in which the time bank's use was told."""
    _clock: tuple[object, TableClock | None] = field(default=(None, None), repr=False)
    """The table's stored clock and the clock read from it (read once per stored value)."""

    @property
    def clock(self) -> TableClock | None:
        """The table's clock (None: it has none)."""
        stored = self.table.clock
        if self._clock[0] is not stored:
            self._clock = (stored, TableClock.of(stored))
        return self._clock[1]

    @property
    def policy(self) -> TablePolicy:
        """What the table allows (rated, hints, takebacks, who may chat)."""
        return TablePolicy.of(self.table, [seat.account_id for seat in self.seats])

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def id(self) -> str:
        return self.table.id

    def turn_deadline(self) -> float | None:
        """Turn-based: when the time of the person to move in this position runs out, as
        this process knows it: what the holder told (none once it ran out), or what a
        process that follows the table worked out. None: not known here (yet)."""
        told, followed = self.told, self.followed
        if told is not None and told[0] == self.seq:
            return told[1] if self.deadline is not None else None
        if followed is not None and followed[0] == self.seq:
            return followed[1]
        return None

    def abortable(self) -> bool:
        """Whether the running table may still be aborted: before every person has made a
        first move (chance and computers do not count), or at any time by the one person
        at a table of computers; never a tournament's game."""
        if self.table.status != "running" or self.table.tournament_id is not None:
            return False
        if self.alone_against_computers():
            return True
        missing = {index for index, seat in enumerate(self.seats) if seat.kind == SeatKind.HUMAN}
        for item in self.log:  # asked at every position: stop once every person has moved
            if not missing:
                break
            if item.seat is not None:
                missing.discard(item.seat)
        return bool(missing)

    def alone_against_computers(self) -> bool:
        """Whether the table's people are one person (at one seat or more) and every other
        seat is a computer's (not a tournament's table)."""
        if self.table.tournament_id is not None:
            return False
        people = {seat.account_id for seat in self.seats if seat.kind == SeatKind.HUMAN}
        return len(people) == 1 and all(
            seat.kind in (SeatKind.HUMAN, SeatKind.AI) for seat in self.seats
        )

    def to_move(self) -> int | None:
        player = self.state.current_player
        return player if player >= 0 else None

    def controller(self, seat: int) -> str | None:
        """The computer level playing `seat` now: its AI level, or `easy` when its game
        clock is used up; None for a person."""
        info = self.seats[seat]
        if info.kind == SeatKind.AI or info.substituted is not None:
            return info.ai_level or "easy"
        clock = self.clock
        if clock is not None and clock.mode == ClockMode.GAME and (info.time_left_ms or 0) <= 0:
            return "easy"
        return None

    def seat_of(self, account: int | None, wanted: int | None) -> int | None:
        """The seat a connection of `account` plays: `wanted` if it is theirs, else their
        first, else None (watching)."""
        mine = [index for index, seat in enumerate(self.seats) if seat.played_by(account)]
        if wanted in mine:
            return wanted
        return mine[0] if mine else None

    def reseat(self) -> None:
        """Each connection plays the seat its account plays now (after seats changed
        hands: a seat given up, the lobby's changes)."""
        for connection in self.connections:
            connection.seat = self.seat_of(connection.account_id, connection.seat)

    def seated_here(self) -> frozenset[int]:
        """The seats with a connection open in this process."""
        return frozenset(c.seat for c in self.connections if c.seat is not None)

    def seated_anywhere(self) -> frozenset[int]:
        """The seats with a connection open in this process or, as announced, another."""
        return self.seated_here().union(*(other.seats for other in self.elsewhere.values()))

    def is_player(self, account: int | None) -> bool:
        """Whether `account` holds a seat here (playing it, given up or substituted)."""
        return any(seat.held_by(account) for seat in self.seats)

    def watchers_here(self) -> list[Connection]:
        """The connections of watchers through this process: never a player's, also
        not once their seat is given up (the loser on time stays a player)."""
        return [c for c in self.connections if c.seat is None and not self.is_player(c.account_id)]

    def watching_here(self) -> tuple[str, ...]:
        """Who watches through this process: the names of the signed-in (each once, as
        `watcher_name` shows them), then one "?" per connection of someone without a
        name to show."""
        players = self.player_names()
        shown = [watcher_name(c.name, players) for c in self.watchers_here()]
        named = sorted({name for name in shown if name})
        unnamed = sum(1 for name in shown if not name)
        return (*named, *["?"] * unnamed)

    def player_names(self) -> frozenset[str]:
        """The folded names of the players (a watcher may not show as one)."""
        return frozenset(fold(name) for name in self.names.values())

    def take(self, other: Room) -> None:
        """Take the database's word for the table: `other` was just read from it."""
        self.state, self.log, self.seats, self.table, self.names = (
            other.state,
            other.log,
            other.seats,
            other.table,
            other.names,
        )


DECORATION = re.compile(r"\([^)]*\)?|\[[^\]]*\]?|[()\[\]]")
"""What the page writes after a seat's name ("(you)", "(away)"): a watcher's name shows
without it, and without anything before a "·" (the seat's colour in "Red · Ana")."""


def fold(name: str) -> str:
    """A name as it is compared: case and spaces ignored."""
    return " ".join(name.casefold().split())


def watcher_name(name: str | None, players: frozenset[str]) -> str | None:
    """How a watcher's name is shown beside the seats: without the page's decorations,
    and not at all (None: counted as a watcher without a name) when it is then empty or
    a player's name (`players`, folded)."""
    if not name:
        return None
    shown = " ".join(DECORATION.sub(" ", name.split("·")[-1]).split())
    return None if not shown or fold(shown) in players else shown


def wall(moment: datetime | None) -> float:
    """A stored moment as wall-clock seconds (naive moments are UTC); now when None."""
    return time.time() if moment is None else as_utc(moment).timestamp()
