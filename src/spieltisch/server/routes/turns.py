"""Turn-based play for a person: "my games" (the tab title counts those waiting for me)
and the vacation that stops my clocks in every turn-based game (not tournament games).
The rules are in `spieltisch.server.table.turns`."""

from __future__ import annotations

from fastapi import APIRouter, Request

from spieltisch.server.i18n import request_language
from spieltisch.server.routes.context import Me, Svc
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.server.schemas.turns import MyTurnGames, VacationIn, VacationOut
from spieltisch.server.services.turn_games import TurnGames

router = APIRouter(prefix="/api", tags=["turn-based"], responses=REFUSALS)


def _games(svc: Svc) -> TurnGames:
    return TurnGames(svc.database, svc.runtime, svc.settings.vacation_days)


@router.get("/me/turns", response_model=MyTurnGames)
async def my_turn_games(request: Request, me: Me, svc: Svc, lang: str | None = None) -> MyTurnGames:
    """Your running turn-based games, those waiting for your move first, with the time
    left, the last move in words (`lang`: de, en, fr) and a link."""
    language = request_language(
        request.headers.get("cookie"), request.headers.get("accept-language"), lang
    )
    return await _games(svc).of(me, language)


@router.get("/me/vacation", response_model=VacationOut)
async def my_vacation(me: Me, svc: Svc) -> VacationOut:
    """Your vacation days this year: the allowance, taken, left, and the one under way."""
    return await _games(svc).vacation(me)


@router.post("/me/vacation", response_model=VacationOut)
async def take_vacation(body: VacationIn, me: Me, svc: Svc) -> VacationOut:
    """Go on vacation from now for `days`: your clocks in every turn-based game (not
    tournament games) stand still until then; the others are told at each table."""
    return await _games(svc).take(me, body.days)


@router.delete("/me/vacation", response_model=VacationOut)
async def end_vacation(me: Me, svc: Svc) -> VacationOut:
    """End your vacation now; the days not used come back."""
    return await _games(svc).end(me)
