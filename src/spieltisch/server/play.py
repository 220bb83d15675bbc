"""The WebSocket of a table: one per client; every message is checked server-side."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import MutableMapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from sqlalchemy import select

from spieltisch.core.i18n import language
from spieltisch.server.context import Services, services
from spieltisch.server.i18n import _
from spieltisch.server.live import Connection, Refused, Room
from spieltisch.server.lobby import LobbyError, describe_table, names
from spieltisch.server.messages import (
    ChatIn,
    ChatOut,
    ErrorOut,
    LanguageIn,
    MoveIn,
    PingIn,
    PongOut,
    SyncIn,
    incoming,
)
from spieltisch.store.models import ChatMessage

router = APIRouter()
CHAT_HISTORY = 30


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    last_seq: int = 0,
    lang: str = "en",
    seat: int | None = None,
) -> None:
    """Play or watch a table. Query: `last_seq` (reconnecting), `lang`, `seat` (which of
    your seats, when you hold several)."""
    svc = services(websocket)
    origin = websocket.headers.get("origin")
    if origin is not None and origin not in svc.settings.origins():
        await websocket.close(code=4403, reason="this origin may not open a table")
        return
    try:
        room = await svc.runtime.room(table_id)
    except LobbyError as exc:
        await websocket.close(code=4404, reason=exc.message[:120])
        return
    account = svc.sessions.of(websocket)
    await websocket.accept()
    connection = Connection(
        websocket,
        account,
        svc.runtime.seat_for(room, account, seat),
        lang if lang in ("de", "en", "fr") else "en",
    )
    writer = asyncio.create_task(_write(connection))
    try:
        # Read and joined under the room's lock: news of the table (from this process or
        # another) is sent under it too, so none falls between reading and joining.
        async with room.lock:
            async with svc.database.session() as session:
                connection.send(await describe_table(session, room.table))
            await _send_chat_history(svc, room, connection)
            connection.seat = svc.runtime.seat_for(room, account, seat)
            room.connections.add(connection)
            svc.runtime.send_state(room, connection, max(0, min(last_seq, room.seq)))
        await _read(svc, room, connection)
    except WebSocketDisconnect:
        pass
    finally:
        room.connections.discard(connection)
        svc.runtime.release(room)
        connection.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer


async def _write(connection: Connection) -> None:
    while True:
        text = await connection.queue.get()
        if text is None:
            return
        try:
            await connection.websocket.send_text(text)
        except Exception:
            return


async def _read(svc: Services, room: Room, connection: Connection) -> None:
    while True:
        message = await connection.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        with language(connection.language):
            await _receive(svc, room, connection, message)


async def _receive(
    svc: Services, room: Room, connection: Connection, message: MutableMapping[str, Any]
) -> None:
    """One message from the client: checked, parsed, then handled; or a clear error."""
    limit = svc.settings.max_message_bytes
    text = message.get("text")
    if text is None:
        problem = ErrorOut(code="bad_message", message=_("send JSON text frames, not binary"))
        connection.send(problem)
        return
    if len(text.encode()) > limit:
        problem = ErrorOut(
            code="too_large",
            message=_("a message may have at most {count} bytes").format(count=limit),
        )
        connection.send(problem)
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        problem = ErrorOut(
            code="bad_json", message=_("not JSON: {problem}").format(problem=exc.msg)
        )
        connection.send(problem)
        return
    try:
        parsed = incoming.validate_python(data)
    except ValidationError as exc:
        connection.send(ErrorOut(code="bad_message", message=_explain(exc)))
        return
    await _dispatch(svc, room, connection, parsed)


def _explain(error: ValidationError) -> str:
    problems = []
    for item in error.errors()[:3]:
        where = ".".join(str(part) for part in item["loc"]) or "message"
        problems.append(f"{where}: {item['msg']}")
    return (
        "; ".join(problems)
        + " "
        + _("(messages are move, sync, chat, language or ping; see docs/web.md)")
    )


async def _dispatch(
    svc: Services,
    room: Room,
    connection: Connection,
    message: MoveIn | SyncIn | ChatIn | LanguageIn | PingIn,
) -> None:
    runtime = svc.runtime
    if isinstance(message, MoveIn):
        seat = connection.seat
        # Checked on every message: the account must sit in this seat right now.
        sitting = (
            seat is not None
            and connection.account_id is not None
            and room.seats[seat].kind == "human"
            and room.seats[seat].account_id == connection.account_id
        )
        if not sitting or seat is None:
            connection.send(
                ErrorOut(
                    code="not_seated", message=_("you do not play a seat at this table: you watch")
                )
            )
            return
        try:
            # The engine explains a refusal in this connection's language (set by _read).
            ack = await runtime.submit(room, seat, message.seq, message.move)
        except Refused as refused:
            runtime.refuse(connection, refused, room.seq)
            if refused.code in ("stale_seq", "conflict"):
                async with room.lock:
                    runtime.send_state(room, connection, message.seq)
            return
        connection.send(ack)
        if ack.duplicate:
            async with room.lock:
                runtime.send_state(room, connection, connection.last_seq)
    elif isinstance(message, SyncIn):
        async with room.lock:
            runtime.send_state(room, connection, min(message.last_seq, room.seq))
    elif isinstance(message, LanguageIn):
        connection.language = message.language
        async with room.lock:
            runtime.send_state(room, connection, room.seq)
    elif isinstance(message, PingIn):
        connection.send(PongOut())
    else:
        await _chat(svc, room, connection, message.text)


async def _chat(svc: Services, room: Room, connection: Connection, text: str) -> None:
    settings = svc.settings
    if connection.account_id is None:
        connection.send(ErrorOut(code="not_signed_in", message=_("sign in to chat")))
        return
    text = "".join(ch for ch in text if ch.isprintable() or ch == "\n").strip()
    if not text:
        connection.send(ErrorOut(code="bad_message", message=_("an empty chat message")))
        return
    if len(text) > settings.chat_max_length:
        connection.send(
            ErrorOut(
                code="chat_too_long",
                message=_("a chat message may have at most {count} characters").format(
                    count=settings.chat_max_length
                ),
            )
        )
        return
    moment = time.monotonic()
    times = connection.chat_times
    while times and moment - times[0] > 60:
        times.popleft()
    if len(times) >= settings.chat_per_minute:
        connection.send(
            ErrorOut(
                code="chat_too_fast",
                message=_("at most {count} chat messages a minute").format(
                    count=settings.chat_per_minute
                ),
            )
        )
        return
    times.append(moment)
    async with svc.database.session() as session:
        row = ChatMessage(table_id=room.id, account_id=connection.account_id, text=text)
        session.add(row)
        await session.flush()
        await svc.runtime.cluster.publish(session, "chat", room.id, row.id)
        await session.commit()
        author = (await names(session, {connection.account_id})).get(connection.account_id, "?")
    out = ChatOut.of(row, author)
    for other in list(room.connections):
        other.send(out)


async def _send_chat_history(svc: Services, room: Room, connection: Connection) -> None:
    async with svc.database.session() as session:
        rows = list(
            (
                await session.execute(
                    select(ChatMessage)
                    .filter_by(table_id=room.id)
                    .order_by(ChatMessage.id.desc())
                    .limit(CHAT_HISTORY)
                )
            ).scalars()
        )
        who = await names(session, {row.account_id for row in rows})
    for row in reversed(rows):
        connection.send(ChatOut.of(row, who.get(row.account_id, "?")))
