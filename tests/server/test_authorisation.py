"""Every route of the OpenAPI document that acts on a table, and every WebSocket message
type, tried by someone it does not belong to: another account at a table it does not
sit at, a finished game, a private table without its link. A table says what each
must answer; a route or a message type missing from the table fails the test, so a new
one cannot slip through untried.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, get_args

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from spieltisch.server.schemas.messages import INCOMING
from tests.server.client import Client, Socket
from tests.server.server_thread import ServerThread

TABLE_ROUTES = "/api/tables/{table_id}"

# (method, path) -> the status an outsider gets at a running table and at a finished one.
# An outsider is signed in but sits at neither table.
OUTSIDER: dict[tuple[str, str], tuple[int, int]] = {
    ("get", "/api/tables/{table_id}"): (200, 200),
    ("get", "/api/tables/{table_id}/rating"): (200, 200),
    ("post", "/api/tables/{table_id}/join"): (409, 409),
    ("post", "/api/tables/{table_id}/leave"): (409, 409),
    ("post", "/api/tables/{table_id}/start"): (409, 409),
    ("post", "/api/tables/{table_id}/rematch"): (409, 403),
    ("post", "/api/tables/{table_id}/resign"): (403, 409),
    ("post", "/api/tables/{table_id}/claim"): (403, 409),
    ("post", "/api/tables/{table_id}/abort"): (403, 409),
    ("post", "/api/tables/{table_id}/return"): (409, 409),
    ("post", "/api/tables/{table_id}/more-time"): (403, 403),
    ("get", "/api/tables/{table_id}/chat"): (200, 200),
    ("get", "/api/tables/{table_id}/hint"): (403, 409),
    ("post", "/api/tables/{table_id}/takeback"): (403, 403),
    ("post", "/api/tables/{table_id}/takeback/answer"): (403, 403),
    ("get", "/api/games/{table_id}/record"): (409, 200),
    ("get", "/api/games/{table_id}/positions/{n}"): (409, 200),
}
"""Reading a table is open to anyone with its link; nothing else is."""

BODIES = {
    "/api/tables/{table_id}/claim": {"seat": 0},
    "/api/tables/{table_id}/takeback/answer": {"accept": True},
    "/api/tables/{table_id}/more-time": {"seat": 0, "seconds": 60},
}
ANONYMOUS_WRITE = 401
"""Every POST about a table without a session."""

# message type -> the answer an outsider (a watcher) gets at a running table, and the
# answer a player of the table gets once the game is finished.
MESSAGES: dict[str, tuple[dict[str, Any], str, str]] = {
    "move": ({"type": "move", "seq": 0, "move": "x"}, "error:not_seated", "error:not_running"),
    "sync": ({"type": "sync", "last_seq": 0}, "state", "state"),
    "chat": ({"type": "chat", "text": "hello"}, "chat", "chat"),
    "language": ({"type": "language", "language": "fr"}, "state", "state"),
    "ping": ({"type": "ping"}, "pong", "pong"),
}
"""Watchers may read, chat and ping; only the seat to move moves, and only while the game
runs."""


def _schema_routes(base: str) -> set[tuple[str, str]]:
    document = httpx.get(base + "/openapi.json").json()
    return {
        (method, path)
        for path, item in document["paths"].items()
        for method in item
        if "{table_id}" in path
    }


async def _finished_table(ana: Client, bob: Client) -> str:
    """A game of Ana and Bob that ended when Bob resigned (Ana still sits at it)."""
    table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
    await bob.post(f"/api/tables/{table['id']}/join", {})
    await ana.post(f"/api/tables/{table['id']}/start")
    finished = await bob.post(f"/api/tables/{table['id']}/resign")
    assert finished["status"] == "finished"
    return str(table["id"])


async def _answer(socket: Socket, message: dict[str, Any]) -> str:
    await socket.send(message)
    got = await socket.receive(lambda m: m["type"] in ("error", "state", "chat", "pong", "ack"))
    return f"error:{got['code']}" if got["type"] == "error" else str(got["type"])


def test_outsiders_are_refused_on_every_route_and_message(server: ServerThread) -> None:
    routes = _schema_routes(server.url)
    assert routes == set(OUTSIDER), (
        f"routes about a table changed; say what outsiders get: {sorted(routes ^ set(OUTSIDER))}"
    )
    assert set(MESSAGES) == {get_args(m.model_fields["type"].annotation)[0] for m in INCOMING}

    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as eve:
            await ana.guest("Ana")
            await eve.guest("Eve")
            bob = Client(server.url)
            await bob.guest("Bob")
            running = await ana.create("mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{running['id']}/start")
            finished = await _finished_table(ana, bob)
            await bob.__aexit__()
            before = {
                table: (await ana.http.get(f"/api/tables/{table}")).json()
                for table in (running["id"], finished)
            }
            anonymous = httpx.AsyncClient(base_url=server.url)
            for (method, path), expected in OUTSIDER.items():
                for table, status in zip((running["id"], finished), expected, strict=True):
                    url = path.replace("{table_id}", table).replace("{n}", "0")
                    body = BODIES.get(path, {})
                    answer = await eve.http.request(method.upper(), url, json=body)
                    assert answer.status_code == status, (method, url, answer.text)
                    assert answer.status_code < 300 or answer.json()["detail"]
                    if method == "post":
                        nobody = await anonymous.post(url, json=body)
                        assert nobody.status_code == ANONYMOUS_WRITE, (url, nobody.text)
            await anonymous.aclose()
            for table, seen in before.items():
                after = (await ana.http.get(f"/api/tables/{table}")).json()
                assert after["seats"] == seen["seats"] and after["rematch"] is None

            # The WebSocket: Eve asking for Ana's seat is refused (4403); she watches the
            # running table; Ana sits at the finished one.
            asking = await eve.socket(running["id"], seat=0)
            with pytest.raises(ConnectionClosed) as refused:
                await asking.state()
            assert refused.value.rcvd is not None and refused.value.rcvd.code == 4403
            watcher = await eve.socket(running["id"])
            seen_state = await watcher.state()
            assert seen_state["seat"] is None and seen_state["legal_moves"] == []
            # Ana, alone against the computer, is not there: her game pauses (and tells
            # its watchers so) before the messages below are answered.
            await watcher.receive(lambda m: m["type"] == "table" and m["paused"])
            await watcher.state()
            own = await ana.socket(finished)
            await own.state()
            for kind, (message, outsider, finished_answer) in MESSAGES.items():
                assert await _answer(watcher, message) == outsider, kind
                assert await _answer(own, message) == finished_answer, kind
            await watcher.send({"type": "sync", "last_seq": 0})
            still = await watcher.state()
            assert all(entry["seat"] != 0 for entry in still["last_moves"])  # Ana never moved
            await watcher.close()
            await own.close()

    asyncio.run(scenario())


def test_a_private_table_is_found_only_by_its_link(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as eve:
            me = await ana.guest("Ana")
            await eve.guest("Eve")
            hidden = await ana.create(
                "mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}], public=False
            )
            await ana.post(f"/api/tables/{hidden['id']}/start")
            listed = (await eve.http.get("/api/tables")).json()["tables"]
            assert hidden["id"] not in {t["id"] for t in listed}
            page = (await eve.http.get(f"/api/players/{me['id']}")).json()
            assert hidden["id"] not in {g["table"] for g in page["games"]}
            own = (await ana.http.get(f"/api/players/{me['id']}")).json()
            assert hidden["id"] in {g["table"] for g in own["games"]}
            # A guessed link is no table; a link with a character changed neither.
            for guess in (
                "aaaaaaaaaaaaaaaa",
                hidden["id"][:-1] + ("A" if hidden["id"][-1] != "A" else "B"),
            ):
                assert (await eve.http.get(f"/api/tables/{guess}")).status_code == 404
            # Text that is not an id at all is refused before the database is asked.
            assert (await eve.http.get("/api/tables/a%00b")).status_code == 422
            sockets = [json.dumps(t) for t in listed]
            assert all(hidden["id"] not in text for text in sockets)

    asyncio.run(scenario())
