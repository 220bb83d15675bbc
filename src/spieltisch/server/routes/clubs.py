"""The club routes: a club's player registry (its manager adds, imports, exports, removes
a person's data on request, hands out the code that links an account), members entered
into tournaments, and the club's seasons with their tables.

Whoever creates a club through the API keeps it (`account:<id>`); a club made on the
command line is kept there.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from spieltisch.core.i18n import get_language, language
from spieltisch.server.routes.context import Me, Services, Svc, check_rate, known_language
from spieltisch.server.routes.tournament_view import describe
from spieltisch.server.schemas.clubs import (
    ClubIn,
    ClubList,
    ClubOut,
    ClubRef,
    CodeIn,
    EnterIn,
    ImportOut,
    LinkCodeOut,
    LinkedOut,
    MemberIn,
    MemberOut,
    MembersFileIn,
    SeasonRef,
)
from spieltisch.server.schemas.rest import MAX_ID, REFUSALS
from spieltisch.server.schemas.tournaments import TournamentOut
from spieltisch.server.services.tournaments import acting
from spieltisch.tournament.registry import Member

router = APIRouter(tags=["clubs"], responses=REFUSALS)

Number = Annotated[int, Path(ge=1, le=MAX_ID, description="The member's number in the club.")]
"""A member's number: bounded, so a huge one is a clear 422 and never reaches SQLite (it
raised OverflowError there: a 500)."""


def _member(member: Member) -> MemberOut:
    return MemberOut(
        number=member.number,
        name=member.name,
        club_number=member.club_number,
        identity=member.identity,
        account=member.account,
        forgotten=member.forgotten,
    )


async def _club(svc: Services, identifier: str, me: int | None) -> ClubOut:
    """The club as `me` sees it: the registry only for its manager."""
    club, seasons = await svc.clubs.club(identifier)
    manages = me is not None and club.manager == acting(me)
    members = await svc.clubs.members(identifier, me) if manages else []
    names = await svc.tournaments.store.names_of({club.manager})
    return ClubOut(
        id=club.id,
        name=club.name,
        manager=names.get(club.manager, club.manager),
        can_manage=manages,
        members=[_member(m) for m in members],
        seasons=[SeasonRef(id=s.id, name=s.name, method=s.method) for s in seasons],
    )


@router.get("/api/clubs", response_model=ClubList)
async def list_clubs(request: Request, svc: Svc) -> ClubList:
    """Every club, oldest first; `can_manage` for those you keep."""
    me = svc.sessions.of(request)
    found = [
        ClubRef(
            id=row.id,
            name=row.name,
            members=count,
            can_manage=me is not None and row.manager == acting(me),
        )
        for row, count in await svc.clubs.every()
    ]
    return ClubList(clubs=found)


@router.post("/api/clubs", response_model=ClubOut, status_code=201)
async def create_club(body: ClubIn, request: Request, me: Me, svc: Svc) -> ClubOut:
    """A new club kept by you: its registry and seasons. New clubs count against the
    same limit as new tournaments, per account and per address (429)."""
    check_rate(request, "tournaments", me)
    club = await svc.clubs.create(body.name, me)
    return await _club(svc, club.id, me)


@router.get("/api/clubs/{identifier}", response_model=ClubOut)
async def get_club(identifier: str, request: Request, svc: Svc) -> ClubOut:
    """The club: its seasons; its registry too, for its manager."""
    return await _club(svc, identifier, svc.sessions.of(request))


@router.post("/api/clubs/{identifier}/members", response_model=ClubOut)
async def add_member(identifier: str, body: MemberIn, me: Me, svc: Svc) -> ClubOut:
    """A new member: a name and, if the club has them, a club number (unique)."""
    await svc.clubs.add(identifier, me, body.name, body.club_number)
    return await _club(svc, identifier, me)


@router.post("/api/clubs/{identifier}/members/import", response_model=ImportOut)
async def import_members(identifier: str, body: MembersFileIn, me: Me, svc: Svc) -> ImportOut:
    """Members from a CSV file (header row: name, club_number; comma or semicolon): a known
    club number renames that member, the other rows are new members; all or nothing."""
    done = await svc.clubs.import_csv(identifier, me, body.csv)
    club = await _club(svc, identifier, me)
    return ImportOut(added=done.added, renamed=done.renamed, unchanged=done.unchanged, club=club)


@router.get(
    "/api/clubs/{identifier}/members.csv",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}, "description": "CSV"}},
)
async def export_members(
    identifier: str, request: Request, svc: Svc, lang: str | None = None
) -> Response:
    """The registry as CSV for the spreadsheets of `lang` (its manager only)."""
    me = svc.sessions.of(request)
    with language(known_language(lang) if lang else get_language()):
        text = await svc.clubs.export_csv(identifier, me)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{identifier}-members.csv"'},
    )


@router.post("/api/clubs/{identifier}/members/{number}/forget", response_model=ClubOut)
async def forget_member(identifier: str, number: Number, me: Me, svc: Svc) -> ClubOut:
    """Remove a person's data on request: their name becomes `N.N. <number>` in the
    registry and in every tournament they played; results and ratings stay."""
    await svc.clubs.forget(identifier, me, number)
    return await _club(svc, identifier, me)


@router.post("/api/clubs/{identifier}/members/{number}/code", response_model=LinkCodeOut)
async def link_code(identifier: str, number: Number, me: Me, svc: Svc) -> LinkCodeOut:
    """A one-time code for the member to link their account (signed in, `POST
    /api/clubs/link`); a new code ends the last one."""
    return LinkCodeOut(member=number, code=await svc.clubs.link_code(identifier, me, number))


@router.post("/api/clubs/link", response_model=LinkedOut)
async def link_account(body: CodeIn, request: Request, me: Me, svc: Svc) -> LinkedOut:
    """Link your account to your membership with the code the club's manager gave you:
    from then on you are entered into the club's tournaments as your account. Tries are
    limited like claiming an account, per account and per address (429): a code is
    guessed no faster than a password."""
    check_rate(request, "claims", me)
    club, member = await svc.clubs.claim(body.code, me)
    return LinkedOut(club=club.id, club_name=club.name, member=member.number, name=member.name)


@router.post("/api/clubs/{identifier}/members/{number}/enter", response_model=TournamentOut)
async def enter_member(
    identifier: str, number: Number, body: EnterIn, me: Me, svc: Svc
) -> TournamentOut:
    """Register a member in a tournament you direct (as their account once linked, else
    under their hall identity): the tournament's page as its director sees it."""
    return describe(await svc.clubs.enter(identifier, me, number, body.tournament), me)
