"""The one publisher of a table: events in, messages out.

A command on a table returns events (`events.py`); the publisher turns them into each
connection's message (each seat's view, the spectators', in each language), into the
news for the other processes, and hands them to its subscribers. No other module puts a
message in a connection's outbox (`tests/test_layers.py` checks it); the WebSocket
writer (`routes/websocket.py`) carries the outboxes to the wire.

Each distinct message is rendered and serialised once, not once per connection: the
state message once per (seat, language, last position seen, whole board or layers),
its board once per position and language (`view.py`), a chat line or who is here once
for all. A connection that keeps the boards' static layers (the web page) gets each
layer once, before the first state message that needs it, so the state messages stay
shared among the connections.

News that must leave only once something is committed (a move, a chat line, a takeback)
leaves inside the storage's transaction (`storage.py`); the publisher sends the news
that needs no transaction (which seats have a connection here).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache, partial

from spieltisch.core import svg
from spieltisch.server.description.privacy import table_for
from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.infra.metrics import REFUSALS
from spieltisch.server.schemas.messages import (
    ErrorOut,
    LayerOut,
    ServerMessage,
    TableOut,
    TakebackOut,
)
from spieltisch.server.table import notices, view
from spieltisch.server.table.background import Background
from spieltisch.server.table.chat import hears_line
from spieltisch.server.table.events import (
    ChatLine,
    Event,
    NoticesFollowed,
    PositionAsked,
    PresenceChanged,
    RefusalAfter,
    Refused,
    Replied,
    SeatsAnnounced,
    TableChanged,
    TakebackApplied,
    TakebackAsked,
    Told,
    shows_new_position,
)
from spieltisch.server.table.notices import is_notice
from spieltisch.server.table.room import Connection, Room, TakebackRequest

Subscriber = Callable[[Room, Sequence[Event]], None]
"""Hears every batch of events a table published (after the connections were told);
runs holding the room's lock, so it starts work rather than waiting for it."""


class Publisher:
    def __init__(self, cluster: Cluster, background: Background) -> None:
        self.cluster = cluster
        self.background = background
        self.subscribers: list[Subscriber] = []
        """Who else hears of what happens at the tables: the scheduler (the next turn),
        the finishing hooks (a tournament takes a result); later notifications and an
        announcer for screen readers."""
        self._announcements = 0

    @asynccontextmanager
    async def holding(self, room: Room) -> AsyncIterator[list[Event]]:
        """Hold the room's lock for a command: the events it adds to the list are
        published before the lock is let go, also when it is refused after something
        happened (a move overtaken by another process's: the table caught up)."""
        async with room.lock:
            events: list[Event] = []
            try:
                yield events
            except RefusalAfter as refused:
                events.extend(refused.events)
                raise
            finally:
                self.publish(room, events)

    def publish(self, room: Room, events: Sequence[Event]) -> None:
        """Tell the connections, the other processes and the subscribers (in that order)
        what happened at `room`. A batch shows one position: the room's as it is now."""
        if not events:
            return
        shown = False
        for event in events:
            if shows_new_position(event) and not shown:
                if isinstance(event, Told | TableChanged):
                    self._table(room, event.table)
                self._broadcast(room)
                shown = True
            elif isinstance(event, TableChanged | Told):
                self._table(room, event.table)
            else:
                self._tell(room, event)
        for subscriber in self.subscribers:
            subscriber(room, events)

    def _tell(self, room: Room, event: Event) -> None:
        if isinstance(event, PositionAsked):
            to = event.to
            _send_state(to, _state_text(room, to.seat, to.language, event.since, _keeps(to)))
            to.last_seq = room.seq
        elif isinstance(event, Refused):
            REFUSALS.labels(event.code.value, "ws").inc()
            error = ErrorOut(code=event.code, message=event.message, seq=event.seq, rule=event.rule)
            _send(event.to, error)
        elif isinstance(event, Replied):
            _send(event.to, event.message)
        elif isinstance(event, ChatLine):
            text = _text(event.line)
            for connection in [event.to] if event.to is not None else list(room.connections):
                if hears_line(room, connection, event.line):
                    connection.send_text(text)
        elif isinstance(event, PresenceChanged):
            text = _text(event.presence)
            for connection in list(room.connections):
                if event.changed or connection is event.to:
                    connection.send_text(text)
        elif isinstance(event, TakebackAsked | TakebackApplied):
            _everyone(room.connections, _text(takeback_message(event)))
        elif is_notice(event):
            _each_language(room, partial(notices.told, room, event))
        elif isinstance(event, NoticesFollowed):
            for row in event.notices:
                _each_language(room, partial(notices.stored, room, row))
        elif isinstance(event, SeatsAnnounced):
            self._announcements += 1
            self.background.spawn(
                self.cluster.announce_here(
                    room.id, self._announcements, list(event.seats), event.watchers
                )
            )
        # The others (a clock run out, a game finished, a table aborted) show in the
        # position or are for the subscribers.

    def _broadcast(self, room: Room) -> None:
        """Every connection gets the position: one message built and serialised for each
        distinct (seat, language, last seq seen, layers kept or not), and shared."""
        texts: dict[tuple[int | None, str, int, bool], StateText] = {}
        now = view.moment(room) if room.connections else None
        for connection in list(room.connections):
            key = (connection.seat, connection.language, connection.last_seq, _keeps(connection))
            text = texts.get(key)
            if text is None:
                text = texts[key] = _state_text(room, *key, now)
            _send_state(connection, text)
            connection.last_seq = room.seq

    def _table(self, room: Room, table: TableOut | None) -> None:
        """The table as each connection's account may see it (once per account)."""
        if table is None:
            return
        texts: dict[int | None, str] = {}
        for connection in list(room.connections):
            account = connection.account_id
            if account not in texts:
                texts[account] = _text(table_for(table, account))
            connection.send_text(texts[account])


def takeback_message(event: TakebackAsked | TakebackApplied) -> TakebackOut:
    """The `takeback` message of a takeback asked, answered or done."""
    if isinstance(event, TakebackApplied):
        return TakebackOut(asked_by=None, seq=event.seq, moves=event.moves, waiting=[])
    return _request_message(event.request)


def _request_message(asked: TakebackRequest) -> TakebackOut:
    if asked.declined_by is not None:
        return TakebackOut(
            asked_by=None,
            seq=asked.seq,
            moves=asked.moves,
            waiting=[],
            declined_by=asked.declined_by,
        )
    return TakebackOut(
        asked_by=asked.seat, seq=asked.seq, moves=asked.moves, waiting=sorted(asked.waiting)
    )


def _text(message: ServerMessage) -> str:
    return message.model_dump_json(exclude_none=False)


StateText = tuple[str, tuple[str, ...]]
"""A state message serialised, and the keys of the static layers its board leaves out."""


def _keeps(connection: Connection) -> bool:
    """Whether the connection keeps the static layers (its boards have placeholders)."""
    return connection.layers is not None


def _state_text(
    room: Room,
    seat: int | None,
    lang: str,
    since: int,
    layers: bool,
    now: view.Moment | None = None,
) -> StateText:
    message = view.state_message(room, seat, lang, since, layers, now)
    board = message.board_svg
    keys = tuple(dict.fromkeys(svg.LAYER.findall(board))) if layers and board else ()
    return _text(message), keys


def _send_state(connection: Connection, state: StateText) -> None:
    """The state message, after each static layer its board needs that the connection
    was not sent yet."""
    text, keys = state
    sent = connection.layers
    if sent is not None:
        for key in keys:
            if key not in sent:
                connection.send_text(_layer_text(key))
                sent.add(key)
    connection.send_text(text)


@lru_cache(maxsize=256)
def _layer_text(key: str) -> str:
    """A static layer's message (the same for every connection: serialised once)."""
    return _text(LayerOut(key=key, svg=svg.layer_markup(key)))


def _each_language(room: Room, message: Callable[[str], ServerMessage]) -> None:
    """A message for every connection, rendered once per language."""
    texts: dict[str, str] = {}
    for connection in list(room.connections):
        lang = connection.language
        if lang not in texts:
            texts[lang] = _text(message(lang))
        connection.send_text(texts[lang])


def _send(connection: Connection, message: ServerMessage) -> None:
    connection.send_text(_text(message))


def _everyone(connections: Iterable[Connection], text: str) -> None:
    for connection in list(connections):
        connection.send_text(text)
