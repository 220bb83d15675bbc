"""A hint at the table: the engine's best move and its win chance for the person to move
(`services/play_aids.py` says when a game allows one)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from spieltisch.server.routes.context import Me, Svc, check_rate, known_language
from spieltisch.server.schemas.rest import REFUSALS, HintOut, TableId

router = APIRouter(prefix="/api", tags=["lobby"], responses=REFUSALS)


@router.get("/tables/{table_id}/hint", response_model=HintOut)
async def table_hint(
    table_id: TableId, request: Request, me: Me, svc: Svc, lang: str = "en"
) -> HintOut:
    """The engine's best move for your seat, when it is your turn (not in tournament games)."""
    known_language(lang)
    check_rate(request, "moves", me)
    return await svc.play_aids.hint(table_id, me, lang)
