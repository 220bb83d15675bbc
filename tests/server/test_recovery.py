"""`kill -9` of the server between moves, repeated: no committed move or game is lost."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import spieltisch
from tests.server.client import Client, play_randomly
from tests.server.logs import move_log
from tests.server.servers import ServerProcess


@pytest.mark.parametrize("long_form", [False, pytest.param(True, marks=pytest.mark.server_long)])
def test_kill_9_between_moves_loses_nothing(
    database_url: str, tmp_path: Path, long_form: bool
) -> None:
    # Bounded in CI: two crashes on SQLite, one on PostgreSQL; six each in the long form.
    kills = 6 if long_form else (2 if database_url.startswith("sqlite") else 1)
    server = ServerProcess(database_url, tmp_path, ai_threads=False)  # the process pool
    server.start()

    async def scenario() -> None:
        rng = random.Random(4)
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create("mahe", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{table['id']}/start")
            token = ana.account["token"]
            seen = 0
            seen_moves: dict[int, str] = {}
            for _ in range(kills):
                socket = await ana.socket(table["id"], last_seq=seen)
                back = await socket.state()
                assert back["seq"] >= seen, "a committed move was lost"
                state = await play_randomly(socket, rng, stop_at=back["seq"] + 12, first=back)
                for message in socket.messages:
                    if message["type"] == "state":
                        for entry in message["last_moves"]:
                            if entry["move"] is not None:
                                seen_moves[entry["seq"]] = entry["move"]
                seen = state["seq"]
                server.kill()
                log = await move_log(database_url, table["id"])
                assert [row.seq for row in log] == list(range(1, len(log) + 1))
                assert len(log) >= seen
                for seq, move in seen_moves.items():
                    assert log[seq - 1].entry == move
                game = spieltisch.load("mahe", players=2)
                game.replay([row.entry for row in log])  # the log replays as it is
                server.start()
                ana.http.cookies.clear()
                ana.account = {"token": token}
            socket = await ana.socket(table["id"], last_seq=seen)
            final = await play_randomly(socket, rng)
            assert final["status"] == "finished"
            record = (await ana.http.get(f"/api/games/{table['id']}/record")).json()
            log = await move_log(database_url, table["id"])
            assert record["history"] == [row.entry for row in log]
            assert spieltisch.load_record(record).ranking() == final["result"]["ranking"]

    try:
        asyncio.run(scenario())
    finally:
        server.stop()
