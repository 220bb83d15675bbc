"""Leaving a running game: abort it before every person has moved, and take back one's
seat from the substitute that played it while one was away (resigning and the others'
choice for an away seat are `POST /resign` and `/claim` in `api.py`). The rules are in
`spieltisch.server.table.leaving`."""

from __future__ import annotations

from fastapi import APIRouter, Request

from spieltisch.server.routes.context import Me, Svc
from spieltisch.server.schemas.messages import ChatOut, TableOut
from spieltisch.server.schemas.rest import REFUSALS, TableId, TableList

router = APIRouter(prefix="/api", tags=["lobby"], responses=REFUSALS)


@router.post("/tables/{table_id}/abort", response_model=TableOut)
async def abort_table(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    """End a running game without a result, before every person at it has made a first
    move (not a tournament's): nobody wins, nobody is rated; status `aborted`."""
    return await svc.runtime.leaving.abort(table_id, me)


@router.post("/tables/{table_id}/return", response_model=TableOut)
async def take_seat_back(table_id: TableId, me: Me, svc: Svc) -> TableOut:
    """Take back your seat, which the computer played for you while you were away (the
    others chose a substitute): you play it again from the position it is in."""
    return await svc.runtime.leaving.take_back(table_id, me)


@router.get("/tables/{table_id}/chat", response_model=list[ChatOut])
async def chat_lines(table_id: TableId, request: Request, svc: Svc) -> list[ChatOut]:
    """The recent chat lines you may read now, oldest first: while the game runs the
    players' room to its players and the watchers' room to the others; before the start
    and once it is over both (`watchers` marks the watchers' lines)."""
    room = await svc.runtime.room(table_id)
    return await svc.runtime.chat.readable(room, svc.sessions.of(request))


@router.get("/me/running", response_model=TableList)
async def my_running_games(me: Me, svc: Svc) -> TableList:
    """The running games you play, newest first, private ones too: a game against
    computers paused while you were away (`paused`) goes on when you open it again."""
    return TableList(tables=await svc.lobby.running_of(me))
