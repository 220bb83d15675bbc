"""The review of a finished game for the replay page: start it, follow it, read it.

Who may see a review: whoever may fetch the record (`GET /api/records/{id}`), since the
record shows the whole game and a review adds only the searches' opinion of it. A
finished table's record is public after the end (`GET /api/games/{id}/record`), which is
how the replay page gets it. Each seat's decisions are still judged only from what that
seat could see at the time (the review's searches deal hidden cards anew from its view).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request

import spieltisch
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import (
    Svc,
    address,
    check_rate,
    known_language,
)
from spieltisch.server.schemas.rest import REFUSALS, ReviewOut

router = APIRouter(prefix="/api", tags=["reviews"], responses=REFUSALS)


@router.get("/records/{record_id}/review", response_model=ReviewOut)
async def get_review(record_id: str, svc: Svc, lang: str = "en") -> ReviewOut:
    """The record's review as far as it goes (the page asks again while it runs)."""
    code = known_language(lang)
    record = await svc.records.uploaded(record_id)
    return await svc.reviews.shown(await svc.reviews.find(record), record, code)


@router.post("/records/{record_id}/review", response_model=ReviewOut, status_code=202)
async def start_review(record_id: str, request: Request, svc: Svc, lang: str = "en") -> ReviewOut:
    """Analyse a finished game in the server's worker pool: once per game (a game asked
    for again, or uploaded again, gets the kept review), one analysis at a time. Asking
    is limited per account and per address (429)."""
    code = known_language(lang)
    asker = svc.sessions.of(request)
    check_rate(request, "reviews", asker)
    record = await svc.records.uploaded(record_id)
    finished = await asyncio.to_thread(lambda: spieltisch.load_record(record).is_terminal())
    if not finished:
        raise Refusal(
            Code.CONFLICT, _("only a finished game can be reviewed: this record ends early")
        )
    row = await svc.reviews.start(record, asker or f"address {address(request)}")
    return await svc.reviews.shown(row, record, code)
