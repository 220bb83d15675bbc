"""What happens at a table, as typed events.

Every command on a table (a move and its chance outcomes, resign, time out, hand over,
takebacks, chat, presence, clocks, news from another process) changes the room and
returns a list of these; it sends nothing. One publisher (`publish.py`) turns them into
each connection's message, into the news for other processes, and hands them to its
subscribers (the scheduler, the finishing hooks, and whatever later features plug in:
notifications, an announcer for screen readers). As lichess's round module has its
handlers return events and one `publish` send them.

The events say what happened, not how it is shown: the publisher renders the room as it
is once the command is done (so a batch of events shows one position, the newest).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import ChatOut, PresenceOut, ServerMessage, TableOut
from spieltisch.store.models import TableNotice, TableStatus

if TYPE_CHECKING:
    from spieltisch.server.table.room import Connection, TakebackRequest


@dataclass(frozen=True)
class EntriesCommitted:
    """Entries this process committed to the log, seqs `first` to `last`: a move (or a
    referee's event, or a takeback) by `seat` and the chance outcomes drawn after it, or
    only chance outcomes (`seat` None)."""

    first: int
    last: int
    seat: int | None


@dataclass(frozen=True)
class EntriesFollowed:
    """Entries another process committed, taken in here (news from another process, or
    read back from the log), seqs `first` to `last`."""

    first: int
    last: int


@dataclass(frozen=True)
class PositionReloaded:
    """The table was read again from the database (it was away while a commit was under
    way: its outcome was unknown)."""


class HandOverReason(StrEnum):
    """Why the computer plays a person's seat from now on (the seat's `SeatLeft`)."""

    RESIGNED = "resigned"
    """The person gave their seat up."""
    CLAIMED = "claimed"
    """The other person claimed the win after this one was away long enough."""
    TIMED_OUT = "timed_out"
    """The seat's time ran out under the table's `on_timeout: lose`."""
    SUBSTITUTE = "substitute"
    """The others let the computer play it at the person's level while they are away
    (they may take it back)."""


@dataclass(frozen=True)
class SeatHandedOver:
    """The computer plays `seat` from now on (resigned, claimed or out of time); `table`:
    the table as the lobby describes it now (None when it could not be read)."""

    seat: int
    reason: HandOverReason
    table: TableOut | None


@dataclass(frozen=True)
class ClockRanOut:
    """The time of `seat` ran out: the computer plays this move for it (or, with
    `on_timeout: lose`, the seat is handed over: a `SeatHandedOver` follows).
    Turn-based (`turn_based`): `level` is the computer level that plays this one turn
    for the person (None: they lose)."""

    seat: int
    level: str | None = None
    turn_based: bool = False
    account: int | None = None
    seq: int | None = None
    """Turn-based: the position whose time ran out (told with the computer's move)."""


@dataclass(frozen=True)
class TurnStarted:
    """Turn-based: the person of `account` at `seat` is to move in position `seq` by
    `deadline` (UTC: the move's days, their time bank and vacation counted). Told again
    whenever the deadline moves (a vacation taken) and when a process takes the table
    up (a restart): the pair (`seq`, `deadline`) tells repeats apart."""

    seat: int
    account: int | None
    seq: int
    deadline: datetime
    move_ends: datetime
    """When the move's own days are up (the time bank is used after that)."""


@dataclass(frozen=True)
class DeadlineFollowed:
    """Turn-based, at a process that does not hold the table: the deadline of the person
    to move in position `seq` worked out anew here, for this process's pages (a new
    position, a vacation taken or ended, days given; `turns.Turns.follow`). Not a
    `TurnStarted`: the holder alone stores and tells the deadline (notifications)."""

    seq: int


@dataclass(frozen=True)
class TimeBankUsed:
    """Turn-based: the move's days of `seat` are up, its time bank (`bank_ms`) runs
    now, until `deadline`."""

    seat: int
    account: int | None
    seq: int
    bank_ms: int
    deadline: datetime


@dataclass(frozen=True)
class VacationStarted:
    """The person of `account` at `seat` is on vacation until `until`: their clock at
    this turn-based table stands still until then."""

    seat: int
    account: int
    until: datetime


TurnNotice = ClockRanOut | TimeBankUsed | VacationStarted
"""What the server did on its own at a turn-based table, told in the table's log."""


@dataclass(frozen=True)
class NoticesFollowed:
    """Notices another process stored in the table's log (a vacation taken there, a time
    bank used or a clock run out at a table it holds), read back here to tell this
    process's connections. Only told: the alerts and emails went from the process that
    acted."""

    notices: tuple[TableNotice, ...]


@dataclass(frozen=True)
class GameFinished:
    """The game has ended and its result is committed."""

    result: dict[str, Any] | None


@dataclass(frozen=True)
class SeatTakenBack:
    """The person of `seat` came back and plays it again (the substitute stops);
    `table`: the table as the lobby describes it now."""

    seat: int
    table: TableOut | None


@dataclass(frozen=True)
class TableAborted:
    """The table ended without a result: aborted by the person of seat `by` before every
    person had moved, or (`by` None) nobody moved after the start and nobody came.
    `table`: the table as the lobby describes it now (None: not read)."""

    by: int | None = None
    table: TableOut | None = None


@dataclass(frozen=True)
class TableAbandoned:
    """No person was at the running table for the abandon time: it ended without a
    result (`table` as the lobby describes it now)."""

    table: TableOut | None = None


@dataclass(frozen=True)
class GamePaused:
    """The one person at a table of computers left it (`paused` True) or came back:
    while paused no clock runs and no computer moves. `table`: as the lobby describes it
    now."""

    paused: bool
    table: TableOut | None = None


@dataclass(frozen=True)
class ClockExtended:
    """The table's creator gave `seat` more time (`extending.py`): its clock as the
    position shows it, and `table` as the lobby describes it now (the clock's record of
    extensions, which the log words)."""

    seat: int
    table: TableOut | None = None


@dataclass(frozen=True)
class TableChanged:
    """The lobby changed the table (seats, start, rematch, a seat given up through
    another process): `table` as the lobby describes it now, its status before and now."""

    table: TableOut
    was: str
    now: str


@dataclass(frozen=True)
class TakebackAsked:
    """A takeback was asked, or answered and still waits (or was declined): `request`
    as it stands now."""

    request: TakebackRequest


@dataclass(frozen=True)
class TakebackApplied:
    """Every person accepted: the entries after the request's `keep` are withdrawn by
    the takeback entry at `seq` (an `EntriesCommitted` comes with it)."""

    seq: int
    moves: int


@dataclass(frozen=True)
class ChatLine:
    """A chat line said at the table (here or through another process); `to`: only this
    connection (the recent lines for one that just opened), else everyone who hears
    the chat."""

    line: ChatOut
    to: Connection | None = None


@dataclass(frozen=True)
class PresenceChanged:
    """Who is here: told to every connection when it `changed`, else only to `to` (a
    connection that just opened)."""

    presence: PresenceOut
    changed: bool
    to: Connection | None = None


@dataclass(frozen=True)
class SeatsAnnounced:
    """The seats this process has connections for and who watches through it changed:
    the other processes are told (cluster news)."""

    seats: tuple[int, ...]
    watchers: tuple[str, ...]


@dataclass(frozen=True)
class PositionAsked:
    """One connection asks for the position and the entries after `since` (it opened,
    reconnected, changed its language, or its move was for an older position)."""

    to: Connection
    since: int


@dataclass(frozen=True)
class Refused:
    """A request of one connection was refused; nothing changed. `code` is always a
    `Code`, whatever the transport."""

    to: Connection
    code: Code
    message: str
    seq: int | None = None
    rule: str | None = None
    """For an illegal move: the anchor of the rule it broke in the rules summary."""

    @classmethod
    def of(cls, to: Connection, refusal: Refusal, seq: int | None = None) -> Refused:
        return cls(to, refusal.code, refusal.message, seq, refusal.rule)


@dataclass(frozen=True)
class Replied:
    """An answer to one connection alone (an ack of its move, a pong, the table as it
    sees it when it opens)."""

    to: Connection
    message: ServerMessage


Event = (
    EntriesCommitted
    | EntriesFollowed
    | PositionReloaded
    | SeatHandedOver
    | SeatTakenBack
    | ClockRanOut
    | TurnStarted
    | DeadlineFollowed
    | TimeBankUsed
    | VacationStarted
    | NoticesFollowed
    | GameFinished
    | TableAborted
    | TableAbandoned
    | GamePaused
    | ClockExtended
    | TableChanged
    | TakebackAsked
    | TakebackApplied
    | ChatLine
    | PresenceChanged
    | SeatsAnnounced
    | PositionAsked
    | Refused
    | Replied
)
"""Everything that happens at a table."""

Events = list[Event]


Told = SeatHandedOver | SeatTakenBack | TableAborted | TableAbandoned | GamePaused | ClockExtended
"""Events that change the table as the lobby describes it (`table`) and the position
shown (whose turn, the status)."""


def shows_new_position(event: Event) -> bool:
    """Whether the connections are to be shown the position again after `event`."""
    if isinstance(event, TableChanged):
        return TableStatus.RUNNING in (event.was, event.now)
    shown = EntriesCommitted | EntriesFollowed | PositionReloaded | Told
    return isinstance(event, shown | TurnStarted | DeadlineFollowed)


def moves_on(event: Event) -> bool:
    """Whether the table's next turn is to be set going after `event` (the clocks, the
    computer seat to move, the round time)."""
    if isinstance(event, TableChanged):
        return event.was == TableStatus.RUNNING
    return isinstance(event, EntriesCommitted | EntriesFollowed | Told)


class RefusalAfter(Refusal):
    """A refusal that came after something had happened at the table, which is to be
    told all the same (`events`): a move for an old position once the table caught up
    with another process's, a move refused after the table was read again."""

    def __init__(self, refusal: Refusal, events: Sequence[Event]) -> None:
        super().__init__(refusal.code, refusal.message, refusal.retry_after, refusal.rule)
        self.events = list(events)


@contextmanager
def keeping(events: Events) -> Iterator[None]:
    """A Refusal raised in the block carries the `events` gathered before it."""
    try:
        yield
    except RefusalAfter as refused:
        if events:
            raise RefusalAfter(refused, [*events, *refused.events]) from None
        raise
    except Refusal as refused:
        if events:
            raise RefusalAfter(refused, events) from None
        raise
