"""What the fault tests check against the database: the move log as it was committed."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

import spieltisch
from spieltisch.store import Database
from spieltisch.store.models import MoveEntry
from tests.server.client import ResilientSeat


async def move_log(url: str, table: str) -> list[MoveEntry]:
    database = Database(url)
    try:
        async with database.session() as session:
            rows = await session.execute(
                select(MoveEntry).filter_by(table_id=table).order_by(MoveEntry.seq)
            )
            return list(rows.scalars())
    finally:
        await database.close()


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def check_told_against_log(
    url: str, table: str, game: str, options: dict[str, Any], seats: list[ResilientSeat]
) -> list[MoveEntry]:
    """Every move a client was told about is in the log at its seq, none twice, every own
    move acknowledged is there, and the log replays to the position each client saw last."""
    log = await move_log(url, table)
    assert [row.seq for row in log] == list(range(1, len(log) + 1)), "a gap or a repeat"
    entries = [row.entry for row in log]
    for seat in seats:
        for seq, move in seat.told.items():
            assert seq <= len(log), f"seq {seq} was told but is not in the log"
            if move is not None:
                assert entries[seq - 1] == move, f"seq {seq}: told {move}, log {entries[seq - 1]}"
        me = seat.last.get("seat")
        mine = [row for row in log if row.seat == me]
        assert len(seat.acked) <= len(mine), f"seat {me} was acknowledged more than it moved"
        for seq, move in seat.acked:
            assert any(row.entry == move for row in mine if row.seq <= seq), f"{move} is lost"
        if seat.last:
            at = seat.last["seq"]
            state = spieltisch.load(game, **options).replay(entries[:at])
            assert _plain(state.view(me)) == seat.last["view"], f"seat {me} saw another position"
    return log
