"""Per-message deflate at level 1 by zlib-ng (`spieltisch.server.infra.transport`): the
server offers it as uvicorn did, what a client's zlib inflates is every message byte for
byte, and what a client receives is the same with and without it; a handshake cut short
by the server's shutdown is answered 503, not 500."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.asyncio.client import ClientConnection, connect
from websockets.client import ClientProtocol
from websockets.extensions.base import ServerExtensionFactory
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import PING, TEXT, Frame
from websockets.uri import parse_uri

from spieltisch.server.infra.transport import (
    DEFLATE_LEVEL,
    MEMORY_LEVEL,
    RETRY_AFTER_SHUTDOWN,
    WINDOW_BITS,
    FastDeflateProtocol,
    NgDeflate,
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


def test_the_agreed_extension_compresses_with_zlib_ng_as_negotiated() -> None:
    (factory,) = _offer(deflate=True)
    offered = [("client_max_window_bits", None), ("server_no_context_takeover", None)]
    response, agreed = factory.process_request_params(offered, [])
    assert isinstance(agreed, NgDeflate)
    assert response == [
        ("server_no_context_takeover", None),
        ("server_max_window_bits", str(WINDOW_BITS)),
        ("client_max_window_bits", str(WINDOW_BITS)),
    ]
    assert agreed.local_no_context_takeover and not agreed.remote_no_context_takeover
    assert agreed.local_max_window_bits == agreed.remote_max_window_bits == WINDOW_BITS


def _messages(rng: random.Random) -> list[bytes]:
    """Texts like the server's (JSON with SVG, repeating across messages), and noise."""
    words = [b'<circle cx="', b'" r="4.5"/>', b'{"type":"state","seq":', "ä".encode(), b" "]
    texts = [b"", b"x", bytes(rng.randrange(256) for _ in range(3000))]
    for size in (10, 500, 5000, 20000, 70000):
        texts.append(
            b"".join(rng.choice(words) + str(rng.randrange(99)).encode() for _ in range(size))
        )
    return texts * 3


@pytest.mark.parametrize("no_context_takeover", [False, True])
def test_every_message_inflates_to_itself_in_a_clients_zlib(no_context_takeover: bool) -> None:
    """Sent through zlib-ng and inflated by websockets' own (zlib) extension on the
    client's side, in order on one connection, each message is the one sent."""
    settings = {"memLevel": MEMORY_LEVEL, "level": DEFLATE_LEVEL}
    server = NgDeflate(False, no_context_takeover, WINDOW_BITS, WINDOW_BITS, settings)
    client = PerMessageDeflate(no_context_takeover, False, WINDOW_BITS, WINDOW_BITS)
    for data in _messages(random.Random(41)):
        sent = server.encode(Frame(TEXT, data))
        assert sent.rsv1
        assert client.decode(sent).data == data
    ping = Frame(PING, b"ping")
    assert server.encode(ping) is ping


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


class _Transport(asyncio.Transport):
    """What the protocol writes, kept; a connection from 127.0.0.1 to port 8000."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closing = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default
        )

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def close(self) -> None:
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing


HANDSHAKE = (
    b"GET /ws/tables/t1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUpgrade: websocket\r\n"
    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    b"Sec-WebSocket-Version: 13\r\n\r\n"
)


def test_a_handshake_cut_short_by_the_shutdown_is_answered_503() -> None:
    """uvicorn answers a handshake the application has not accepted when the server shuts
    down with 500 (issue 48: after `serve --workers 2` was killed); the server is going
    away, nothing failed: 503 with Retry-After, once, and the application's late accept
    writes nothing more."""

    async def scenario() -> None:
        connected = asyncio.Event()
        release = asyncio.Event()

        async def slow_app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            connected.set()
            await release.wait()  # still checking the session when the shutdown comes
            await send({"type": "websocket.accept"})

        protocol = FastDeflateProtocol(
            Config(app=slow_app, ws_per_message_deflate=False), ServerState(), {}
        )
        transport = _Transport()
        protocol.connection_made(transport)
        protocol.data_received(HANDSHAKE)
        async with asyncio.timeout(10):
            await connected.wait()
        protocol.shutdown()
        answer = bytes(transport.written)
        status, _, rest = answer.partition(b"\r\n")
        assert status == b"HTTP/1.1 503 Service Unavailable", answer
        assert f"Retry-After: {RETRY_AFTER_SHUTDOWN}\r\n".encode() in rest
        assert transport.closing
        # The application's accept comes too late: nothing more is written, no error.
        release.set()
        (task,) = protocol.tasks
        async with asyncio.timeout(10):
            await task
        assert bytes(transport.written) == answer

    asyncio.run(scenario())
    assert RETRY_AFTER_SHUTDOWN == 1


def test_a_text_for_several_connections_is_compressed_once_and_inflates_on_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The publisher shares one text among the connections it goes to: each compressed
    connection sends the same payload, compressed once (`NgDeflate.payload`), which a
    client inflating with context takeover reads as the text, also after other messages;
    a connection without deflate sends the text plain."""
    text = json.dumps({"type": "state", "board_svg": "<svg>" + "<g/>" * 500 + "ä</svg>"})
    others = [f'{{"type":"ack","seq":{n}}}' for n in range(3)]
    compressed: list[bytes] = []
    alone = NgDeflate._alone

    def counted(self: NgDeflate, data: bytes) -> bytes:
        compressed.append(data)
        return alone(self, data)

    monkeypatch.setattr(NgDeflate, "_alone", counted)

    async def scenario() -> list[tuple[bool, bytes]]:
        sent: list[tuple[bool, bytes]] = []

        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            for message in [others[0], text, others[1], text, others[2]]:
                await send({"type": "websocket.send", "text": message})
            await send({"type": "websocket.close", "code": 1000})

        for deflate in (True, True, False):
            protocol = FastDeflateProtocol(
                Config(app=app, ws_per_message_deflate=deflate), ServerState(), {}
            )
            transport = _Transport()
            protocol.connection_made(transport)
            offer = b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
            protocol.data_received(HANDSHAKE[:-2] + offer + b"\r\n")
            (task,) = protocol.tasks
            async with asyncio.timeout(10):
                await task
            sent.append((deflate, bytes(transport.written)))
        return sent

    payloads = []
    for deflate, written in asyncio.run(scenario()):
        client = ClientProtocol(
            parse_uri("ws://127.0.0.1:8000/ws/tables/t1"),
            extensions=[ClientPerMessageDeflateFactory(client_max_window_bits=True)],
        )
        client.key = "dGhlIHNhbXBsZSBub25jZQ=="  # the key of HANDSHAKE, which was sent
        client.send_request(client.connect())
        client.receive_data(written)
        events = client.events_received()
        assert events[0].status_code == 101  # type: ignore[union-attr]
        frames = [
            event for event in events[1:] if isinstance(event, Frame) and event.opcode is TEXT
        ]
        assert [bytes(frame.data).decode() for frame in frames] == [
            others[0],
            text,
            others[1],
            text,
            others[2],
        ]
        assert [type(e) for e in client.extensions] == ([PerMessageDeflate] if deflate else [])
        raw = written.split(b"\r\n\r\n", 1)[1]
        payloads.append(raw)
    assert payloads[0] == payloads[1]  # the same frames, byte for byte, on both
    assert sorted(compressed) == sorted(m.encode() for m in [text, *others])  # once each
    assert len(payloads[0]) < len(payloads[2]) / 5
