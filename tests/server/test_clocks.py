"""Clocks: at zero the easy level moves for the seat; a round time ends MADN by rule 18."""

from __future__ import annotations

import asyncio
import random

from tests.server.client import Client, play_randomly
from tests.server.server_thread import ServerThread


def test_at_zero_on_a_move_clock_the_easy_level_plays_the_move(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = await ana.create(
                "mabula",
                [{"kind": "me"}, {"kind": "open"}],
                # 3 s, not 1: room for a busy machine between the start and the first
                # position shown (it failed under load 17)
                clock={"mode": "move", "seconds": 3},
            )
            await bob.post(f"/api/tables/{table['id']}/join", {})
            await ana.post(f"/api/tables/{table['id']}/start")
            socket = await ana.socket(table["id"])
            first = await socket.state(lambda m: m["to_move"] == 0)
            assert first["clock"]["mode"] == "move"
            assert 0 < first["clock"]["time_left_ms"][0] <= 3000
            moved = await socket.state(lambda m: m["seq"] > first["seq"])
            assert moved["last_moves"][-1]["seat"] == 0
            assert moved["to_move"] == 1
            await socket.close()

    asyncio.run(scenario())


def test_a_used_up_game_clock_hands_the_seat_to_the_easy_level(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = await ana.create(
                "mabula",
                [{"kind": "me"}, {"kind": "open"}],
                # Bob plays at once, yet a loaded machine's latency counts on his clock
                # (4 s ran out at a load of 4 on two cores).
                clock={"mode": "game", "seconds": 8},
            )
            await bob.post(f"/api/tables/{table['id']}/join", {})
            await ana.post(f"/api/tables/{table['id']}/start")
            bobs = await bob.socket(table["id"])
            final = await play_randomly(bobs, random.Random(2))
            assert final["status"] == "finished"
            assert final["clock"]["time_left_ms"][0] == 0
            assert final["clock"]["time_left_ms"][1] > 0
            await bobs.close()

    asyncio.run(scenario())


def test_a_round_time_ends_mensch_aergere_dich_nicht_by_rule_18(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create(
                "madn",
                [{"kind": "me"}, {"kind": "ai", "level": "easy"}],
                clock={"round_seconds": 1},
            )
            await ana.post(f"/api/tables/{table['id']}/start")
            socket = await ana.socket(table["id"])
            final = await play_randomly(socket, random.Random(3), delay=0.1)
            assert final["status"] == "finished"
            record = (await ana.http.get(f"/api/games/{table['id']}/record")).json()
            assert "time" in record["history"]
            events = [
                e
                for m in socket.messages
                if m["type"] == "state"
                for e in m["last_moves"]
                if e["move"] == "time"
            ]
            assert events and events[0]["seat"] is None
            await socket.close()

    asyncio.run(scenario())
