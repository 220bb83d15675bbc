"""A private table stays private once finished: its chat is for its seats, its record
and rematch for its players, and the ratings do not name it to others (issue 35,
Medium 3). Its link still lets anyone watch the game itself."""

from __future__ import annotations

import asyncio

from tests.server.client import Client
from tests.server.server_thread import ServerThread


def test_a_private_table_keeps_chat_record_rematch_and_ratings_to_its_players(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob, Client(server.url) as eve:
            await ana.guest("Ana")
            await bob.guest("Bob")
            await eve.guest("Eve")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}], public=False)
            private = table["id"]
            await bob.post(f"/api/tables/{private}/join", {})
            await ana.post(f"/api/tables/{private}/start")
            anas, bobs, eves = (
                await ana.socket(private),
                await bob.socket(private),
                await eve.socket(private),
            )
            for socket in (anas, bobs, eves):
                await socket.state()  # the link lets Eve watch the game
            await anas.send({"type": "chat", "text": "just us"})
            assert (await bobs.next_of("chat"))["text"] == "just us"
            await eves.send({"type": "chat", "text": "hello?"})
            refused = await eves.next_of("error")
            assert refused["code"] == "not_seated" and "private" in refused["message"]
            await bob.post(f"/api/tables/{private}/resign")
            await eves.state(lambda m: m["status"] == "finished")
            late = await eve.socket(private)  # no chat history for a watcher either
            await late.state()
            await late.send({"type": "ping"})
            await late.next_of("pong")
            assert not any(m["type"] == "chat" for m in eves.messages + late.messages)
            for socket in (anas, bobs, eves, late):
                await socket.close()

            record = f"/api/games/{private}/record"
            assert (await eve.http.get(record)).status_code == 403
            assert (await ana.http.get(record)).status_code == 200
            rematch = await ana.post(f"/api/tables/{private}/rematch")
            assert (await bob.http.get(f"/api/tables/{private}")).json()["rematch"] == rematch["id"]
            assert (await eve.http.get(f"/api/tables/{private}")).json()["rematch"] is None

            ratings = f"/api/players/{ana.account['id']}/ratings"
            seen_by_eve = (await eve.http.get(ratings)).text
            assert private not in seen_by_eve and "table:private" in seen_by_eve
            assert private in (await ana.http.get(ratings)).text

    asyncio.run(scenario())
