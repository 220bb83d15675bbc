"""Impersonation, bad input of every kind, sizes and origins: a clear error, no change."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server.client import Client, Message, Socket
from tests.server.server_thread import ServerThread


async def _table_against_ai(ana: Client) -> tuple[str, Socket, Message]:
    table = await ana.create("mahe", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
    await ana.post(f"/api/tables/{table['id']}/start")
    socket = await ana.socket(table["id"])
    state = await socket.state(lambda m: m["to_move"] == 0)
    return table["id"], socket, state


def test_only_the_account_in_a_seat_plays_it(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table, mine, state = await _table_against_ai(ana)
            move = state["legal_moves"][0]["move"]
            # Bob asks for Ana's seat: refused (4403); without asking, he watches.
            asked = await bob.socket(table, seat=0)
            with pytest.raises(ConnectionClosed) as refused_seat:
                await asked.state()
            assert refused_seat.value.rcvd is not None and refused_seat.value.rcvd.code == 4403
            theirs = await bob.socket(table)
            seen = await theirs.state()
            assert seen["seat"] is None and seen["legal_moves"] == []
            await theirs.send({"type": "move", "seq": state["seq"], "move": move})
            refused = await theirs.next_of("error")
            assert refused["code"] == "not_seated"
            # Without any session, and with a forged token.
            anonymous = Client(server.url)
            watcher = await anonymous.socket(table)
            await watcher.send({"type": "move", "seq": state["seq"], "move": move})
            assert (await watcher.next_of("error"))["code"] == "not_seated"
            anonymous.account = {"token": str(ana.account["token"])[:-3] + "abc"}
            forged = await anonymous.socket(table, seat=0)
            with pytest.raises(ConnectionClosed) as refused_token:
                await forged.state()
            assert refused_token.value.rcvd is not None and refused_token.value.rcvd.code == 4401
            await anonymous.__aexit__()
            await mine.send({"type": "move", "seq": state["seq"], "move": move})
            assert (await mine.next_of("ack"))["duplicate"] is False
            for socket in (mine, theirs, watcher):
                await socket.close()
            # Ana cannot move in Bob's seat at a table of two people, whatever she sends.
            duel = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            await bob.post(f"/api/tables/{duel['id']}/join", {})
            await ana.post(f"/api/tables/{duel['id']}/start")
            mine = await ana.socket(duel["id"])
            first = await mine.state(lambda m: m["to_move"] == 0)
            await mine.send(
                {"type": "move", "seq": first["seq"], "move": first["legal_moves"][0]["move"]}
            )
            after = await mine.state(lambda m: m["seq"] == first["seq"] + 1)
            assert after["to_move"] == 1 and after["legal_moves"] == []
            bobs = await bob.socket(duel["id"])
            legal = (await bobs.state())["legal_moves"][0]["move"]
            await mine.send({"type": "move", "seq": after["seq"], "move": legal})
            assert (await mine.next_of("error"))["code"] == "not_your_turn"
            await bobs.send({"type": "sync", "last_seq": after["seq"]})
            assert (await bobs.state())["seq"] == after["seq"]
            await mine.close()
            await bobs.close()

    asyncio.run(scenario())


def test_bad_messages_get_clear_errors_and_change_nothing(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table, socket, state = await _table_against_ai(ana)
            seq = state["seq"]
            cases: list[tuple[str, str, str]] = [
                ("{not json", "bad_json", "not JSON"),
                (json.dumps([1, 2]), "bad_message", "move, sync"),
                (json.dumps({"type": "teleport"}), "bad_message", "teleport"),
                (json.dumps({"type": "move", "seq": seq}), "bad_message", "move"),
                (json.dumps({"type": "move", "seq": -1, "move": "x"}), "bad_message", "seq"),
                (json.dumps({"type": "move", "seq": str(seq), "move": "x"}), "bad_message", "seq"),
                (json.dumps({"type": "sync", "last_seq": 1.0}), "bad_message", "last_seq"),
                (
                    json.dumps({"type": "move", "seq": seq, "move": "x", "extra": 1}),
                    "bad_message",
                    "extra",
                ),
                (
                    json.dumps({"type": "move", "seq": seq + 5, "move": "roll"}),
                    "stale_seq",
                    "position",
                ),
                (json.dumps({"type": "move", "seq": seq, "move": "fly"}), "illegal_move", ""),
                (json.dumps({"type": "chat", "text": "x" * 20_000}), "too_large", "16384"),
            ]
            for text, code, words in cases:
                await socket.send(text)
                error = await socket.next_of("error")
                assert error["code"] == code, (text[:40], error)
                assert words.casefold() in error["message"].casefold(), (text[:40], error)
            legal = {m["move"] for m in state["legal_moves"]}
            illegal = next(m for m in ("roll", "stop", "turtle:red", "card:2") if m not in legal)
            await socket.send({"type": "move", "seq": seq, "move": illegal})
            explained = await socket.next_of("error")
            assert explained["code"] == "illegal_move" and explained["message"]
            await socket.send({"type": "sync", "last_seq": seq})
            again = await socket.state()
            assert again["seq"] == seq and again["view"] == state["view"]
            await socket.send(b"\x00\x01")
            assert (await socket.next_of("error"))["code"] == "bad_message"
            await socket.send({"type": "ping"})
            await socket.next_of("pong")
            await socket.send("x" * 2_000_000)
            with pytest.raises(ConnectionClosed) as closed:
                await socket.next_of("never")
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
            assert closed.value.rcvd.reason == "A message over 1048576 bytes closes the connection"
            for lang, words in (("de", "schließt die Verbindung"), ("fr", "ferme la connexion")):
                other = await ana.socket(table, lang=lang)
                await other.state()
                await other.send("x" * 1_100_000)
                with pytest.raises(ConnectionClosed) as closed:
                    await other.next_of("never")
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
                assert words in closed.value.rcvd.reason
            fresh = await ana.socket(table)
            assert (await fresh.state())["seq"] == seq
            await fresh.close()

    asyncio.run(scenario())


def test_foreign_origins_and_huge_requests_are_refused(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            foreign = await connect(
                f"{server.ws_url}/ws/tables/{table['id']}?lang=de",
                additional_headers={"Origin": "http://evil.example"},
            )
            with pytest.raises(ConnectionClosed) as refused:
                await foreign.recv()
            assert refused.value.rcvd is not None and refused.value.rcvd.code == 4403
            assert "Herkunft" in refused.value.rcvd.reason
            own = await connect(
                f"{server.ws_url}/ws/tables/{table['id']}",
                additional_headers={"Origin": server.url},
            )
            await own.close()
            response = await ana.http.post(
                "/api/tables",
                json={"game": "mabula"},
                headers={"Origin": "http://evil.example"},
            )
            assert response.status_code == 403
            huge = await ana.http.post(
                "/api/records",
                content=b'{"a": "' + b"x" * 400_000 + b'"}',
                headers={"content-type": "application/json"},
            )
            assert huge.status_code == 413 and "at most" in huge.json()["detail"]
            missing_table = await connect(
                f"{server.ws_url}/ws/tables/nosuchtable",
                additional_headers={"Accept-Language": "fr"},
            )
            with pytest.raises(ConnectionClosed) as refused:
                await missing_table.recv()
            assert refused.value.rcvd is not None and refused.value.rcvd.code == 4404
            assert "nosuchtable" in refused.value.rcvd.reason
            assert refused.value.rcvd.reason != "No table nosuchtable"
            assert (await ana.http.get("/api/tables/nosuchtable")).status_code == 404

            # A body sent in chunks, without a length, is measured as it comes.
            async def chunks() -> AsyncIterator[bytes]:
                for _ in range(40):
                    yield b"x" * 10_000

            chunked = await ana.http.post(
                "/api/records", content=chunks(), headers={"content-type": "application/json"}
            )
            assert chunked.status_code == 413 and "at most" in chunked.json()["detail"]
            # A handshake with a bad query: closed with what was wrong, in its language.
            bad_query = await connect(f"{server.ws_url}/ws/tables/{table['id']}?seat=x&lang=de")
            with pytest.raises(ConnectionClosed) as refused:
                await bad_query.recv()
            assert refused.value.rcvd is not None and refused.value.rcvd.code == 1008
            assert "Seat: muss eine ganze Zahl sein" in refused.value.rcvd.reason
            missing = await httpx.AsyncClient(base_url=server.url).post("/api/tables", json={})
            assert missing.status_code == 401 and "guest" in missing.json()["detail"]
            german = await ana.http.post(
                f"/api/tables/{table['id']}/start", headers={"Accept-Language": "fr;q=0.5, de"}
            )
            assert german.status_code == 409 and "noch leer" in german.json()["detail"]
            watcher = await Client(server.url).socket(table["id"], lang="fr")
            await watcher.send({"type": "chat", "text": "salut"})
            assert "Connectez-vous" in (await watcher.next_of("error"))["message"]
            await watcher.close()

    asyncio.run(scenario())
