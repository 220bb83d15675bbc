"""A request id for every request and WebSocket, so the lines one request wrote can be
found together (and across a proxy: an `X-Request-ID` it sends is kept). The id and the
table a path names go into the log context (`logs.py`); an HTTP answer carries the id
back in `X-Request-ID`."""

from __future__ import annotations

import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from spieltisch.server.infra.logs import REQUEST_ID, TABLE_ID, TABLE_PATH
from spieltisch.server.infra.metrics import UNEXPECTED

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

GIVEN = re.compile(r"[A-Za-z0-9._:-]{8,64}")
"""An id a proxy sends that is kept as it is; anything else is replaced by a new one."""
HEADER = b"x-request-id"


def request_id(headers: list[tuple[bytes, bytes]]) -> str:
    """The proxy's id when it is a plain one, else a new random one."""
    for name, value in headers:
        if name.lower() == HEADER:
            given = value.decode("latin-1")
            if GIVEN.fullmatch(given):
                return given
    return secrets.token_hex(8)


class RequestIds:
    """Sets the log context of each request and WebSocket; echoes the id on HTTP."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        ident = request_id(scope.get("headers", []))
        table = TABLE_PATH.match(scope.get("path", ""))  # at the start: /api/tables/ID
        request_token = REQUEST_ID.set(ident)
        table_token = TABLE_ID.set(table.group(1) if table else None)

        async def with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (HEADER, ident.encode())]
            await send(message)

        try:
            await self.app(scope, receive, with_id if scope["type"] == "http" else send)
        except Exception:
            UNEXPECTED.inc()
            raise
        finally:
            TABLE_ID.reset(table_token)
            REQUEST_ID.reset(request_token)
