"""Takebacks at a table: ask to take back your last move; the others accept or decline.

Only in casual games, as on lichess (`services/play_aids.py`); the table's rules for what
may be taken back are in `spieltisch.server.table.takebacks`.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from spieltisch.server.routes.context import Me, Svc, check_rate
from spieltisch.server.schemas.messages import TakebackOut
from spieltisch.server.schemas.rest import REFUSALS, AnswerIn, TableId

router = APIRouter(prefix="/api", tags=["lobby"], responses=REFUSALS)


@router.post("/tables/{table_id}/takeback", response_model=TakebackOut)
async def ask_takeback(table_id: TableId, request: Request, me: Me, svc: Svc) -> TakebackOut:
    """Ask to take back your last move (and what followed it): done at once when only
    computers would have to agree, else when every other person accepts."""
    check_rate(request, "moves", me)
    return await svc.play_aids.ask_takeback(table_id, me)


@router.post("/tables/{table_id}/takeback/answer", response_model=TakebackOut)
async def answer_takeback(
    table_id: TableId, answer: AnswerIn, request: Request, me: Me, svc: Svc
) -> TakebackOut:
    """Accept or decline the takeback asked at the table."""
    check_rate(request, "moves", me)
    return await svc.play_aids.answer_takeback(table_id, me, answer.accept)
