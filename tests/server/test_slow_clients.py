"""Idle and half-sent connections are closed: a socket that never finishes its headers
is closed after `REQUEST_SECONDS`, a body that stalls is answered 408 (issue 35,
Medium 7)."""

from __future__ import annotations

import asyncio
import time

import pytest

from spieltisch.server import app
from spieltisch.server.infra import http_timeouts
from tests.server.server_thread import ServerThread

REQUEST_SECONDS = BODY_SECONDS = 3.0
"""The server's deadlines for this test (10 s each as served): it runs in the test's
process, which shortens them so the test waits seconds, not a quarter of a minute."""
LIMIT = max(REQUEST_SECONDS, BODY_SECONDS) + 8


@pytest.fixture(autouse=True)
def short_deadlines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_timeouts, "REQUEST_SECONDS", REQUEST_SECONDS)
    monkeypatch.setattr(app, "BODY_SECONDS", BODY_SECONDS)


async def _until_closed(server: ServerThread, sent: bytes) -> tuple[float, bytes]:
    """Send `sent` and nothing more; how long until the server closed, and its answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    started = time.monotonic()
    writer.write(sent)
    await writer.drain()
    answer = b""
    async with asyncio.timeout(LIMIT):
        while chunk := await reader.read(4096):
            answer += chunk
    writer.close()
    return time.monotonic() - started, answer


def test_idle_and_half_sent_requests_are_closed(server: ServerThread) -> None:
    async def scenario() -> None:
        body_start = (
            b"POST /api/session/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"name":'
        )
        idle, headers, body = await asyncio.gather(
            _until_closed(server, b""),
            _until_closed(server, b"GET /api/games HTTP/1.1\r\nHost: x\r\n"),
            _until_closed(server, body_start),
        )
        for seconds, _answer in (idle, headers):
            assert REQUEST_SECONDS - 1 <= seconds < LIMIT
        assert idle[1] == b"" and headers[1] == b""
        assert body[1].startswith(b"HTTP/1.1 408") and b"too slowly" in body[1]

    asyncio.run(scenario())
