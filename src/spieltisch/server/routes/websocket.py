"""The WebSocket of a table: one per client; every message is checked server-side."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import MutableMapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.exceptions import WebSocketRequestValidationError
from pydantic import ValidationError

from spieltisch.core.i18n import language, sentence
from spieltisch.server.i18n import _, _n, request_language
from spieltisch.server.infra.metrics import CONNECTIONS, MOVE_LATENCY, RECEIVED, REFUSALS
from spieltisch.server.infra.sockets import FULL, OpenSocket, session_mark
from spieltisch.server.refusal import Code, Refusal, draining, unavailable
from spieltisch.server.routes.context import Services, address, services, too_fast
from spieltisch.server.routes.refusals import close_code
from spieltisch.server.routes.validation import explain
from spieltisch.server.schemas.messages import (
    AskIn,
    ChatIn,
    LanguageIn,
    MoveIn,
    PingIn,
    PongOut,
    SyncIn,
    incoming,
)
from spieltisch.server.schemas.rest import ID_PATTERN
from spieltisch.server.table import asking
from spieltisch.server.table.chat import clean, hears_chat
from spieltisch.server.table.room import Connection, Room
from spieltisch.store.database import UNAVAILABLE

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    last_seq: int = 0,
    lang: str | None = None,
    seat: int | None = None,
    layers: bool = False,
) -> None:
    """Play or watch a table. Query: `last_seq` (reconnecting), `lang` (else the
    language chosen on the site, else the Accept-Language header's), `seat` (which of
    your seats, when you hold several), `layers` (boards with placeholders for their
    static layers, each layer sent once: what the page asks for)."""
    svc = services(websocket)
    code = request_language(
        websocket.headers.get("cookie"), websocket.headers.get("accept-language"), lang
    )
    with language(code):
        room = await _open(svc, websocket, table_id)
    if room is None:
        return
    try:  # the room stays in memory for this connection until it has joined
        await _serve(svc, websocket, room, code, last_seq, seat, layers)
    finally:
        svc.runtime.idle.unvisit(room)


async def _serve(
    svc: Services,
    websocket: WebSocket,
    room: Room,
    code: str,
    last_seq: int,
    seat: int | None,
    layers: bool = False,
) -> None:
    """The connection to `room` (visited: kept in memory) from its admission to its end."""
    with language(code):
        admitted, account = await _account(svc, websocket, room, seat)
    if not admitted:
        return
    counted = _counted(svc, websocket, account, code)
    await websocket.accept()
    if isinstance(counted, str):
        await _not_admitted(websocket, counted, code)
        return
    CONNECTIONS.inc()
    connection = Connection(
        account,
        svc.runtime.seat_for(room, account, seat),
        code,
        address(websocket),
        layers=set() if layers else None,
    )
    writer = asyncio.create_task(_write(websocket, connection))
    try:
        # Read and joined under the room's lock: news of the table (from this process or
        # another) is sent under it too, so none falls between reading and joining.
        async with room.lock:
            described, connection.name = await svc.lobby.seen_by(room.table, account)
            connection.seat = svc.runtime.seat_for(room, account, seat)
            connection.last_seq = max(0, min(last_seq, room.seq))
            await svc.runtime.opened(room, connection, described)
        await _read(svc, websocket, room, connection)
    except WebSocketDisconnect:
        pass
    except UNAVAILABLE:
        with language(code), contextlib.suppress(Exception):
            away = unavailable()
            await websocket.close(code=close_code(away), reason=_reason(away.message))
    finally:
        CONNECTIONS.dec()
        svc.sockets.forget(counted)
        svc.runtime.leave(room, connection)
        connection.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer


async def _not_admitted(websocket: WebSocket, why: str, code: str) -> None:
    """Closes a socket past a cap: the process's (1013, try again: perhaps another
    process) or its address's (4429)."""
    with language(code):
        if why == FULL:
            message = _("this server is full: connecting again in a moment")
        else:
            message = _("too many connections from your address: close some of them first")
    REFUSALS.labels("server_full" if why == FULL else "too_many_connections", "ws").inc()
    await websocket.close(code=1013 if why == FULL else 4429, reason=_reason(message))


def _counted(
    svc: Services, websocket: WebSocket, account: int | None, code: str
) -> OpenSocket | str:
    """The socket counted among the open ones (by its session, to close it when the
    session ends; by its address and in all, refused past the caps: why)."""
    ids = svc.sessions.ids(svc.sessions.token_of(websocket)) if account is not None else None

    async def session_ended() -> None:
        with language(code):
            reason = _reason(_("your session has ended or is not valid: sign in again"))
        await websocket.close(code=4401, reason=reason)

    mark = session_mark(ids[1]) if ids is not None else None
    return svc.sockets.admit(account, mark, address(websocket), session_ended)


def _reason(text: str) -> str:
    """A close reason is a sentence that fits in 123 bytes of UTF-8 (the WebSocket
    protocol's limit)."""
    text = sentence(text)
    data = text.encode()
    return text if len(data) <= 123 else data[:120].decode(errors="ignore") + "..."


async def query_error(websocket: WebSocket, exc: Exception) -> None:
    """A handshake with a bad query (`seat=x`, `last_seq=-`): accepted, then closed with
    1008 and what was wrong, in the connection's language (FastAPI's own handler sends
    pydantic's English errors as the reason, which is not even text)."""
    assert isinstance(exc, WebSocketRequestValidationError)
    code = request_language(
        websocket.headers.get("cookie"),
        websocket.headers.get("accept-language"),
        websocket.query_params.get("lang"),
    )
    with language(code):
        reason = _reason(explain(exc.errors()))
    await websocket.accept()
    await websocket.close(code=1008, reason=reason)


async def _open(svc: Services, websocket: WebSocket, table_id: str) -> Room | None:
    """The table's room, or None after closing with a code and a reason in the
    connection's language (accepted first, so browsers and bots can read them: 4403 a
    foreign origin, 4404 no such table, 1013 the database is away, 1012 this process is
    stopping: connect again)."""
    origin = websocket.headers.get("origin")
    if svc.draining.active:
        refusal = draining()
    elif origin is not None and origin not in svc.settings.origins():
        refusal = Refusal(Code.FORBIDDEN, _("this origin may not open a table"))
    elif re.fullmatch(ID_PATTERN, table_id) is None:
        refusal = Refusal(Code.NOT_FOUND, _("no table {table}").format(table=table_id[:40]))
    else:
        try:
            return await svc.runtime.idle.visit(table_id)
        except Refusal as exc:
            refusal = exc
        except UNAVAILABLE:
            refusal = unavailable()
    await websocket.accept()
    await websocket.close(code=close_code(refusal), reason=_reason(refusal.message))
    return None


async def _account(
    svc: Services, websocket: WebSocket, room: Room, seat: int | None
) -> tuple[bool, int | None]:
    """Whether the connection is let in, and who it is (None: a watcher); when not, it
    was closed with a code and a reason: 4401 when a token came
    that names no live session (forged, signed out, expired; REST answers 401 for it),
    4403 when `seat` names a seat this account does not hold, 1013 the database away."""
    refusal: tuple[int, str] | None = None
    try:
        account = await svc.sessions.authenticate(websocket)
    except UNAVAILABLE:
        account = None
        away = unavailable()
        refusal = close_code(away), away.message
    if refusal is None and websocket.state.token_refused:
        refusal = 4401, _("your session has ended or is not valid: sign in again")
    elif refusal is None and seat is not None and svc.runtime.seat_for(room, account, seat) != seat:
        refusal = 4403, _("you do not hold seat {seat} at this table").format(seat=seat)
    if refusal is None:
        return True, account
    await websocket.accept()
    await websocket.close(code=refusal[0], reason=_reason(refusal[1]))
    return False, None


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Carry the connection's outbox to its WebSocket (the table only fills the outbox)."""
    while True:
        text = await connection.queue.get()
        if text is None:
            return
        try:
            await websocket.send_text(text)
        except Exception:
            return


async def _read(svc: Services, websocket: WebSocket, room: Room, connection: Connection) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if _length(message) > svc.settings.max_frame_bytes:
            with language(connection.language):
                reason = _n(
                    "a message over {count} byte closes the connection",
                    "a message over {count} bytes closes the connection",
                    svc.settings.max_frame_bytes,
                ).format(count=svc.settings.max_frame_bytes)
            await websocket.close(code=1009, reason=_reason(reason))
            return
        with language(connection.language):
            try:
                await _receive(svc, room, connection, message)
            except UNAVAILABLE:
                svc.runtime.refuse(room, connection, unavailable())


def _length(message: MutableMapping[str, Any]) -> int:
    """The length of a received message in bytes (text as UTF-8)."""
    text, data = message.get("text"), message.get("bytes")
    return len(text.encode()) if text is not None else len(data or b"")


async def _receive(
    svc: Services, room: Room, connection: Connection, message: MutableMapping[str, Any]
) -> None:
    """One message from the client: checked, parsed, then handled; or a clear error."""
    limit = svc.settings.max_message_bytes
    text = message.get("text")
    refuse = svc.runtime.refuse
    if text is None:
        refuse(room, connection, Refusal(Code.BAD_MESSAGE, _("send JSON text frames, not binary")))
        return
    if len(text.encode()) > limit:
        too_large = _n(
            "a message may have at most {count} byte",
            "a message may have at most {count} bytes",
            limit,
        ).format(count=limit)
        refuse(room, connection, Refusal(Code.TOO_LARGE, too_large))
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        not_json = _("not JSON: {problem}").format(problem=exc.msg)
        refuse(room, connection, Refusal(Code.BAD_JSON, not_json))
        return
    try:
        parsed = incoming.validate_python(data)
    except ValidationError as exc:
        refuse(room, connection, Refusal(Code.BAD_MESSAGE, _explain(exc)))
        return
    await _dispatch(svc, room, connection, parsed)


def _explain(error: ValidationError) -> str:
    return (
        explain(error.errors())
        + " "
        + _("(messages are move, sync, chat, language, ask or ping; see docs/web.md)")
    )


async def _dispatch(
    svc: Services,
    room: Room,
    connection: Connection,
    message: MoveIn | SyncIn | ChatIn | LanguageIn | PingIn | AskIn,
) -> None:
    runtime = svc.runtime
    if isinstance(message, MoveIn | SyncIn | LanguageIn | AskIn):
        # Moves that change nothing and requests for a position are what floods are
        # made of: over the rate they are refused (a move played costs nothing).
        wait = svc.limiter.wait("moves", connection.account_id, connection.address, take=False)
        if wait > 0:
            too_many = Refusal(Code.RATE_LIMITED, too_fast("moves", wait))
            runtime.refuse(room, connection, too_many, room.seq)
            return
    if isinstance(message, MoveIn):
        await _move(svc, room, connection, message)
    elif isinstance(message, SyncIn):
        _charge(svc, connection)
        async with room.lock:
            runtime.send_state(room, connection, min(message.last_seq, room.seq))
    elif isinstance(message, LanguageIn):
        _charge(svc, connection)
        connection.language = message.language
        async with room.lock:
            # From 0: the recent move log again, worded in the new language.
            runtime.send_state(room, connection, 0)
    elif isinstance(message, PingIn):
        runtime.reply(room, connection, PongOut())
    elif isinstance(message, AskIn):
        _charge(svc, connection)
        async with room.lock:
            try:
                told = asking.answer(room, connection, message.question, message.argument)
            except Refusal as refused:
                runtime.refuse(room, connection, refused)
            else:
                runtime.reply(room, connection, told)
    else:
        await _chat(svc, room, connection, message.text)


def _charge(svc: Services, connection: Connection) -> None:
    svc.limiter.wait("moves", connection.account_id, connection.address)


async def _move(svc: Services, room: Room, connection: Connection, message: MoveIn) -> None:
    runtime = svc.runtime
    seat = connection.seat
    # Checked on every message: the account must sit in this seat right now.
    if seat is None or not room.seats[seat].played_by(connection.account_id):
        _charge(svc, connection)
        watching = Refusal(Code.NOT_SEATED, _("you do not play a seat at this table: you watch"))
        runtime.refuse(room, connection, watching)
        return
    try:
        # The engine explains a refusal in this connection's language (set by _read).
        received = time.perf_counter()
        RECEIVED.set(received)
        ack = await runtime.submit(room, seat, message.seq, message.move)
        if not ack.duplicate:  # committed, and its news in every outbox here
            MOVE_LATENCY.labels("sent").observe(time.perf_counter() - received)
    except Refusal as refused:
        _charge(svc, connection)
        runtime.refuse(room, connection, refused, room.seq)
        if refused.code == Code.STALE_SEQ:
            async with room.lock:
                runtime.send_state(room, connection, message.seq)
        return
    runtime.reply(room, connection, ack)
    if ack.duplicate:
        _charge(svc, connection)
        async with room.lock:
            runtime.send_state(room, connection, connection.last_seq)


async def _chat(svc: Services, room: Room, connection: Connection, text: str) -> None:
    try:
        if connection.account_id is None:
            raise Refusal(Code.NOT_SIGNED_IN, _("sign in to chat"))
        line = clean(text, svc.settings.chat_max_length)
        if not hears_chat(room, connection):
            message = _("the chat of a private table is for its players")
            raise Refusal(Code.NOT_SEATED, message)
        wait = svc.limiter.wait("chat", connection.account_id, connection.address)
        if wait > 0:
            raise Refusal(Code.CHAT_TOO_FAST, too_fast("chat", wait))
    except Refusal as refused:
        svc.runtime.refuse(room, connection, refused)
        return
    await svc.runtime.say(room, connection.account_id, line)
