"""Takebacks at a table: ask to take back your last move; the others accept or decline.

Only in casual games (`TablePolicy.takebacks`), as on lichess; the table's rules for what may be
taken back are in `spieltisch.server.table.takebacks`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.api import Me
from spieltisch.server.routes.context import Services, check_rate, services
from spieltisch.server.schemas.messages import TakebackOut
from spieltisch.server.schemas.rest import REFUSALS, TableId
from spieltisch.server.table.room import Room

router = APIRouter(prefix="/api", tags=["lobby"], responses=REFUSALS)
Svc = Annotated[Services, Depends(services)]


class AnswerIn(BaseModel):
    accept: bool
    """true: take the moves back; false: decline (the request ends)."""


async def _seated(svc: Services, table_id: str, me: int) -> tuple[Room, int]:
    room = await svc.runtime.room(table_id)
    seat = room.seat_of(me, None)
    if seat is None:
        raise Refusal(Code.FORBIDDEN, _("takebacks are for the people playing at the table"))
    return room, seat


@router.post("/tables/{table_id}/takeback", response_model=TakebackOut)
async def ask_takeback(table_id: TableId, request: Request, me: Me, svc: Svc) -> TakebackOut:
    """Ask to take back your last move (and what followed it): done at once when only
    computers would have to agree, else when every other person accepts."""
    check_rate(request, "moves", me)
    room, seat = await _seated(svc, table_id, me)
    if room.policy.rated:
        raise Refusal(
            Code.FORBIDDEN,
            _("no takebacks in a rated game: takebacks are for casual games, with a computer seat"),
        )
    return await svc.runtime.ask_takeback(room, seat)


@router.post("/tables/{table_id}/takeback/answer", response_model=TakebackOut)
async def answer_takeback(
    table_id: TableId, answer: AnswerIn, request: Request, me: Me, svc: Svc
) -> TakebackOut:
    """Accept or decline the takeback asked at the table."""
    check_rate(request, "moves", me)
    room = await svc.runtime.room(table_id)
    return await svc.runtime.answer_takeback_as(room, me, answer.accept)
