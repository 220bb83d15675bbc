"""The database goes away for a few seconds (its PostgreSQL cluster stopped and started
again): moves and requests are refused with a clear word, nothing is half-written,
computer seats wait, and play resumes by itself."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

import spieltisch
from spieltisch.store import upgrade
from tests.server.client import Client, Message
from tests.server.server_thread import ServerThread
from tests.server.servers import PostgresCluster, new_postgres_database


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    cluster.start()
    yield cluster
    cluster.remove()


def _log_of(url: str, table: str) -> list[tuple[int, str]]:
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as connection:
        rows = connection.execute(
            "SELECT seq, entry FROM moves WHERE table_id = %s ORDER BY seq", (table,)
        ).fetchall()
    return [(int(seq), str(entry)) for seq, entry in rows]


def test_the_database_away_refuses_moves_and_play_resumes(cluster: PostgresCluster) -> None:
    url = new_postgres_database(cluster.url)
    upgrade(url)
    # Computer seats wait 1.5 s before moving, so one is due while the database is away.
    # The server runs in this process (`server_thread.py`): what is under test is its
    # answer to the database going away, not its process (a start took 8 s at load 8).
    server = ServerThread(url, ai_pace=1.5)
    server.start()

    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            duel = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            await bob.post(f"/api/tables/{duel['id']}/join", {})
            await ana.post(f"/api/tables/{duel['id']}/start")
            versus = await ana.create("mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{versus['id']}/start")
            anas = await ana.socket(duel["id"])
            bobs = await bob.socket(duel["id"])
            solo = await ana.socket(versus["id"])
            first = await anas.state(lambda m: m["to_move"] == 0)
            await anas.send(_move(first))
            await anas.next_of("ack")
            turn = await bobs.state(lambda m: m["to_move"] == 1)
            mine = await solo.state(lambda m: m["to_move"] == 0)
            await solo.send(_move(mine))
            await solo.next_of("ack")  # the computer moves 1.5 s from now

            cluster.stop("fast")
            await bobs.send(_move(turn))
            refused = await bobs.next_of("error")
            assert refused["code"] == "database_unavailable", refused
            # The one sentence for a database away (server/refusal.py), moves included.
            assert "database" in refused["message"] and "nothing was changed" in refused["message"]
            answer = await ana.http.get(f"/api/tables/{duel['id']}")
            assert answer.status_code == 503 and "database" in answer.json()["detail"]
            late = await Client(server.url).socket(duel["id"])
            with pytest.raises(ConnectionClosed) as closed:
                await late.next_of("state")
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            await asyncio.sleep(2.0)  # away for a while (under test): the computer's move falls due
            cluster.start()

            # The same move again, as a client does after a refusal: played once.
            await bobs.send(_move(turn))
            ack = await bobs.receive(lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack" and ack["seq"] == turn["seq"] + 1, ack
            await anas.state(lambda m: m["seq"] == turn["seq"] + 1)
            # The computer seat tried again by itself and moved.
            moved = await solo.state(lambda m: m["seq"] > mine["seq"] + 1)
            assert any(e["seat"] == 1 for e in moved["last_moves"])
            for socket in (anas, bobs, solo):
                await socket.close()

            # Nothing half-written: both logs are whole and replay to what clients saw.
            for table, seen in ((duel["id"], turn["seq"] + 1), (versus["id"], moved["seq"])):
                log = _log_of(url, table)
                assert [seq for seq, _entry in log] == list(range(1, len(log) + 1))
                assert len(log) >= seen
                spieltisch.load("mabula").replay([entry for _seq, entry in log])

    try:
        started = time.monotonic()
        asyncio.run(scenario())
        print(f"database away: whole scenario {time.monotonic() - started:.1f} s")
        assert "Traceback" not in server.log(), server.log()[-4000:]
    finally:
        server.stop()


def _move(state: Message) -> Message:
    return {"type": "move", "seq": state["seq"], "move": state["legal_moves"][0]["move"]}
