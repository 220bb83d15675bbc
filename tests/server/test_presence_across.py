"""Presence across server processes on PostgreSQL: a person connected to one process is
here for the people on another; away when they leave or their process dies; a claim
through the other process waits for the away time like one through their own."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.client import Client, Message, Socket
from tests.server.servers import ServerProcess, new_postgres_database


@pytest.fixture
def two_servers(postgres: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = new_postgres_database(postgres)
    servers = (
        ServerProcess(url, tmp_path / "a", "--claim-after", "1.5"),
        ServerProcess(url, tmp_path / "b", "--claim-after", "1.5"),
    )
    for server in servers:
        server.folder.mkdir()
        server.start()
    yield servers
    for server in servers:
        server.stop()


def _seat(message: Message, seat: int) -> Message:
    return next(s for s in message["seats"] if s["seat"] == seat)


async def _presence(socket: Socket, seat: int, here: bool) -> Message:
    """The next presence message that shows `seat` here (or away)."""

    def match(message: Message) -> bool:
        return message["type"] == "presence" and _seat(message, seat)["here"] is here

    return await socket.receive(match, timeout=15)


def test_presence_and_claims_cross_processes(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers

    async def scenario() -> None:
        async with Client(a.url) as ana, Client(b.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = (await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}]))["id"]
            await bob.post(f"/api/tables/{table}/join", {})
            await ana.post(f"/api/tables/{table}/start")
            anas = await ana.socket(table)  # at A
            bobs = await bob.socket(table)  # at B, which loads the table and asks A
            await _presence(bobs, 0, True)
            await anas.close()
            await _presence(bobs, 0, False)
            back = await ana.socket(table)
            await _presence(bobs, 0, True)
            # Here at A: B refuses Bob's claim, though Ana has no connection at B.
            await asyncio.sleep(1.6)
            refused = await bob.http.post(f"/api/tables/{table}/claim", json={"seat": 0})
            assert refused.status_code == 409, refused.text
            # A moves to B and back: still here, and never away on the way.
            at_b = await ana.socket(table, b.url)
            await asyncio.sleep(0.5)
            await back.close()
            await asyncio.sleep(0.5)
            still = await bob.post(f"/api/tables/{table}/claim", {"seat": 0}, status=409)
            assert "away" in still["detail"]
            await ana.socket(table)
            await asyncio.sleep(0.5)
            await at_b.close()
            await asyncio.sleep(0.5)
            await bob.post(f"/api/tables/{table}/claim", {"seat": 0}, status=409)
            # Ana's process dies: B forgets its people at its next sweep.
            a.kill()
            away = await _presence(bobs, 0, False)
            assert _seat(away, 0)["away_ms"] >= 0
            await asyncio.sleep(1.6)
            claimed = await bob.post(f"/api/tables/{table}/claim", {"seat": 0})
            assert claimed["status"] == "finished" and claimed["seats"][0]["resigned"]
            final = await bobs.state(lambda m: m["status"] == "finished")
            assert final["result"]["ranking"] == [2, 1]
            await bobs.close()

    asyncio.run(scenario())
