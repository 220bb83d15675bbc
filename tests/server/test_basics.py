"""A first whole game through the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import random

import spieltisch
from tests.server.client import Client, play_randomly
from tests.server.server_thread import ServerThread


def test_a_mabula_game_against_the_computer_is_stored_and_replays(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{table['id']}/start")
            socket = await ana.socket(table["id"])
            final = await play_randomly(socket, random.Random(1))
            await socket.close()
            record = (await ana.http.get(f"/api/games/{table['id']}/record")).json()
        state = spieltisch.load_record(record)
        assert state.is_terminal()
        assert final["result"]["ranking"] == state.ranking()
        assert final["seq"] == len(state.history())
        assert record["players"] == ["Ana", "easy"]

    asyncio.run(scenario())
