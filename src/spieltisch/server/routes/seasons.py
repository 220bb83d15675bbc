"""The season routes: a club's season made, its evenings (tournaments) added or taken
out, its table read by anyone, and exported with every evening's standings and results
(CSV of the table; `.xlsx` and `.ods` workbooks of everything)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import ValidationError

from spieltisch.core.i18n import get_language, language
from spieltisch.core.spreadsheet import spreadsheet_csv
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Me, Services, Svc, known_language
from spieltisch.server.schemas.clubs import (
    EveningIn,
    EveningOut,
    SeasonIn,
    SeasonLineOut,
    SeasonOut,
)
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.server.services.tournaments import acting
from spieltisch.tournament.errors import explain_validation
from spieltisch.tournament.season import SeasonRules
from spieltisch.tournament.workbook import (
    FORMATS,
    MEDIA_TYPES,
    season_rows,
    season_sheets,
    workbook,
)

router = APIRouter(tags=["clubs"], responses=REFUSALS)


@router.post("/api/clubs/{identifier}/seasons", response_model=SeasonOut, status_code=201)
async def new_season(identifier: str, body: SeasonIn, me: Me, svc: Svc) -> SeasonOut:
    """A new season of the club, ranked by the method chosen (`docs/tournaments.md`)."""
    try:
        rules = SeasonRules(method=body.method, best=body.best, min_games=body.min_games)
    except ValidationError as exc:
        raise explain_validation(_("season setting"), exc) from None
    season = await svc.clubs.new_season(identifier, me, body.name, rules)
    return await _season(svc, season.id, me)


async def _season(svc: Services, identifier: str, me: int | None) -> SeasonOut:
    season, club, table = await svc.clubs.season(identifier)
    return SeasonOut(
        id=season.id,
        club=club.id,
        club_name=club.name,
        name=season.name,
        method=season.rules.method,
        best=season.rules.best,
        min_games=season.rules.min_games,
        rule=season.rules.describe(),
        can_manage=me is not None and club.manager == acting(me),
        evenings=[
            EveningOut(
                tournament=identifier,
                name=name,
                finished=tournament.finished,
                rounds=tournament.settings.rounds,
                seated=len(tournament.rounds),
            )
            for identifier, name, tournament in season.evenings
        ],
        table=[
            SeasonLineOut(
                rank=row.rank,
                name=row.name,
                member=row.member,
                evenings=row.evenings,
                counted=row.counted,
                games=row.games,
                total=row.total,
                score=row.score,
            )
            for row in table
        ],
    )


@router.get("/api/seasons/{identifier}", response_model=SeasonOut)
async def get_season(
    identifier: str, request: Request, svc: Svc, lang: str | None = None
) -> SeasonOut:
    """A season's evenings and its table, the method in words in `lang`."""
    with language(known_language(lang) if lang else get_language()):
        return await _season(svc, identifier, svc.sessions.of(request))


@router.post("/api/seasons/{identifier}/evenings", response_model=SeasonOut)
async def add_evening(identifier: str, body: EveningIn, me: Me, svc: Svc) -> SeasonOut:
    """Add a tournament (an evening) to the season."""
    await svc.clubs.add_evening(identifier, me, body.tournament)
    return await _season(svc, identifier, me)


@router.post("/api/seasons/{identifier}/evenings/{tournament}/remove", response_model=SeasonOut)
async def remove_evening(identifier: str, tournament: str, me: Me, svc: Svc) -> SeasonOut:
    """Take a tournament out of the season (the tournament itself stays)."""
    await svc.clubs.remove_evening(identifier, me, tournament)
    return await _season(svc, identifier, me)


@router.get("/api/seasons/{identifier}/{file}")
async def season_file(
    identifier: str, file: str, request: Request, svc: Svc, lang: str | None = None
) -> Response:
    """The season exported in `lang`: `season.csv` (the table with every evening's
    points), `season.xlsx` or `season.ods` (the table, then each evening's standings and
    results)."""
    name, _dot, kind = file.partition(".")
    if name != "season" or kind not in ("csv", *FORMATS):
        raise Refusal(
            Code.NOT_FOUND,
            _("no file {file}: files are season.csv, season.xlsx and season.ods").format(file=file),
        )
    season, _club, table = await svc.clubs.season(identifier)
    titles = [name for _id, name, _tournament in season.evenings]
    with language(known_language(lang) if lang else get_language()):
        if kind == "csv":
            body: str | bytes = spreadsheet_csv(*season_rows(season.rules, titles, table))
            media = "text/csv; charset=utf-8"
        else:
            evenings = [(name, tournament) for _id, name, tournament in season.evenings]
            names = await svc.clubs.actor_names([t for _n, t in evenings])
            sheets = season_sheets(season.name, season.rules, evenings, table, names)
            body, media = workbook(sheets, kind), MEDIA_TYPES[kind]  # type: ignore[arg-type]
    disposition = f'attachment; filename="{identifier}-season.{kind}"'
    return Response(body, media_type=media, headers={"Content-Disposition": disposition})
