"""The WebSocket transport: uvicorn's own websockets protocol, with per-message deflate at
zlib's level 1.

uvicorn compresses at zlib's default level (6); on state messages (JSON with an SVG
board) level 1 costs about half the CPU for about a fifth more bytes
(`benchmarks/messages.py`), and deflate was 15 % of the server's CPU per log entry
(docs/web.md, "Scale"). The window and memory sizes stay uvicorn's, so what a client
negotiates and decodes is unchanged; only the server's effort per message is smaller.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

DEFLATE_LEVEL = 1
# uvicorn's choices for its websockets protocol (0.54), kept so clients see no difference.
WINDOW_BITS = 12
MEMORY_LEVEL = 5
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
