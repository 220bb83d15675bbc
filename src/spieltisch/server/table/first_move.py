"""A clock that runs out before its person's first move aborts the table instead of
losing the seat, as lichess aborts a game whose player never began: nobody loses a game
they never played, nobody is rated, and the table says who did not begin.

Only where the time running out would lose the seat (`on_timeout: lose`, or a person
left alone: `scheduler.left_alone`), and only while the table may still be aborted
(`Room.abortable`: not every person has moved, not a tournament's game); a person alone
against computers keeps their game as before.
"""

from __future__ import annotations

from typing import Any

from spieltisch.server.refusal import unavailable
from spieltisch.server.table.events import ClockRanOut, Events, TableAborted
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import TableStatus


def first_move_missed(room: Room, seat: int) -> bool:
    """Whether `seat`'s time ran out before its person's first move at a table that may
    still be aborted (and is not one person's game against computers)."""
    return (
        room.abortable()
        and not room.alone_against_computers()
        and not any(item.seat == seat for item in room.log)
    )


def ending_of(seat: int) -> dict[str, Any]:
    """The table's `ending`: aborted by nobody, because `seat` made no first move in time."""
    return {"how": "aborted", "by": None, "no_first_move": seat}


async def abort_unbegun(storage: TableStorage, room: Room, seat: int) -> Events:
    """Abort the table: `seat` made no first move in time (call it holding the room's
    lock). Refusal (database unavailable) when it could not be stored; no events when
    the table had ended meanwhile through another process (read again next time)."""
    ending = ending_of(seat)
    try:
        described = await storage.abort(room.id, ending)
    except UNAVAILABLE:
        raise unavailable() from None
    if described is None:
        room.stale = True
        return []
    room.table.status, room.table.ending = TableStatus.ABORTED, ending
    return [ClockRanOut(seat), TableAborted(None, described)]
