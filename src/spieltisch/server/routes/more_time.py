"""More time for a person during a game, given by the table's creator (WCAG 2.2.1); the
rules are in `spieltisch.server.table.extending`."""

from __future__ import annotations

from fastapi import APIRouter

from spieltisch.server.routes.context import Me, Svc
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.schemas.rest import REFUSALS, MoreTimeIn, TableId

router = APIRouter(prefix="/api", tags=["lobby"], responses=REFUSALS)


@router.post("/tables/{table_id}/more-time", response_model=TableOut)
async def give_more_time(table_id: TableId, body: MoreTimeIn, me: Me, svc: Svc) -> TableOut:
    """The table's creator gives a person's `seat` more time: `seconds` more (with a clock
    per move for each of the seat's moves from now on, with a clock per game once), or
    `double` its time per move or its time left; at a turn-based table `days` more in
    the seat's time bank. The table's clock keeps each extension (`clock.extensions`,
    with the `seq` it followed) and `clock.extra` the seconds added to each move of a
    seat. Not in a tournament game."""
    return await svc.runtime.extending.extend(
        table_id, me, body.seat, body.seconds, body.double, body.days
    )
