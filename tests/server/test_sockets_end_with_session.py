"""Issue 48's audit: an open WebSocket outlived its session (after sign-out the token got
401 on REST, yet a move on the open socket was still acknowledged), and one address
could open WebSockets until the process ran out of open files. Now the sockets of an
ended session close with 4401 (in every process), and one address keeps at most
`RateLimits.connections` open."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from spieltisch.server.infra import collector, passwords
from spieltisch.server.infra.limits import CONNECTIONS_PER_ADDRESS, RateLimits
from spieltisch.server.infra.settings import Settings
from tests.server.caps import one_more_refused_until_one_closes
from tests.server.client import Client, Socket
from tests.server.conftest import QUICK_HASHER
from tests.server.server_thread import ServerThread
from tests.server.servers import drop_postgres_database, new_postgres_database


async def _closed(socket: Socket, move: dict[str, object]) -> tuple[int, str]:
    """Send `move` and wait for the socket to close: its code and reason (never an ack:
    a refusal or an ack arriving first fails the test)."""
    with pytest.raises(ConnectionClosed) as closed:
        await socket.send(move)  # closed already, or closing
        while True:
            message = await socket.receive(lambda m: True, timeout=30)
            assert message["type"] not in ("ack", "error"), message
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, closed.value.rcvd.reason


async def _playing(ana: Client, bob: Client) -> tuple[str, Socket, dict[str, object]]:
    await ana.guest("Ana")
    await bob.guest("Bob")
    table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
    await bob.post(f"/api/tables/{table['id']}/join", {})
    await ana.post(f"/api/tables/{table['id']}/start")
    socket = await ana.socket(table["id"])
    state = await socket.state(lambda m: m["to_move"] == 0)
    move = {"type": "move", "seq": state["seq"], "move": state["legal_moves"][0]["move"]}
    return table["id"], socket, move


def test_signing_out_closes_the_sessions_open_sockets(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            _table, socket, move = await _playing(ana, bob)
            other = await bob.socket(_table)  # another account's socket stays open
            await other.state()
            answer = await ana.http.post("/api/session/signout")
            assert answer.status_code == 204
            code, reason = await _closed(socket, move)
            assert code == 4401 and "sign in again" in reason
            await other.send({"type": "ping"})
            assert (await other.next_of("pong"))["type"] == "pong"
            await other.close()
        server.assert_no_exception()

    asyncio.run(scenario())


def test_claiming_closes_the_guests_open_sockets(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            _table, socket, move = await _playing(ana, bob)
            name = f"ana{uuid.uuid4().hex[:8]}"
            await ana.post("/api/session/claim", {"username": name, "password": "correct horse"})
            code, _reason = await _closed(socket, move)
            assert code == 4401

    asyncio.run(scenario())


def test_one_address_keeps_few_sockets_open(server: ServerThread) -> None:
    server.services.sockets.per_address = 3

    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = (await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}]))["id"]
            code, reason = await one_more_refused_until_one_closes(
                lambda _n, **query: ana.socket(table, **query),
                3,
                lambda: server.services.sockets.open_from("127.0.0.1"),
            )
            assert code == 4429 and "Zu viele Verbindungen" in reason

    asyncio.run(scenario())


@pytest.fixture
def two_servers(
    postgres: str, migrated_postgres: str, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[ServerThread, ServerThread]]:
    """Two server processes' worth (two apps in this process) on one PostgreSQL database."""
    monkeypatch.setattr(passwords, "HASHER", QUICK_HASHER)
    monkeypatch.setattr(collector, "settle", lambda: None)
    url = new_postgres_database(postgres, migrated_postgres)
    first, second = ServerThread(url), ServerThread(url)
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()
    drop_postgres_database(url)


def test_signing_out_closes_the_sockets_in_the_other_process(
    two_servers: tuple[ServerThread, ServerThread],
) -> None:
    first, second = two_servers

    async def scenario() -> None:
        async with Client(first.url) as ana, Client(first.url) as bob:
            table, here, move = await _playing(ana, bob)
            there = await ana.socket(table, base_url=second.url)
            await there.state()
            answer = await ana.http.post("/api/session/signout")
            assert answer.status_code == 204
            code, _reason = await _closed(there, move)
            assert code == 4401
            assert (await _closed(here, move))[0] == 4401

    asyncio.run(scenario())


def test_the_cap_of_sockets_per_address_is_an_option() -> None:
    limits = RateLimits().with_rate("address:connections=5")
    assert limits.connections == 5 and RateLimits().connections == CONNECTIONS_PER_ADDRESS
    settings = Settings("sqlite+aiosqlite:///x.db", rate_limits=limits)
    again = Settings.from_json(settings.to_json()).rate_limits
    assert again is not None and again.connections == 5  # reaches `--workers N`
    for bad in ("address:connections=0", "address:connections=many"):
        with pytest.raises(ValueError, match="connections"):
            RateLimits().with_rate(bad)
