"""Leaving a running game: resigning, a seat away (the connection dropped without a
close), coming back, and the others handing an away seat to the computer."""

from __future__ import annotations

import asyncio
import random

import spieltisch
from tests.server.client import Client, play_randomly
from tests.server.server_thread import ServerThread
from tests.server.tables import claim_ends_the_duel, drop, presence, seat_of, started_table
from tests.waiting import DEADLINE

ONE_DEAL = {"players": 3, "deals": 1}


def test_resigning_a_game_of_two_ends_it_and_ranks_the_resigner_second(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            table = await started_table(ana, bob)
            bobs = await bob.socket(table)
            await bobs.state()
            resigned = await ana.post(f"/api/tables/{table}/resign")
            assert resigned["status"] == "finished" and resigned["seats"][0]["resigned"]
            final = await bobs.state(lambda m: m["status"] == "finished")
            assert final["result"]["ranking"] == [2, 1]
            assert final["result"]["resigned"] == [0]
            assert final["legal_moves"] == [] and final["to_move"] is None
            record = (await bob.http.get(f"/api/games/{table}/record")).json()
            assert record["result"]["resigned"] == [0] and record["result"]["ranking"] == [2, 1]
            spieltisch.load_record(record)  # a finished record the library replays and checks
            again = await ana.http.post(f"/api/tables/{table}/resign")
            assert again.status_code == 409 and "finished" in again.json()["detail"]
            left = await ana.http.post(
                f"/api/tables/{table}/leave", headers={"Accept-Language": "de"}
            )
            assert left.status_code == 409 and "gibst du auf" in left.json()["detail"]
            await bobs.close()

    asyncio.run(scenario())


def test_resigning_a_game_of_three_hands_the_seat_to_the_easy_level(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
            # One deal of David & Goliath: a game of three in 46 entries (Mahé took
            # 420-550, some 15 s of round trips on a busy machine, for the same proof).
            table = await started_table(ana, bob, "david_goliath", seats, options=ONE_DEAL)
            anas = await ana.socket(table)
            await anas.state()
            described = await ana.post(f"/api/tables/{table}/resign")
            assert described["status"] == "running"
            assert described["seats"][0]["resigned"] and described["seats"][0]["level"] == "easy"
            now_watching = await anas.state(lambda m: m["seat"] is None)
            assert now_watching["legal_moves"] == []
            await anas.send({"type": "move", "seq": now_watching["seq"], "move": "1"})
            assert (await anas.next_of("error"))["code"] == "not_seated"
            bobs = await bob.socket(table)
            final = await asyncio.wait_for(play_randomly(bobs, random.Random(5)), 240)
            ranking = final["result"]["ranking"]
            assert ranking[0] == 3 and sorted(ranking[1:]) in ([1, 2], [1, 1])
            record = (await ana.http.get(f"/api/games/{table}/record")).json()
            state = spieltisch.load_record(record)
            assert state.is_terminal()
            assert record["result"]["ranking"] == ranking and record["result"]["resigned"] == [0]
            seats_moved = {
                e["seat"] for m in bobs.messages if m["type"] == "state" for e in m["last_moves"]
            }
            assert 0 in seats_moved  # the easy level played Ana's seat
            await anas.close()
            await bobs.close()

    asyncio.run(scenario())


def test_a_dropped_connection_is_shown_away_and_back_and_the_clock_runs(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            table = await started_table(ana, bob, clock={"mode": "move", "seconds": 2})
            bobs = await bob.socket(table)
            anas = await ana.socket(table)
            first = await anas.state(lambda m: m["to_move"] == 0)
            await presence(bobs, 0, True)
            drop(anas)
            away = await presence(bobs, 0, False)
            assert seat_of(away, 0)["away_ms"] >= 0
            # Ana's clock runs while she is away: the easy level moves for her at zero.
            moved = await bobs.state(lambda m: m["seq"] > first["seq"])
            assert moved["last_moves"][-1]["seat"] == 0
            back = await ana.socket(table, last_seq=first["seq"])
            again = await back.state()
            assert [e["seq"] for e in again["last_moves"]][:1] == [first["seq"] + 1]
            await presence(bobs, 0, True)
            await back.close()
            await bobs.close()

    asyncio.run(scenario())


def test_the_others_hand_a_seat_away_long_enough_to_the_computer(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            table = await started_table(ana, bob)
            bobs = await bob.socket(table)
            anas = await ana.socket(table)
            await presence(bobs, 0, True)
            drop(anas)
            away = await presence(bobs, 0, False)
            assert away["claim_after_ms"] == 2000
            early = await bob.http.post(
                f"/api/tables/{table}/claim", json={"seat": 0}, headers={"Accept-Language": "fr"}
            )
            assert early.status_code == 409 and "absence" in early.json()["detail"]
            own = await bob.http.post(f"/api/tables/{table}/claim", json={"seat": 1})
            assert own.status_code == 409
            # The away time passing is under test (in-process tests move a clock instead).
            await claim_ends_the_duel(bob, bobs, table, within=DEADLINE)

    asyncio.run(scenario())
