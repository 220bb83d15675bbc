"""Loading a table into memory, and catching up with what other processes appended.

A table is its options plus its append-only log: `load` replays the log through the
engine, which is how the server recovers after a restart; `catch_up` applies only the
entries after the position in memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

import spieltisch
from spieltisch.server.i18n import _
from spieltisch.server.infra.moved_news import AppendNews
from spieltisch.server.refusal import Code, Refusal, unavailable
from spieltisch.server.table.events import EntriesFollowed, Events, PositionReloaded
from spieltisch.server.table.log import KEEP_BEFORE, LogItem, advanced, chance_turn, forget_old
from spieltisch.server.table.room import Room, SeatState, wall
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.log_entries import LoggedEntry, Takeback
from spieltisch.store.models import GameTable


async def load(storage: TableStorage, table_id: str) -> Room:
    """The table rebuilt from its log (Refusal not_found when there is no such table)."""
    stored = await storage.load(table_id)
    if stored is None:
        raise Refusal(Code.NOT_FOUND, _("no table {table}").format(table=table_id))
    table, entries = stored.table, stored.entries
    state = spieltisch.load(table.game, **table.options).new_state()
    items: list[LogItem] = []
    for index, row in enumerate(entries):
        if row.seq != index + 1:
            raise RuntimeError(f"table {table_id}: move log has a gap before seq {row.seq}")
        before = None
        turn = chance_turn(state, row.seat)
        if index >= len(entries) - KEEP_BEFORE:
            before, state = state, state.clone()
        item = LogItem(row.seq, row.entry, before, turn=turn)
        items.append(item)
        state = advanced(state, row.entry, items, row.seq)
    away = {seat.seat: wall(seat.away_since) for seat in stored.seats if seat.away_since}
    return Room(
        table=table,
        seats=[SeatState.of(seat) for seat in stored.seats],
        state=state,
        log=items,
        turn_started=turn_started(table, entries[-1].created_at if entries else None),
        names=stored.names,
        # Away through every process since then (a person connected elsewhere is
        # here again once that process answers the room's "ask").
        away_since=away,
        away_stored=dict(away),
    )


def turn_started(table: GameTable, last_entry: datetime | None) -> float:
    """When the turn to move began: the last entry's time (the start's without one), or
    when the game resumed from a pause, if later (a pause runs no clock)."""
    started = wall(last_entry or table.started_at)
    return started if table.resumed_at is None else max(started, wall(table.resumed_at))


async def catch_up(storage: TableStorage, room: Room, news: AppendNews | None = None) -> Events:
    """Take in what other processes appended to the table's log (call it holding the
    room's lock): the entries their `news` carried when they continue the room's log,
    else those read from the database."""
    heard = news if news is not None and news.follows(room.seq) else None
    rows: Sequence[LoggedEntry] = (
        heard.entries if heard is not None else await storage.entries_after(room.id, room.seq)
    )
    if not rows:
        return []
    state = room.state
    items: list[LogItem] = []
    for row in rows:
        if row.seq != room.seq + len(items) + 1:
            raise RuntimeError(f"table {room.id}: move log has a gap before seq {row.seq}")
        before, state = state, state.clone()
        turn = chance_turn(before, row.seat)
        items.append(LogItem(row.seq, row.entry, before, turn=turn))
        # A takeback replays the log (the whole of it, only then).
        so_far = [*room.log, *items] if isinstance(row.entry, Takeback) else items
        state = advanced(state, row.entry, so_far, row.seq)
    # A move's transaction changes the table row only when it ends the game and the
    # seats only for the clock; other changes come as their own news (on_changed).
    # Read them only then (the clocks not even then when the news carried them).
    if state.is_terminal() or (room.clock is not None and heard is None):
        table, seats = await storage.table_and_seats(room.id)
        if table is not None:
            room.table = table
        room.seats = [SeatState.of(seat) for seat in seats]
    elif heard is not None:
        for seat, left in heard.time_left.items():
            if 0 <= seat < len(room.seats):
                room.seats[seat] = replace(room.seats[seat], time_left_ms=left)
    room.state = state
    room.log.extend(items)
    room.turn_started = turn_started(room.table, rows[-1].created_at)
    forget_old(room.log)
    return [EntriesFollowed(items[0].seq, items[-1].seq)]


async def refresh(storage: TableStorage, room: Room) -> Events:
    """Take the database's word for the table (after the database was away); Refusal
    while it is still away."""
    try:
        fresh = await load(storage, room.id)
    except UNAVAILABLE:
        raise unavailable() from None
    room.take(fresh)
    room.stale = False
    return [PositionReloaded()]
