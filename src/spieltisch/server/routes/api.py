"""The REST API: sessions and accounts, the lobby, players' pages, records."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Request, Response

import spieltisch
from spieltisch.core import SpieltischError, game_class
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import (
    Me,
    Services,
    Svc,
    address,
    check_rate,
    end_sockets,
    known_language,
    over,
)
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.schemas.rest import (
    REFUSALS,
    AccountId,
    AccountOut,
    ClaimIn,
    GuestIn,
    PlayerOut,
    PositionOut,
    RecordId,
    RecordUploaded,
    SignInIn,
    TableId,
    TableIn,
    TableList,
)
from spieltisch.server.services.accounts import account_out
from spieltisch.server.services.lobby_filters import Computers, Speed, TableFilter
from spieltisch.server.table.leaving import Choice

router = APIRouter(prefix="/api", responses=REFUSALS)


# -- sessions and accounts ---------------------------------------------------------------------


@router.post("/session/guest", response_model=AccountOut, tags=["accounts"])
async def play_as_guest(
    body: GuestIn, request: Request, response: Response, svc: Svc
) -> AccountOut:
    """Start playing at once: a guest account with a display name, signed in by cookie."""
    check_rate(request, "accounts", None)
    account = await svc.accounts.guest(body.name)
    token = await svc.sessions.open(account.id)
    svc.sessions.sign_in(response, token)
    return account_out(account, token)


@router.post("/session/claim", response_model=AccountOut, tags=["accounts"])
async def claim_account(
    body: ClaimIn, request: Request, response: Response, me: Me, svc: Svc
) -> AccountOut:
    """Keep your guest account: choose a username and a password to sign in elsewhere.
    Usernames ignore case (`Ana` and `ana` are one name). Every earlier session of the
    account ends: the answer carries the new token (and sets the cookie). Attempts are
    limited per account and per address (429 with Retry-After)."""
    check_rate(request, "claims", me)
    account = await svc.accounts.claim(me, body.username, body.password, address(request))
    token = await svc.sessions.rotate(account.id)
    await end_sockets(svc, account.id, None)  # opened with the guest's sessions
    svc.sessions.sign_in(response, token)
    return account_out(account, token)


@router.post("/session/signin", response_model=AccountOut, tags=["accounts"])
async def sign_in(body: SignInIn, request: Request, response: Response, svc: Svc) -> AccountOut:
    """Sign in with a claimed account's username (any case) and password. Attempts are
    limited per username and address, per address, and (softer) per username from
    everywhere (429 with Retry-After)."""
    username, client = body.username.lower(), address(request)
    over("signin", svc.limiter.sign_in_wait(username, client))
    account = await svc.accounts.sign_in(body.username, body.password, client)
    svc.limiter.signed_in(username, client)
    token = await svc.sessions.open(account.id)
    svc.sessions.sign_in(response, token)
    return account_out(account, token)


@router.post("/session/signout", status_code=204, tags=["accounts"])
async def sign_out(request: Request, response: Response, svc: Svc) -> None:
    """End this session: its token (cookie or bearer) no longer works anywhere, and the
    WebSockets opened with it are closed (4401)."""
    token = svc.sessions.token_of(request)
    await svc.sessions.close(token)
    svc.sessions.sign_out(response)
    ids = svc.sessions.ids(token)
    if ids is not None:
        await end_sockets(svc, *ids)


@router.get("/me", response_model=AccountOut, tags=["accounts"])
async def who_am_i(me: Me, svc: Svc) -> AccountOut:
    return account_out(await svc.accounts.signed_in(me))


@router.get("/players/{account_id}", response_model=PlayerOut, tags=["accounts"])
async def player_page(account_id: AccountId, request: Request, svc: Svc) -> PlayerOut:
    """A player's games with their places and records (private tables only to themselves)."""
    return await svc.accounts.page(account_id, svc.sessions.of(request))


# -- games and the lobby -------------------------------------------------------------------


@router.get("/games", tags=["lobby"])
async def list_games() -> list[dict[str, Any]]:
    """The games, their player counts and options (what a table may be created with)."""
    return [
        {
            "name": info.name,
            "title": info.title,
            "players": list(info.players),
            "options": [
                {
                    "name": o.name,
                    "allowed": o.allowed,
                    "default": o.default,
                    "description": o.description,
                }
                for o in info.options
            ],
            "events": sorted(game_class(info.name).events),
        }
        for info in spieltisch.games()
    ]


@router.get("/tables", response_model=TableList, tags=["lobby"])
async def list_tables(
    svc: Svc,
    finished: bool = False,
    game: Annotated[str | None, Query(max_length=40)] = None,
    free: bool = False,
    computers: Computers | None = None,
    speed: Speed | None = None,
    language: Literal["de", "en", "fr"] | None = None,
    player: Annotated[str | None, Query(max_length=40)] = None,
    against_computers: bool = True,
    paused: bool | None = None,
    away: bool | None = None,
) -> TableList:
    """Public tables that are open or running, newest first; `?finished=true`: the
    ended ones (the last 100: finished, aborted or abandoned, each as it ended), to
    replay. Filters: `game`, `free` (an open seat),
    `computers` (with or without a computer seat), `speed` (untimed, quick, slow, turn: turn-based),
    `language` (the creator's), `player` (part of a player's name),
    `against_computers=false` (without one person's games against computers),
    `paused` (true: only games paused while their person is away; false: none),
    `away` (true: only running games with a player away, no connection open; false: none)."""
    chosen = TableFilter(
        game, free, computers, speed, language, player, against_computers, paused, away
    )
    return TableList(tables=await svc.lobby.listed(finished, chosen))


@router.get("/tables/mine", response_model=TableList, tags=["lobby"])
async def my_tables(me: Me, svc: Svc) -> TableList:
    """Your tables not yet ended (open or running, private ones too), running first."""
    return TableList(tables=await svc.lobby.mine(me))


@router.post("/tables", response_model=TableOut, status_code=201, tags=["lobby"])
async def create_table(body: TableIn, request: Request, me: Me, svc: Svc) -> TableOut:
    """A new table; options are checked as `spieltisch.load` checks them. A process
    that is stopping refuses (503 `draining`): another one takes it."""
    svc.draining.check()
    check_rate(request, "tables", me)
    mark = svc.sessions.address_mark(address(request))
    limits = svc.limiter.limits
    return await svc.lobby.create(me, body, mark, None if limits is None else limits.open_tables)


@router.get("/tables/{table_id}", response_model=TableOut, tags=["lobby"])
async def get_table(table_id: TableId, request: Request, svc: Svc) -> TableOut:
    """A table by its id (the id is also the link to a private table; a private table's
    rematch is shown only to its players)."""
    return await svc.lobby.shown_to(table_id, svc.sessions.of(request))


@router.post("/tables/{table_id}/join", response_model=TableOut, tags=["lobby"])
async def join_table(
    table_id: TableId,
    me: Me,
    svc: Svc,
    seat: Annotated[int | None, Body(embed=True, ge=0, le=15)] = None,
) -> TableOut:
    """Sit down at an open seat (or the one reserved for you); the last seat of a rematch
    starts it."""
    return await svc.lobby.join(table_id, me, seat)


@router.post("/tables/{table_id}/leave", response_model=TableOut, tags=["lobby"])
async def leave_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    return await svc.lobby.leave(table_id, me)


@router.post("/tables/{table_id}/start", response_model=TableOut, tags=["lobby"])
async def start_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    """Start the game once every seat is filled."""
    return await svc.lobby.start(table_id, me)


@router.post("/tables/{table_id}/resign", response_model=TableOut, tags=["lobby"])
async def resign_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    """Give up your seat in a running game. Two seats: the game ends and you are second.
    More: the `easy` level plays your seat to the end and you are ranked after the others."""
    return await svc.runtime.hand_over(table_id, me, None)


@router.post("/tables/{table_id}/claim", response_model=TableOut, tags=["lobby"])
async def claim_seat(
    table_id: TableId,
    me: Me,
    svc: Svc,
    seat: Annotated[int, Body(embed=True, ge=0, le=15)],
    choice: Annotated[Choice | None, Body(embed=True)] = None,
) -> TableOut:
    """Choose what happens to another person's seat once they have been away past the
    table's away time (the `presence` message's `claim_after_ms`): `computer` — the
    computer plays it at their level until they take it back (`POST .../return`), their
    place stands as played; `win` — in a game of two, claim the win (they are ranked
    second, as if they had resigned). Without `choice`: `win` with two seats, else
    `computer`. Only a person who plays at the table chooses."""
    return await svc.runtime.hand_over(table_id, me, seat, choice)


@router.post("/tables/{table_id}/rematch", response_model=TableOut, tags=["lobby"])
async def rematch_table(table_id: TableId, request: Request, me: Me, svc: Svc) -> TableOut:
    """A new table with the same seats; the finished table's players are told its id.
    Asked by each person of the game (accepting), the new game starts by itself."""
    check_rate(request, "tables", me)
    return await svc.lobby.rematch(table_id, me)


# -- records ---------------------------------------------------------------------------------


@router.get("/games/{table_id}/record", tags=["records"])
async def download_record(table_id: TableId, request: Request, svc: Svc) -> Response:
    """The finished game as a `spieltisch-record/1` file (`spieltisch replay` plays it);
    a private table's only for its players."""
    record = await svc.records.finished(table_id, svc.sessions.of(request))
    return Response(
        json.dumps(record, ensure_ascii=False, indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{table_id}.json"'},
    )


@router.post("/records", response_model=RecordUploaded, status_code=201, tags=["records"])
async def upload_record(
    request: Request, svc: Svc, record: Annotated[dict[str, Any], Body()]
) -> RecordUploaded:
    """Upload a record to view it; it is checked by replaying it (off the event loop).
    At most `MAX_RECORD_ENTRIES` history entries and `MAX_PLAYERS` player names of up
    to `MAX_NAME` characters; uploads are limited per account and per address (429)."""
    check_rate(request, "records", svc.sessions.of(request))
    return await svc.records.upload(record, svc.sessions.of(request))


@router.get("/records/{record_id}", tags=["records"])
async def get_record(record_id: RecordId, svc: Svc) -> dict[str, Any]:
    return await svc.records.uploaded(record_id)


@router.get("/records/{record_id}/positions/{n}", response_model=PositionOut, tags=["records"])
async def record_position(record_id: RecordId, n: int, svc: Svc, lang: str = "en") -> PositionOut:
    """Position `n` of an uploaded record (0 = the start), as a spectator sees it."""
    known_language(lang)
    record = await svc.records.uploaded(record_id)
    return await _position(svc, f"record:{record_id}", record, n, lang)


@router.get("/games/{table_id}/positions/{n}", response_model=PositionOut, tags=["records"])
async def game_position(
    table_id: TableId, n: int, request: Request, svc: Svc, lang: str = "en"
) -> PositionOut:
    """Position `n` of a finished table's game (0 = the start), as a spectator sees it;
    a private table's only for its players."""
    known_language(lang)
    record = await svc.records.finished(table_id, svc.sessions.of(request))
    return await _position(svc, f"game:{table_id}", record, n, lang)


async def _position(
    svc: Services, key: str, record: dict[str, Any], n: int, lang: str
) -> PositionOut:
    total = len(record["history"])
    if not 0 <= n <= total:
        raise Refusal(Code.INVALID, _("position {n} is outside 0..{last}").format(n=n, last=total))
    try:
        return await svc.replays.position(key, record, n, lang)
    except SpieltischError as exc:
        raise Refusal(Code.INVALID, str(exc)) from None
