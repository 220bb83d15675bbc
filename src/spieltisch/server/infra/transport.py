"""The WebSocket transport: uvicorn's own websockets protocol, with per-message deflate at
zlib's level 1, and a handshake cut short by a shutdown answered 503 instead of 500.

uvicorn compresses at zlib's default level (6); on state messages (JSON with an SVG
board) level 1 costs about half the CPU for about a fifth more bytes
(`benchmarks/messages.py`), and deflate was 15 % of the server's CPU per log entry
(docs/web.md, "Scale"). The window and memory sizes stay uvicorn's, so what a client
negotiates and decodes is unchanged; only the server's effort per message is smaller.

When uvicorn shuts down (SIGTERM, or a worker of `--workers N` stopping) it answers every
WebSocket handshake the application has not accepted yet with 500 "Internal Server
Error" (issue 48's audit: 500s after `serve --workers 2` was killed). Nothing went wrong:
the server is going away, so such a handshake gets 503 with `Retry-After: 1`, as a
draining process answers new tables, and clients and proxies try again elsewhere.
"""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

DEFLATE_LEVEL = 1
# uvicorn's choices for its websockets protocol (0.54), kept so clients see no difference.
WINDOW_BITS = 12
MEMORY_LEVEL = 5
# How long a client told 503 at shutdown waits before it tries again (seconds).
RETRY_AFTER_SHUTDOWN = 1
# What `uvicorn.run(ws=...)` imports, in this process or in each worker process.
PROTOCOL = "spieltisch.server.infra.transport:FastDeflateProtocol"


def deflate_factory() -> ServerPerMessageDeflateFactory:
    """permessage-deflate as uvicorn offers it, compressing at `DEFLATE_LEVEL`."""
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=WINDOW_BITS,
        client_max_window_bits=WINDOW_BITS,
        compress_settings={"memLevel": MEMORY_LEVEL, "level": DEFLATE_LEVEL},
    )


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets (sans-I/O) protocol; with `ws_per_message_deflate` its offer
    is `deflate_factory()` instead of uvicorn's default-level one."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            # Read only during the handshake, which has not started yet.
            self.conn.available_extensions = [deflate_factory()]
        self.shutting_down = False
        self.refused = False

    def shutdown(self) -> None:
        """uvicorn's shutdown; a handshake not yet accepted is refused with 503 (below)."""
        self.shutting_down = True
        super().shutdown()

    def send_500_response(self) -> None:
        """An unanswered handshake's refusal: 500 when the application failed (uvicorn's),
        503 with `Retry-After` when the server shuts down; once either way (the
        application's task may end after the shutdown answered for it)."""
        if self.initial_response or self.handshake_complete or self.refused:
            return
        self.refused = True
        if not self.shutting_down:
            super().send_500_response()
            return
        status = HTTPStatus.SERVICE_UNAVAILABLE
        response = self.conn.reject(status, status.phrase)
        response.headers["Retry-After"] = str(RETRY_AFTER_SHUTDOWN)
        self.conn.send_response(response)
        self.transport.write(b"".join(self.conn.data_to_send()))

    def send_receive_event_to_app(self) -> None:
        """A text message that is not UTF-8 closes the connection with 1007, logged in
        one line (uvicorn logs a traceback for it)."""
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.logger.info("a WebSocket text message was not UTF-8: closed with 1007")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
