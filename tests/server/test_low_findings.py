"""The Low findings of issue 35: security headers, /docs without a CDN, HEAD /, ids past
what the database holds, moments with their time zone, a frame of invalid UTF-8."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import re

from websockets.exceptions import ConnectionClosed

from tests.server.client import Client
from tests.server.server_thread import ServerThread

TOO_LARGE = 2**63


def test_every_answer_carries_the_security_headers_and_docs_are_local(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as client:
            for path in ("/", "/api/games", "/static/app.js", "/api/no-such-route", "/docs"):
                answer = await client.http.get(path)
                headers = answer.headers
                assert headers["x-frame-options"] == "DENY", path
                assert headers["x-content-type-options"] == "nosniff", path
                assert headers["referrer-policy"] == "strict-origin-when-cross-origin", path
                policy = headers["content-security-policy"]
                assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
            docs = (await client.http.get("/docs")).text
            sources = re.findall(r'(?:src|href)="([^"]+)"', docs)
            assert sources and all(s.startswith("/") for s in sources), sources
            for source in sources:
                assert (await client.http.get(source)).status_code == 200, source
            head = await client.http.head("/")
            assert head.status_code == 200 and head.content == b""

    asyncio.run(scenario())


def test_ids_past_the_databases_integers_are_refused_not_500(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as client:
            await client.guest("Ana")
            answer = await client.http.get(f"/api/players/{TOO_LARGE}/ratings")
            assert answer.status_code == 422 and answer.json()["detail"]
            created = await client.post("/api/tournaments", {"name": "Cup", "game": "mabula"}, 201)
            added = await client.http.post(
                f"/api/tournaments/{created['id']}/players", json={"account": TOO_LARGE}
            )
            assert added.status_code == 422 and added.json()["detail"]
            listed = (await client.http.get("/api/tournaments")).json()
            mine = next(t for t in listed["tournaments"] if t["id"] == created["id"])
            assert dt.datetime.fromisoformat(mine["created_at"]).tzinfo is not None

    asyncio.run(scenario())


def test_a_frame_of_invalid_utf8_closes_with_1007_and_logs_no_traceback(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as client:
            await client.guest("Ana")
            table = await client.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            socket = await client.socket(table["id"])
            await socket.state()
            logged = len(server.log())
            await socket.connection.send(b"\xff\xfe not UTF-8", text=True)
            with contextlib.suppress(ConnectionClosed):
                async with asyncio.timeout(10):
                    await socket.connection.wait_closed()
            assert socket.connection.close_code == 1007
            # The server is fine: a new connection gets the table.
            again = await client.socket(table["id"])
            await again.state()
            await again.close()
            later = server.log()[logged:]
            assert "Traceback" not in later and "Error" not in later, later

    asyncio.run(scenario())
