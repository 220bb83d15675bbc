"""One account in two seats of a game: the game is unrated, and no single game can stop
the ratings of the others (issue 35, High 1)."""

from __future__ import annotations

import asyncio

from tests.server.client import Client
from tests.server.server_thread import ServerThread


def test_one_account_in_two_seats_is_unrated_and_ratings_still_answer(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            solo = await ana.create("mabula", [{"kind": "me"}, {"kind": "me"}])
            await ana.post(f"/api/tables/{solo['id']}/start")
            finished = await ana.post(f"/api/tables/{solo['id']}/resign")
            assert finished["status"] == "finished"
            # A rated duel of two people after it still counts.
            duel = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            await bob.post(f"/api/tables/{duel['id']}/join", {})
            await ana.post(f"/api/tables/{duel['id']}/start")
            await bob.post(f"/api/tables/{duel['id']}/resign")
            routes = [
                "/api/ratings",
                "/api/ratings/mabula",
                f"/api/players/{ana.account['id']}/ratings",
                f"/api/tables/{solo['id']}/rating",
                f"/api/tables/{duel['id']}/rating",
            ]
            for route in routes:
                answer = await ana.http.get(route)
                assert answer.status_code == 200, (route, answer.text)
            assert (await ana.http.get(routes[3])).json()["rated"] is False
            duel_rating = (await ana.http.get(routes[4])).json()
            assert duel_rating["rated"] is True and len(duel_rating["changes"]) == 2
            history = (await ana.http.get(routes[2])).json()
            keys = {c["key"] for g in history["games"] for c in g["changes"]}
            assert f"table:{duel['id']}" in keys and f"table:{solo['id']}" not in keys

    asyncio.run(scenario())
