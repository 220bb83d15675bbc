"""The WebSocket transport: uvicorn's own websockets protocol, with per-message deflate at
level 1 by zlib-ng, each message compressed alone and once for all the connections it
goes to, and a handshake cut short by a shutdown answered 503 instead of 500.

uvicorn compresses at zlib's default level (6); on state messages (JSON with an SVG
board) level 1 costs about half the CPU for about a fifth more bytes
(`benchmarks/messages.py`), and deflate was 15 % of the server's CPU per log entry
(docs/web.md, "Scale"). zlib-ng's level 1 costs 40 % of zlib's level 1 for about a fifth
more bytes again (deflate was 12 % of the server's CPU per log entry at 200 tables in
December 2026: `benchmarks/results/load.md`). Its output is plain deflate, which every
client's inflater reads; the window and memory sizes stay uvicorn's, so what a client
negotiates and decodes is unchanged; only the server's effort per message is smaller.
Messages from clients are still inflated by websockets' zlib (they are small).

Each message is compressed alone, as if the server had agreed to no context takeover
(which a client's offer allows it, never requires of it): a state message (about 10 KB)
outgrows the 4 KB window anyway, so the context saved about 5 % of the bytes, while
zlib-ng's compressor kept per connection was about 120 KB. And a text the publisher
sends to several connections (spectators, each seat's connections) is compressed once.

When uvicorn shuts down (SIGTERM, or a worker of `--workers N` stopping) it answers every
WebSocket handshake the application has not accepted yet with 500 "Internal Server
Error" (issue 48's audit: 500s after `serve --workers 2` was killed). Nothing went wrong:
the server is going away, so such a handshake gets 503 with `Retry-After: 1`, as a
draining process answers new tables, and clients and proxies try again elsewhere.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from http import HTTPStatus
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.exceptions import InvalidState
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import CONT, CTRL_OPCODES, Frame
from websockets.typing import ExtensionParameter
from zlib_ng import zlib_ng

DEFLATE_LEVEL = 1
# uvicorn's choices for its websockets protocol (0.54), kept so clients see no difference.
WINDOW_BITS = 12
MEMORY_LEVEL = 5
# How long a client told 503 at shutdown waits before it tries again (seconds).
RETRY_AFTER_SHUTDOWN = 1
# What `uvicorn.run(ws=...)` imports, in this process or in each worker process.
PROTOCOL = "spieltisch.server.infra.transport:FastDeflateProtocol"


_SYNC_TAIL = b"\x00\x00\xff\xff"
"""What a sync flush ends with, and permessage-deflate leaves off (RFC 7692, 7.2.1)."""


def deflate_factory() -> ServerPerMessageDeflateFactory:
    """permessage-deflate as uvicorn offers it, compressing at `DEFLATE_LEVEL` (zlib-ng)."""
    return NgDeflateFactory(
        server_max_window_bits=WINDOW_BITS,
        client_max_window_bits=WINDOW_BITS,
        compress_settings={"memLevel": MEMORY_LEVEL, "level": DEFLATE_LEVEL},
    )


class NgDeflateFactory(ServerPerMessageDeflateFactory):
    """websockets' negotiation as it is; the extension it agrees on compresses with
    zlib-ng (`NgDeflate`)."""

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, agreed = super().process_request_params(params, accepted_extensions)
        return response, NgDeflate(
            agreed.remote_no_context_takeover,
            agreed.local_no_context_takeover,
            agreed.remote_max_window_bits,
            agreed.local_max_window_bits,
            agreed.compress_settings,
        )


class Compressed(bytes):
    """A message's payload compressed already (`NgDeflate.payload`): sent as it is."""


class NgDeflate(PerMessageDeflate):
    """websockets' permessage-deflate, compressing what the server sends with zlib-ng,
    each message alone: no compressor is kept per connection (zlib-ng's holds about
    120 KB), and a text sent to several connections is compressed once (`payload`).
    Valid whatever was negotiated: context takeover lets the server refer to earlier
    messages, it never obliges it to. Inflating is websockets' own."""

    def __init__(
        self,
        remote_no_context_takeover: bool,
        local_no_context_takeover: bool,
        remote_max_window_bits: int,
        local_max_window_bits: int,
        compress_settings: dict[Any, Any] | None = None,
    ) -> None:
        super().__init__(
            remote_no_context_takeover,
            local_no_context_takeover,
            remote_max_window_bits,
            local_max_window_bits,
            compress_settings,
        )
        self.__dict__.pop("encoder", None)  # websockets' kept zlib compressor: not used
        self._kind = (local_max_window_bits, *sorted(self.compress_settings.items()))

    def payload(self, text: str) -> Compressed:
        """`text` compressed alone, as a message's payload; the same text object again
        (the publisher shares one among the connections it is for) is not compressed
        again while it is among the last `SHARED` texts."""
        kept = _shared.get(id(text))
        if kept is not None and kept[0] is text and kept[1] == self._kind:
            return kept[2]
        compressed = Compressed(self._alone(text.encode()))
        _shared[id(text)] = (text, self._kind, compressed)  # the text held: its id stays
        if len(_shared) > SHARED:
            del _shared[next(iter(_shared))]
        return compressed

    def _alone(self, data: bytes) -> bytes:
        encoder = self._compressor()
        compressed: bytes = encoder.compress(data) + encoder.flush(zlib_ng.Z_SYNC_FLUSH)
        assert compressed[-4:] == _SYNC_TAIL
        return compressed[:-4]

    def encode(self, frame: Frame) -> Frame:
        """A whole message compressed alone (or as `payload` compressed it); websockets'
        own encoding for the rare fragmented one (never sent here)."""
        if frame.opcode in CTRL_OPCODES:
            return frame
        if frame.opcode is CONT or not frame.fin:  # a fragmented message (never sent here)
            if frame.opcode is not CONT:
                self.encoder = self._compressor()
            part: bytes = self.encoder.compress(frame.data) + self.encoder.flush(
                zlib_ng.Z_SYNC_FLUSH
            )
            if frame.fin:
                part = part[:-4]
                del self.encoder
            return Frame(frame.opcode, part, frame.fin, frame.opcode is not CONT)
        data = frame.data
        compressed = data if isinstance(data, Compressed) else self._alone(bytes(data))
        return Frame(frame.opcode, compressed, True, True, frame.rsv2, frame.rsv3)

    def _compressor(self) -> Any:
        return zlib_ng.compressobj(wbits=-self.local_max_window_bits, **self.compress_settings)


SHARED = 256
"""How many texts' payloads are kept for the other connections they go to: the writers
send a broadcast within a turn or two of the event loop, while other tables' texts pass."""
_shared: dict[int, tuple[str, tuple[Any, ...], Compressed]] = {}


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

    async def send(self, message: Any) -> None:
        """uvicorn's send; a text message on a compressed connection goes as the payload
        compressed once for every connection it is sent to (`NgDeflate.payload`)."""
        text = message.get("text") if message["type"] == "websocket.send" else None
        deflate = self._deflate()
        if text is None or deflate is None or message.get("bytes") is not None:
            await super().send(message)
            return
        await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        if self.close_sent or self.initial_response is not None:
            await super().send(message)  # what uvicorn answers a send after the close
            return
        try:
            self.conn.send_text(deflate.payload(text))
        except InvalidState:
            raise ClientDisconnected() from None
        self.transport.write(b"".join(self.conn.data_to_send()))

    def _deflate(self) -> NgDeflate | None:
        """The connection's deflate once the handshake agreed on it."""
        if not self.handshake_complete:
            return None
        return next((e for e in self.conn.extensions if isinstance(e, NgDeflate)), None)

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
