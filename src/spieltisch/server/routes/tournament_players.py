"""The tournament's players: the director registers them (an account, a computer, a
hall player), merges or splits hall identities, opens the sign-up, withdraws and
readmits; anyone signed in signs up while it is open."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Me, Svc
from spieltisch.server.routes.tournament_view import describe, directed
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.server.schemas.tournaments import (
    AppearanceOut,
    IdentityIn,
    IdentityList,
    IdentityOut,
    JoinIn,
    PlayerIn,
    SignUpIn,
    TournamentOut,
)
from spieltisch.server.services.tournaments import Step, acting

router = APIRouter(tags=["tournaments"], responses=REFUSALS)


@router.post("/api/tournaments/{identifier}/players", response_model=TournamentOut)
async def register_player(identifier: str, body: PlayerIn, me: Me, svc: Svc) -> TournamentOut:
    """Register a player: an account (by id), a computer level, or a name for the hall.
    Between rounds, a late arrival plays from the next round."""
    return describe(await svc.tournaments.register(identifier, me, body), me)


@router.get("/api/identities", response_model=IdentityList)
async def list_identities(
    svc: Svc, _me: Me, name: Annotated[str, Query(min_length=1, max_length=120)]
) -> IdentityList:
    """The hall identities a hall player of `name` has, and where each played: what a
    director merges with. Signed in and by name only: the whole list of who played
    where is nobody's to download (issue 48's audit)."""
    found = await svc.tournaments.identities(name)
    return IdentityList(
        identities=[
            IdentityOut(
                identity=identity,
                names=sorted({one.name for one in seen}),
                appearances=[AppearanceOut(**vars(one)) for one in seen],
            )
            for identity, seen in found.items()
        ]
    )


@router.post(
    "/api/tournaments/{identifier}/players/{number}/identity", response_model=TournamentOut
)
async def change_identity(
    identifier: str, number: int, body: IdentityIn, me: Me, svc: Svc
) -> TournamentOut:
    """Merge a hall player with the same person's identity from another tournament
    (`same_as`), or split them off into one of their own; their rated games follow."""
    seen = await svc.tournaments.change_identity(identifier, number, me, body.reason, body.same_as)
    return describe(seen, me)


@router.post("/api/tournaments/{identifier}/signup", response_model=TournamentOut)
async def change_signup(identifier: str, body: SignUpIn, me: Me, svc: Svc) -> TournamentOut:
    """Open or close the sign-up: while it is open, anyone signed in (a guest too) signs
    up on the tournament's page, the link the director hands out."""
    by = acting(me)
    step = lambda t: t.change_signup(body.open, by)  # noqa: E731
    return await directed(svc, identifier, me, step)


@router.post("/api/tournaments/{identifier}/join", response_model=TournamentOut)
async def join(identifier: str, body: JoinIn, me: Me, svc: Svc) -> TournamentOut:
    """Sign yourself up with your account while the director has the sign-up open; you
    play from the next round to be seated."""
    return describe(await svc.tournaments.sign_up(identifier, me, body.name), me)


@router.post(
    "/api/tournaments/{identifier}/players/{number}/{action}", response_model=TournamentOut
)
async def withdraw_or_readmit(
    identifier: str, number: int, action: str, me: Me, svc: Svc
) -> TournamentOut:
    """`withdraw`: not seated from the next round on (results stand); `readmit`: back."""
    by = acting(me)
    if action == "withdraw":
        step: Step = lambda t: t.withdraw(number, by)  # noqa: E731
    elif action == "readmit":
        step = lambda t: t.readmit(number, by)  # noqa: E731
    else:
        raise Refusal(
            Code.NOT_FOUND,
            _("no action {action}: allowed are withdraw, readmit").format(action=action),
        )
    return await directed(svc, identifier, me, step)
