"""The REST API: sessions and accounts, the lobby, players' pages, records."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request, Response
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

import spieltisch
from spieltisch.core import RecordError, SpieltischError, game_class
from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Services, check_rate, known_language, services
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.schemas.rest import (
    REFUSALS,
    AccountId,
    AccountOut,
    ClaimIn,
    GameOut,
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
from spieltisch.server.services import lobby
from spieltisch.server.services.privacy import may_see, table_for
from spieltisch.store.models import Account, GameTable, Seat, SeatKind, TableStatus, UploadedRecord
from spieltisch.store.tables import seats_of

router = APIRouter(prefix="/api", responses=REFUSALS)
MAX_RECORD_ENTRIES = 20_000
MAX_ENTRY = 1_000
"""The longest history entry (a deal of David & Goliath for six players is about 320)."""
MAX_PLAYERS = 16
MAX_NAME = 40
Svc = Annotated[Services, Depends(services)]


def _me(request: Request) -> int:
    return services(request).sessions.required(request)


Me = Annotated[int, Depends(_me)]


def _account_out(account: Account, token: str | None = None) -> AccountOut:
    return AccountOut(
        id=account.id,
        name=account.name,
        username=account.username,
        claimed=account.password_hash is not None,
        token=token,
    )


def _clean_name(name: str) -> str:
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise Refusal(Code.INVALID, _("a name needs at least one visible character"))
    return cleaned


# -- sessions and accounts ---------------------------------------------------------------------


@router.post("/session/guest", response_model=AccountOut, tags=["accounts"])
async def play_as_guest(
    body: GuestIn, request: Request, response: Response, svc: Svc
) -> AccountOut:
    """Start playing at once: a guest account with a display name, signed in by cookie."""
    check_rate(request, "accounts", None)
    async with svc.database.session() as session:
        account = Account(name=_clean_name(body.name))
        session.add(account)
        await session.commit()
    token = await svc.sessions.open(account.id)
    svc.sessions.sign_in(response, token)
    return _account_out(account, token)


@router.post("/session/claim", response_model=AccountOut, tags=["accounts"])
async def claim_account(body: ClaimIn, response: Response, me: Me, svc: Svc) -> AccountOut:
    """Keep your guest account: choose a username and a password to sign in elsewhere.
    Usernames ignore case (`Ana` and `ana` are one name). Every earlier session of the
    account ends: the answer carries the new token (and sets the cookie)."""
    taken = Refusal(Code.CONFLICT, _("the username {name} is taken").format(name=body.username))
    async with svc.database.session() as session:
        if await _by_username(session, body.username) is not None:
            raise taken
    password_hash = await svc.passwords.hash(body.password)  # outside a transaction
    async with svc.database.session() as session:
        account = await session.get(Account, me)
        if account is None:
            raise Refusal(Code.NOT_SIGNED_IN, _("your account no longer exists: sign in again"))
        if account.password_hash is not None:
            raise Refusal(Code.CONFLICT, _("this account is claimed already"))
        account.username, account.password_hash = body.username, password_hash
        try:
            await session.commit()
        except IntegrityError:
            raise taken from None
    token = await svc.sessions.rotate(account.id)
    svc.sessions.sign_in(response, token)
    return _account_out(account, token)


async def _by_username(session: AsyncSession, username: str) -> Account | None:
    found = await session.execute(
        select(Account).where(func.lower(Account.username) == username.lower())
    )
    return found.scalar()


@router.post("/session/signin", response_model=AccountOut, tags=["accounts"])
async def sign_in(body: SignInIn, request: Request, response: Response, svc: Svc) -> AccountOut:
    """Sign in with a claimed account's username (any case) and password. Attempts are
    limited per username and per address (429 with Retry-After)."""
    check_rate(request, "signin", body.username.lower())
    async with svc.database.session() as session:
        account = await _by_username(session, body.username)
    # An unknown name is checked against a dummy hash: as slow as a wrong password.
    known = account.password_hash if account is not None else None
    matches = await svc.passwords.check(known, body.password)
    if account is None or not matches:
        raise Refusal(Code.NOT_SIGNED_IN, _("wrong username or password"))
    token = await svc.sessions.open(account.id)
    svc.sessions.sign_in(response, token)
    return _account_out(account, token)


@router.post("/session/signout", status_code=204, tags=["accounts"])
async def sign_out(request: Request, response: Response, svc: Svc) -> None:
    """End this session: its token (cookie or bearer) no longer works anywhere."""
    await svc.sessions.close(svc.sessions.token_of(request))
    svc.sessions.sign_out(response)


@router.get("/me", response_model=AccountOut, tags=["accounts"])
async def who_am_i(me: Me, svc: Svc) -> AccountOut:
    async with svc.database.session() as session:
        account = await session.get(Account, me)
    if account is None:
        raise Refusal(Code.NOT_SIGNED_IN, _("your account no longer exists: sign in again"))
    return _account_out(account)


@router.get("/players/{account_id}", response_model=PlayerOut, tags=["accounts"])
async def player_page(account_id: AccountId, request: Request, svc: Svc) -> PlayerOut:
    """A player's games with their places and records (private tables only to themselves)."""
    viewer = svc.sessions.of(request)
    async with svc.database.session() as session:
        account = await session.get(Account, account_id)
        if account is None:
            raise Refusal(Code.NOT_FOUND, _("no player {account}").format(account=account_id))
        rows = await session.execute(
            select(Seat, GameTable)
            .join(GameTable, GameTable.id == Seat.table_id)
            .where(Seat.account_id == account_id, Seat.kind == SeatKind.HUMAN)
            .order_by(GameTable.created_at.desc())
            .limit(200)
        )
        games: list[GameOut] = []
        for seat, table in rows.tuples():
            if not table.public and viewer != account_id:
                continue
            described = await lobby.describe_table(session, table)
            ranking = (table.result or {}).get("ranking")
            games.append(
                GameOut(
                    table=table.id,
                    game=table.game,
                    status=table.status,
                    seat=seat.seat,
                    place=ranking[seat.seat] if ranking else None,
                    players=[s.name or "?" for s in described.seats],
                    record=f"/api/games/{table.id}/record"
                    if table.status == TableStatus.FINISHED
                    else None,
                )
            )
    return PlayerOut(account=_account_out(account), games=games)


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
async def list_tables(svc: Svc, finished: bool = False) -> TableList:
    """Public tables that are open or running, newest first; `?finished=true`: the
    finished ones (the last 100), to replay."""
    async with svc.database.session() as session:
        return TableList(tables=await lobby.list_tables(session, finished=finished))


@router.post("/tables", response_model=TableOut, status_code=201, tags=["lobby"])
async def create_table(body: TableIn, request: Request, me: Me, svc: Svc) -> TableOut:
    """A new table; options are checked as `spieltisch.load` checks them."""
    check_rate(request, "tables", me)
    async with svc.database.session() as session:
        await lobby.check_computer_tables(session, me, body)
        table = await lobby.create_table(session, me, body)
        return await lobby.describe_table(session, table)


@router.get("/tables/{table_id}", response_model=TableOut, tags=["lobby"])
async def get_table(table_id: TableId, request: Request, svc: Svc) -> TableOut:
    """A table by its id (the id is also the link to a private table; a private table's
    rematch is shown only to its players)."""
    return table_for(await _described(svc, table_id), svc.sessions.of(request))


async def _described(svc: Services, table_id: str) -> TableOut:
    async with svc.database.session() as session:
        return await lobby.describe_table(session, await lobby.get_table(session, table_id))


async def _after_change(svc: Services, table_id: str) -> TableOut:
    await svc.runtime.changed(table_id)
    return await _described(svc, table_id)


@router.post("/tables/{table_id}/join", response_model=TableOut, tags=["lobby"])
async def join_table(
    table_id: TableId,
    me: Me,
    svc: Svc,
    seat: Annotated[int | None, Body(embed=True, ge=0, le=15)] = None,
) -> TableOut:
    """Sit down at an open seat (or the one reserved for you); the last seat of a rematch
    starts it."""
    async with svc.database.session() as session:
        await lobby.join(session, table_id, me, seat)
    described = await _after_change(svc, table_id)
    if described.status == TableStatus.RUNNING:
        await svc.runtime.room(table_id)
    return described


@router.post("/tables/{table_id}/leave", response_model=TableOut, tags=["lobby"])
async def leave_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    async with svc.database.session() as session:
        await lobby.leave(session, table_id, me)
    return await _after_change(svc, table_id)


@router.post("/tables/{table_id}/start", response_model=TableOut, tags=["lobby"])
async def start_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    """Start the game once every seat is filled."""
    async with svc.database.session() as session:
        await lobby.start(session, table_id, me)
    described = await _after_change(svc, table_id)
    await svc.runtime.room(table_id)  # a table nobody watches yet starts too
    return described


@router.post("/tables/{table_id}/resign", response_model=TableOut, tags=["lobby"])
async def resign_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    """Give up your seat in a running game. Two seats: the game ends and you are second.
    More: the `easy` level plays your seat to the end and you are ranked after the others."""
    await svc.runtime.hand_over(table_id, me, None)
    return await _described(svc, table_id)


@router.post("/tables/{table_id}/claim", response_model=TableOut, tags=["lobby"])
async def claim_seat(
    table_id: TableId,
    me: Me,
    svc: Svc,
    seat: Annotated[int, Body(embed=True, ge=0, le=15)],
) -> TableOut:
    """Hand another person's seat to the computer once they have been away long enough
    (the `presence` message says how long): as if they had resigned. Only a person who
    plays at the table asks; the game goes on (or, with two seats, ends)."""
    await svc.runtime.hand_over(table_id, me, seat)
    return await _described(svc, table_id)


@router.post("/tables/{table_id}/rematch", response_model=TableOut, tags=["lobby"])
async def rematch_table(table_id: TableId, request: Request, me: Me, svc: Svc) -> TableOut:
    """A new table with the same seats; the finished table's players are told its id.
    Asked by each person of the game (accepting), the new game starts by itself."""
    check_rate(request, "tables", me)
    async with svc.database.session() as session:
        new = await lobby.rematch(session, table_id, me)
        described = await lobby.describe_table(session, new)
    await svc.runtime.changed(table_id)
    await svc.runtime.changed(new.id)  # a person accepted (or the last one did: it started)
    if described.status == TableStatus.RUNNING:
        await svc.runtime.room(new.id)  # a table nobody watches yet starts too
    return described


# -- records ---------------------------------------------------------------------------------


async def _finished_record(svc: Services, table_id: str, viewer: int | None) -> dict[str, Any]:
    async with svc.database.session() as session:
        table = await lobby.get_table(session, table_id)
        seated = [seat.account_id for seat in await seats_of(session, table_id)]
        if not may_see(table.public, seated, viewer):
            raise Refusal(Code.FORBIDDEN, _("the record of a private table is for its players"))
        return await lobby.finished_record(session, table_id)


@router.get("/games/{table_id}/record", tags=["records"])
async def download_record(table_id: TableId, request: Request, svc: Svc) -> Response:
    """The finished game as a `spieltisch-record/1` file (`spieltisch replay` plays it);
    a private table's only for its players."""
    record = await _finished_record(svc, table_id, svc.sessions.of(request))
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
    _check_record_size(record)
    try:
        state = await asyncio.to_thread(spieltisch.load_record, record)
    except RecordError as exc:
        raise Refusal(Code.INVALID, str(exc)) from None
    clean = dict(state.to_record(record.get("players")))
    record_id = secrets.token_urlsafe(12)
    async with svc.database.session() as session:
        session.add(UploadedRecord(id=record_id, account_id=svc.sessions.of(request), data=clean))
        await session.commit()
    return RecordUploaded(
        id=record_id,
        game=state.game.name,
        moves=len(state.history()),
        url=f"/api/records/{record_id}",
    )


def _check_record_size(record: dict[str, Any]) -> None:
    """Refuse a record too long to replay quickly, or with names no table would hold."""
    history, players = record.get("history"), record.get("players")
    if isinstance(history, list) and len(history) > MAX_RECORD_ENTRIES:
        raise Refusal(
            Code.INVALID,
            _n(
                "a record may have at most {count} history entry, this one has {found}",
                "a record may have at most {count} history entries, this one has {found}",
                MAX_RECORD_ENTRIES,
            ).format(count=MAX_RECORD_ENTRIES, found=len(history)),
        )
    if isinstance(history, list) and any(
        not isinstance(entry, str) or len(entry) > MAX_ENTRY for entry in history
    ):
        raise Refusal(
            Code.INVALID,
            _n(
                "each history entry is a text of at most {count} character",
                "each history entry is a text of at most {count} characters",
                MAX_ENTRY,
            ).format(count=MAX_ENTRY),
        )
    if players is not None and (
        not isinstance(players, list)
        or len(players) > MAX_PLAYERS
        or any(not isinstance(name, str) or len(name) > MAX_NAME for name in players)
    ):
        raise Refusal(
            Code.INVALID,
            _n(
                "players is a list of at most {players} names of at most {count} character each",
                "players is a list of at most {players} names of at most {count} characters each",
                MAX_NAME,
            ).format(players=MAX_PLAYERS, count=MAX_NAME),
        )


async def uploaded_record(svc: Services, record_id: str) -> dict[str, Any]:
    async with svc.database.session() as session:
        found = await session.get(UploadedRecord, record_id)
    if found is None:
        raise Refusal(Code.NOT_FOUND, _("no record {record}").format(record=record_id))
    return found.data


@router.get("/records/{record_id}", tags=["records"])
async def get_record(record_id: RecordId, svc: Svc) -> dict[str, Any]:
    return await uploaded_record(svc, record_id)


@router.get("/records/{record_id}/positions/{n}", response_model=PositionOut, tags=["records"])
async def record_position(record_id: RecordId, n: int, svc: Svc, lang: str = "en") -> PositionOut:
    """Position `n` of an uploaded record (0 = the start), as a spectator sees it."""
    known_language(lang)
    record = await uploaded_record(svc, record_id)
    return await _position(svc, f"record:{record_id}", record, n, lang)


@router.get("/games/{table_id}/positions/{n}", response_model=PositionOut, tags=["records"])
async def game_position(
    table_id: TableId, n: int, request: Request, svc: Svc, lang: str = "en"
) -> PositionOut:
    """Position `n` of a finished table's game (0 = the start), as a spectator sees it;
    a private table's only for its players."""
    known_language(lang)
    record = await _finished_record(svc, table_id, svc.sessions.of(request))
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
