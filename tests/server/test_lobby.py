"""Accounts and the lobby over HTTP: guests, claiming, tables, seats, rematch, pages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

import spieltisch
from spieltisch.core import OptionError
from spieltisch.core.i18n import sentence
from tests.server.client import Client
from tests.server.server_thread import ServerThread


def run(coroutine: object) -> None:
    asyncio.run(coroutine)  # type: ignore[arg-type]


def test_a_guest_claims_the_account_and_signs_in_elsewhere(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as elsewhere:
            me = await ana.guest("  Ana \u0007 ")
            assert me["name"] == "Ana" and not me["claimed"]
            cookie = ana.http.cookies.get("spieltisch_session")
            assert cookie
            response = await ana.http.post("/api/session/guest", json={"name": "x"})
            header = response.headers["set-cookie"].lower()
            assert "httponly" in header and "samesite=lax" in header
            await ana.post("/api/session/guest", {"name": "Ana"})  # a fresh guest again
            ana.http.cookies.clear()
            ana.http.cookies.set("spieltisch_session", cookie)
            claimed = await ana.post(
                "/api/session/claim", {"username": f"ana{me['id']}", "password": "correct horse"}
            )
            assert claimed["claimed"] and claimed["id"] == me["id"]
            again = await ana.http.post(
                "/api/session/claim", json={"username": "other", "password": "12345678"}
            )
            assert again.status_code == 409
            wrong = await elsewhere.http.post(
                "/api/session/signin", json={"username": f"ana{me['id']}", "password": "wrong one"}
            )
            assert wrong.status_code == 401
            signed = await elsewhere.post(
                "/api/session/signin", {"username": f"ana{me['id']}", "password": "correct horse"}
            )
            assert signed["id"] == me["id"]
            assert (await elsewhere.http.get("/api/me")).json()["id"] == me["id"]
            forged = Client(server.url)
            forged.http.cookies.set("spieltisch_session", cookie[:-2] + "xx")
            assert (await forged.http.get("/api/me")).status_code == 401
            await forged.__aexit__()
        assert "correct horse" not in server.log()

    run(scenario())


def test_bad_options_are_refused_with_the_message_of_spieltisch_load(
    server: ServerThread,
) -> None:
    with pytest.raises(OptionError) as expected:
        spieltisch.load("mabula", scoring="sum")

    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            response = await ana.http.post(
                "/api/tables", json={"game": "mabula", "options": {"scoring": "sum"}}
            )
            assert response.status_code == 422
            assert response.json()["detail"] == sentence(str(expected.value))
            for body, words in [
                ({"game": "chess"}, "chess"),
                ({"game": "mabula", "seats": [{"kind": "me"}] * 3}, "players"),
                ({"game": "mabula", "seats": [{"kind": "ai"}, {"kind": "me"}]}, "level"),
                ({"game": "mabula", "colour": "red"}, "colour: is not a field"),
                ({"game": "mabula", "clock": {"round_seconds": 60}}, "no time called by a referee"),
                ({"game": "mabula", "clock": {"mode": "move"}}, "seconds"),
            ]:
                response = await ana.http.post("/api/tables", json=body)
                assert response.status_code == 422, body
                assert words in response.text, (body, response.text)
            tables = (await ana.http.get("/api/tables")).json()["tables"]
            assert all(t["created_by"] != ana.account["id"] for t in tables)

    run(scenario())


def _at(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["seq"] == seq


def test_join_leave_start_watch_and_rematch(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob, Client(server.url) as eve:
            await ana.guest("Ana")
            await bob.guest("Bob")
            await eve.guest("Eve")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            path = f"/api/tables/{table['id']}"
            listed = (await eve.http.get("/api/tables")).json()["tables"]
            assert table["id"] in [t["id"] for t in listed]
            early = await ana.http.post(path + "/start")
            assert early.status_code == 409 and "Seats 1" in early.text
            joined = await bob.post(path + "/join", {})
            assert [s["name"] for s in joined["seats"]] == ["Ana", "Bob"]
            full = await eve.http.post(path + "/join", json={})
            assert full.status_code == 409
            left = await bob.post(path + "/leave")
            assert left["seats"][1]["kind"] == "open"
            await bob.post(path + "/join", {"seat": 1})
            stranger = await eve.http.post(path + "/start")
            assert stranger.status_code == 403
            watcher = await eve.socket(table["id"])
            first = await watcher.next_of("table")
            assert first["status"] == "open"
            await bob.post(path + "/start")
            running = await watcher.state(lambda m: m["status"] == "running")
            assert running["seat"] is None and running["legal_moves"] == []
            late = await bob.http.post(path + "/leave")
            assert late.status_code == 409
            sockets = {0: await ana.socket(table["id"]), 1: await bob.socket(table["id"])}
            while True:
                state = await sockets[0].state()
                if state["status"] == "finished":
                    break
                mover = state["to_move"]
                move = state["legal_moves"][0]["move"] if mover == 0 else None
                if mover == 1:
                    other = await sockets[1].state(_at(state["seq"]))
                    move = other["legal_moves"][0]["move"]
                assert move is not None
                await sockets[mover].send({"type": "move", "seq": state["seq"], "move": move})
            again = await bob.post(path + "/rematch")
            assert again["rematch_of"] == table["id"]
            assert [s["name"] for s in again["seats"]] == ["Bob", "Ana"]  # seats turned
            told = await watcher.receive(lambda m: m["type"] == "table" and m["rematch"])
            assert told["rematch"] == again["id"]
            assert (await ana.post(path + "/rematch"))["id"] == again["id"]
            page = (await eve.http.get(f"/api/players/{ana.account['id']}")).json()
            games = {g["table"]: g for g in page["games"]}
            assert games[table["id"]]["status"] == "finished"
            assert games[table["id"]]["place"] in (1, 2)
            assert games[table["id"]]["record"] == f"/api/games/{table['id']}/record"
            for socket in (watcher, *sockets.values()):
                await socket.close()

    run(scenario())


def test_private_tables_are_not_listed_but_open_by_link(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = await ana.create(
                "mabula",
                [{"kind": "me"}, {"kind": "reserved", "account": bob.account["id"]}],
                public=False,
            )
            listed = (await bob.http.get("/api/tables")).json()["tables"]
            assert table["id"] not in [t["id"] for t in listed]
            assert (await bob.http.get(f"/api/tables/{table['id']}")).json()["public"] is False
            carl = Client(server.url)
            await carl.guest("Carl")
            refused = await carl.http.post(f"/api/tables/{table['id']}/join", json={})
            assert refused.status_code == 409
            await carl.__aexit__()
            joined = await bob.post(f"/api/tables/{table['id']}/join", {})
            assert joined["seats"][1]["name"] == "Bob"

    run(scenario())


def test_the_api_is_described_by_openapi(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as client:
            spec = (await client.http.get("/openapi.json")).json()
            assert {"/api/tables", "/api/games/{table_id}/record", "/api/session/guest"} <= set(
                spec["paths"]
            )
            docs = await client.http.get("/docs")
            assert docs.status_code == 200 and "swagger" in docs.text.lower()

    run(scenario())
