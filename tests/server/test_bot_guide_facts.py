"""What the bot guide (docs/bots/index.md) tells client writers, checked against a server:
the catch-up after more than 50 missed entries, record ids against table ids, and what
`error.seq` holds."""

from __future__ import annotations

import asyncio
import random

from tests.server.client import Client, play_randomly
from tests.server.server_thread import ServerThread

RECENT = 50


def test_a_client_that_missed_more_than_50_entries_gets_the_whole_position_and_the_last_50(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as me:
            await me.guest("Catching up")
            seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
            table = await me.create("madn", seats)
            if table["status"] == "open":
                await me.post(f"/api/tables/{table['id']}/start")
            socket = await me.socket(table["id"])
            played = await play_randomly(socket, random.Random(3), stop_at=RECENT + 30)
            await socket.close()
            assert played["status"] == "running" and played["seq"] > RECENT + 1

            again = await me.socket(table["id"], last_seq=0)
            state = await again.state()
            seqs = [entry["seq"] for entry in state["last_moves"]]
            assert len(seqs) == RECENT
            assert seqs == list(range(state["seq"] - RECENT + 1, state["seq"] + 1))
            assert seqs[0] > 1  # the gap is seen only from the first entry's number
            assert state["view"] and state["legal_moves"]  # the position itself is whole

            # error.seq: a move for an old position is refused with the table's position
            # now, and the position follows; a malformed message has no seq.
            await again.send({"type": "move", "seq": 1, "move": state["legal_moves"][0]["move"]})
            refused = await again.next_of("error")
            assert refused["code"] == "stale_seq" and refused["seq"] == state["seq"]
            follow = await again.state()
            assert follow["seq"] == state["seq"]  # with the entries after seq 1, the last 50
            assert follow["last_moves"][0]["seq"] == max(2, state["seq"] - RECENT + 1)
            await again.send({"type": "move"})
            malformed = await again.next_of("error")
            assert malformed["code"] == "bad_message" and malformed["seq"] is None

            # Record ids are not table ids: a running table has no record yet (409), the
            # uploaded-records route does not know table ids (404).
            running = await me.http.get(f"/api/games/{table['id']}/record")
            assert running.status_code == 409
            assert (await me.http.get(f"/api/records/{table['id']}")).status_code == 404
            finished = await play_randomly(again, random.Random(4), first=follow)
            await again.close()
            assert finished["status"] == "finished"
            record = (await me.http.get(f"/api/games/{table['id']}/record")).json()
            assert len(record["history"]) == finished["seq"]
            uploaded = await me.post("/api/records", record, 201)
            assert uploaded["id"] != table["id"]
            assert uploaded["moves"] == len(record["history"])  # chance outcomes counted

    asyncio.run(scenario())
