"""Per-message deflate at zlib's level 1 (`spieltisch.server.infra.transport`): the server
offers it as uvicorn did, and what a client receives is the same with and without it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.asyncio.client import ClientConnection, connect
from websockets.extensions.base import ServerExtensionFactory
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)

from spieltisch.server.infra.transport import (
    DEFLATE_LEVEL,
    MEMORY_LEVEL,
    WINDOW_BITS,
    FastDeflateProtocol,
)
from tests.server.client import Client
from tests.server.server_thread import ServerThread


async def _nothing(scope: object, receive: object, send: object) -> None:
    """An ASGI application the protocol is built for; never called here."""


async def _first_state(connection: ClientConnection) -> dict[str, Any]:
    """The first state message on `connection` (table and presence messages skipped)."""
    async with asyncio.timeout(30):
        while True:
            message: dict[str, Any] = json.loads(await connection.recv())
            if message["type"] == "state":
                return message


def _offer(deflate: bool) -> list[ServerExtensionFactory]:
    config = Config(app=_nothing, ws_per_message_deflate=deflate)
    loop = asyncio.new_event_loop()
    try:
        protocol = FastDeflateProtocol(config, ServerState(), {}, _loop=loop)
        return list(protocol.conn.available_extensions or [])
    finally:
        loop.close()


def test_the_offer_compresses_at_level_1_with_uvicorns_window() -> None:
    (factory,) = _offer(deflate=True)
    assert isinstance(factory, ServerPerMessageDeflateFactory)
    assert factory.compress_settings == {"memLevel": MEMORY_LEVEL, "level": 1}
    assert DEFLATE_LEVEL == 1
    assert factory.server_max_window_bits == WINDOW_BITS == 12
    assert factory.client_max_window_bits == WINDOW_BITS


def test_no_offer_when_deflate_is_switched_off() -> None:
    assert _offer(deflate=False) == []


def test_a_compressed_and_a_plain_connection_receive_the_same_messages(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            # Ana moves first, so the position stays put while both connections read it.
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{table['id']}/start")
            headers = {"Authorization": f"Bearer {ana.account['token']}"}
            url = f"{server.ws_url}/ws/tables/{table['id']}?lang=de"
            async with (
                connect(url, additional_headers=headers, max_size=2**22) as packed,
                connect(url, additional_headers=headers, max_size=2**22, compression=None) as plain,
            ):
                (extension,) = packed.protocol.extensions
                assert isinstance(extension, PerMessageDeflate)
                assert extension.remote_max_window_bits == WINDOW_BITS
                assert plain.protocol.extensions == []
                received = [await _first_state(connection) for connection in (packed, plain)]
        assert received[0]["to_move"] == 0 and received[0]["legal_moves"]
        assert "<svg" in received[0]["board_svg"]
        assert received[0] == received[1]

    asyncio.run(scenario())
