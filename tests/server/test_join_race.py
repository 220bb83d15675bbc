"""Two people joining the last open seat at once: exactly one sits, the other is told
(issue 35, Medium 4)."""

from __future__ import annotations

import asyncio

from tests.server.client import Client
from tests.server.server_thread import ServerThread

RACES = 8


def test_of_two_joining_the_last_seat_at_once_exactly_one_sits(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob, Client(server.url) as cleo:
            await ana.guest("Ana")
            bob_id = (await bob.guest("Bob"))["id"]
            cleo_id = (await cleo.guest("Cleo"))["id"]
            for _race in range(RACES):
                table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
                path = f"/api/tables/{table['id']}/join"
                answers = await asyncio.gather(
                    bob.http.post(path, json={}), cleo.http.post(path, json={})
                )
                statuses = sorted(answer.status_code for answer in answers)
                assert statuses == [200, 409], [a.text for a in answers]
                won = next(a for a in answers if a.status_code == 200).json()
                lost = next(a for a in answers if a.status_code == 409).json()
                assert "taken" in lost["detail"] or "No free seat" in lost["detail"]
                seated = (await ana.http.get(f"/api/tables/{table['id']}")).json()["seats"]
                assert seated[1]["account"] == won["seats"][1]["account"]
                assert seated[1]["account"] in (bob_id, cleo_id)

    asyncio.run(scenario())
