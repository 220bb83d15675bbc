"""The tournament routes: a director creates a tournament, starts rounds (online or on
real boards), changes them and enters or corrects results; everyone reads the list, the
rounds, tables and standings. The players' routes are in `tournament_players.py`, the
files (CSV, spreadsheets, printouts, the hall screen) in `tournament_files.py`.

Whoever creates a tournament through the API directs it (the ledger's first entry says
`account:<id>`); every director's step is kept with who took it and when.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request

from spieltisch.core.i18n import language
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Me, Svc, check_rate, known_language
from spieltisch.server.routes.tournament_view import audit, describe, directed
from spieltisch.server.schemas.hall import HallIn
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.server.schemas.tournaments import (
    AuditOut,
    AwardIn,
    RatingIn,
    ReasonIn,
    ResultIn,
    RoundIn,
    SwapIn,
    TakeOverIn,
    TournamentIn,
    TournamentList,
    TournamentOut,
    TournamentRef,
)
from spieltisch.server.services.tournaments import Step, acting
from spieltisch.tournament.settings import Settings

router = APIRouter(tags=["tournaments"], responses=REFUSALS)


# -- reading ---------------------------------------------------------------------------------


@router.get("/api/tournaments", response_model=TournamentList)
async def list_tournaments(svc: Svc) -> TournamentList:
    """Every tournament, newest first."""
    found = []
    for row, tournament in reversed(await svc.tournaments.every()):
        found.append(
            TournamentRef(
                id=row.id,
                name=row.name,
                game=row.game,
                title=tournament.game.title,
                rounds=tournament.settings.rounds,
                seated=len(tournament.rounds),
                players=len(tournament.players),
                finished=tournament.finished,
                created_at=row.created_at,
            )
        )
    default = Settings.model_fields["game"].default
    return TournamentList(tournaments=found, default_game=default)


@router.get("/api/tournaments/{identifier}", response_model=TournamentOut)
async def get_tournament(
    identifier: str, request: Request, svc: Svc, lang: str | None = None
) -> TournamentOut:
    """Players, rounds with their tables (colours, online tables, results), standings;
    texts in `lang` (default: the request's Accept-Language)."""
    seen = await svc.tournaments.page(identifier)
    if lang is None:
        return describe(seen, svc.sessions.of(request))
    with language(known_language(lang)):
        return describe(seen, svc.sessions.of(request))


@router.get(
    "/api/tournaments/{identifier}/rounds/{round_number}/tables/{table}",
    response_model=AuditOut,
)
async def table_history(identifier: str, round_number: int, table: int, svc: Svc) -> AuditOut:
    """Every result entered for a table, oldest first: who entered it and when."""
    seen = await svc.tournaments.named(identifier)
    seen.tournament._table(round_number, table)
    return audit(seen, round_number, table)


# -- the director's steps --------------------------------------------------------------------


@router.post("/api/tournaments", response_model=TournamentOut, status_code=201)
async def create_tournament(
    body: TournamentIn, request: Request, me: Me, svc: Svc
) -> TournamentOut:
    """A new tournament directed by you; the seed is published with it. New tournaments
    are limited per account and per address (429)."""
    check_rate(request, "tournaments", me)
    values: dict[str, Any] = body.model_dump(exclude_none=True)
    values["seed"] = body.seed or secrets.token_hex(8)
    values["points"] = tuple(body.points)
    if body.tiebreaks is not None:
        values["tiebreaks"] = tuple(body.tiebreaks)
    for name in ("round_minutes", "move_seconds"):
        if getattr(body, name) is None:
            values[name] = None
    settings = Settings.parse(**values)
    return describe(await svc.tournaments.create(settings, me), me)


@router.post("/api/tournaments/{identifier}/director", response_model=TournamentOut)
async def take_over(identifier: str, body: TakeOverIn, me: Me, svc: Svc) -> TournamentOut:
    """Direct the tournament from now on with the one-time code its director printed on
    the command line (`spieltisch tournament director ID --code`); the code is used up."""
    by = acting(me)
    return describe(
        await svc.tournaments.acted(identifier, lambda t: t.take_over(by, body.code)), me
    )


@router.post("/api/tournaments/{identifier}/rounds", response_model=TournamentOut)
async def start_round(identifier: str, body: RoundIn, me: Me, svc: Svc) -> TournamentOut:
    """Seat the next round (the last one needs every result); with `online`, open its
    tables on the server with the round clock."""
    return describe(await svc.tournaments.start_round(identifier, me, body.online), me)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/undo", response_model=TournamentOut
)
async def undo_round(
    identifier: str, round_number: int, body: ReasonIn, me: Me, svc: Svc
) -> TournamentOut:
    """Take the current round back before any result or online game; seat it again with
    a new draw (`POST .../rounds`)."""
    seen = await svc.tournaments.undo_round(identifier, round_number, me, body.reason)
    return describe(seen, me)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/swap", response_model=TournamentOut
)
async def swap_players(
    identifier: str, round_number: int, body: SwapIn, me: Me, svc: Svc
) -> TournamentOut:
    """Swap two players of the current round by hand (before their tables have a
    result), with the reason kept in the ledger."""
    by = acting(me)
    first, second = body.players
    step = lambda t: t.swap(round_number, first, second, by, body.reason)  # noqa: E731
    return await directed(svc, identifier, me, step)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/awards", response_model=TournamentOut
)
async def award_points(
    identifier: str, round_number: int, body: AwardIn, me: Me, svc: Svc
) -> TournamentOut:
    """Give a player points for a round they were not seated in (a late arrival, an
    absence announced), with the reason kept; again for the same round replaces them."""
    by = acting(me)
    step = lambda t: t.award(round_number, body.player, body.points, by, body.reason)  # noqa: E731
    return await directed(svc, identifier, me, step)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/online", response_model=TournamentOut
)
async def open_online(identifier: str, round_number: int, me: Me, svc: Svc) -> TournamentOut:
    """Open the round's tables that can be played online and are not yet (again, after a
    failure); tables with a result or an online table are left as they are."""
    return describe(await svc.tournaments.open_online(identifier, round_number, me), me)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/tables/{table}",
    response_model=AuditOut,
)
async def enter_result(
    identifier: str, round_number: int, table: int, body: ResultIn, me: Me, svc: Svc
) -> AuditOut:
    """Enter or correct a table's result: places in seat order (1 = best), or each seat's
    figures if time was called (ranked by the game's rule, ties by a recorded lot)."""
    if (body.places is None) == (body.stopped is None):
        raise Refusal(Code.INVALID, _("give places or stopped figures, one of the two"))
    by = acting(me)
    if body.places is not None:
        places = body.places
        step: Step = lambda t: t.enter_places(round_number, table, places, by, body.note)  # noqa: E731
    else:
        figures = body.stopped or []
        step = lambda t: t.enter_stopped(  # noqa: E731
            round_number, table, figures, by, body.note, body.lots
        )
    return audit(await svc.tournaments.entered(identifier, me, step), round_number, table)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/tables/{table}/rating",
    response_model=TournamentOut,
)
async def decide_rating(
    identifier: str, round_number: int, table: int, body: RatingIn, me: Me, svc: Svc
) -> TournamentOut:
    """Whether an online game in which the computer played a person's seat (handed over:
    given up, or claimed while they were away) is rated; the result stands either way."""
    by = acting(me)
    step = lambda t: t.decide_rating(round_number, table, body.rated, by, body.reason)  # noqa: E731
    return await directed(svc, identifier, me, step)


@router.post("/api/tournaments/{identifier}/hall", status_code=204)
async def choose_hall(identifier: str, body: HallIn, me: Me, svc: Svc) -> None:
    """What the hall screen shows (`view`: rotate, seating, where, standings, timer; each
    part `seconds` when rotating): a screen opened without a view follows within seconds."""
    await svc.tournaments.choose_hall(identifier, me, body.view, body.seconds)
