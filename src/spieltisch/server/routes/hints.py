"""A hint at the table: the engine's best move and its win chance for the person to move.

Off in rated games, as on lichess (`TablePolicy.hints`): tournament games, and games where
every seat is a different person; casual games have a computer seat. The search runs
in the worker pool and sees only what the seat may see (`spieltisch.agents.hint` deals
hidden cards anew from the seat's view).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

import spieltisch
from spieltisch.agents import Budget, hint
from spieltisch.server.description.policy import Rated
from spieltisch.server.i18n import _
from spieltisch.server.infra.fair import Lane
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.api import Me
from spieltisch.server.routes.context import Services, check_rate, known_language, services
from spieltisch.server.schemas.rest import REFUSALS, TableId
from spieltisch.server.table import parts
from spieltisch.store.models import TableStatus

router = APIRouter(prefix="/api", tags=["lobby"], responses=REFUSALS)
Svc = Annotated[Services, Depends(services)]
HINT_BUDGET = "0.5s"
"""How long the engine looks for a hint (the computer's `expert` level, in a worker)."""


class HintOut(BaseModel):
    move: str
    words: str
    """The move in words, in the language asked for."""
    win_chance: float
    """The seat's chance to win after it, 0..1, as the engine sees it."""


def best_move(game: str, options: dict[str, Any], history: list[str]) -> tuple[str, float]:
    """The best move and its win chance for the player to move (runs in a worker)."""
    state = spieltisch.load(game, **options).replay(history)
    advice = hint(state, level="expert", budget=Budget.parse(HINT_BUDGET), seed=None)
    return advice.move, advice.win_chance


@router.get("/tables/{table_id}/hint", response_model=HintOut)
async def table_hint(
    table_id: TableId, request: Request, me: Me, svc: Svc, lang: str = "en"
) -> HintOut:
    """The engine's best move for your seat, when it is your turn (not in tournament games)."""
    known_language(lang)
    check_rate(request, "moves", me)
    room = await svc.runtime.room(table_id)
    rated = room.policy.rated_by
    if rated == Rated.TOURNAMENT:
        raise Refusal(Code.FORBIDDEN, _("no hints in a tournament game: its result is rated"))
    running = room.table.status == TableStatus.RUNNING
    if running and not any(s.played_by(me) for s in room.seats):
        raise Refusal(Code.FORBIDDEN, _("a hint is for the players of the table"))
    seat = room.to_move() if running else None
    if seat is not None and rated == Rated.SEATING:
        raise Refusal(
            Code.FORBIDDEN,
            _("no hints in a rated game: hints are for casual games, with a computer seat"),
        )
    if seat is None or not room.seats[seat].played_by(me):
        raise Refusal(Code.CONFLICT, _("a hint is for the player to move, on their turn"))
    state = room.state
    move, chance = await svc.pool.run(
        best_move,
        room.table.game,
        dict(room.table.options),
        state.history(),
        lane=Lane.ASK,
        account=me,
        table=table_id,
    )
    return HintOut(move=move, words=parts.describe(state, move, lang), win_chance=chance)
