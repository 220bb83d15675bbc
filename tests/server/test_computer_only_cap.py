"""Issue 48's audit: the cap of 2 tables of computers only per account was easy to get
round: MÄDN with the creator and three experts, started and resigned (20 of 20
accepted), or a one-second move clock and never connecting. Once no person plays at a
table that is not a tournament's, its game ends. In-process, on both backends; the
clocks are tenths of a second (`a_quick_clock`): nobody races them."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.core import RecordError
from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.services.new_tables import MAX_COMPUTER_TABLES
from spieltisch.server.services.records import finished_record
from spieltisch.server.table.scheduler import TIMEOUTS_AWAY
from tests.server.addressed import an_app_at_addresses, guest_at
from tests.server.in_process import QUICK_SECONDS, a_quick_clock, a_table, connect, run, until

EXPERTS = [SeatIn(kind="ai", level="expert")] * 3


def test_resigning_the_only_person_ends_the_game_of_computers(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), *EXPERTS]
        async with a_table(migrated_url, "madn", seats) as (runtime, room, (ana, _bob)):
            described = await runtime.hand_over(room.id, ana, None)
            assert described.status == "finished"
            assert room.table.result is not None and room.table.result["resigned"] == [0]
            assert room.table.result["ranking"] == [4, 1, 1, 1]
            assert room.table.result["computers"] == [1, 2, 3]
            async with runtime.database.session() as session:
                record = await finished_record(session, room.id)
            assert record["result"]["computers"] == [1, 2, 3]
            assert not spieltisch.load_record(record).is_terminal()  # it replays, checked
            for wrong in ([0, 1], [4]):  # a resigned seat, no seat at all
                bad = {**record, "result": {**record["result"], "computers": wrong}}
                with pytest.raises(RecordError, match="computer seats"):
                    spieltisch.load_record(bad)
            short = {**record, "result": {**record["result"], "computers": [1, 2]}}
            with pytest.raises(RecordError, match="does not reach the end"):
                spieltisch.load_record(short)  # a seat neither resigned nor a computer's

    run(scenario)


def test_a_person_and_three_experts_resigned_again_and_again_is_no_way_round_the_cap(
    migrated_url: str,
) -> None:
    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url, rate_limits=None) as app:
            ana, _me = await guest_at(app, "10.0.0.1", "Ana")
            body = {
                "game": "madn",
                "seats": [{"kind": "me"}, *[{"kind": "ai", "level": "expert"}] * 3],
            }
            for _ in range(MAX_COMPUTER_TABLES + 3):
                table = (await ana.post("/api/tables", json=body)).json()
                if table["status"] == "open":
                    await ana.post(f"/api/tables/{table['id']}/start")
                resigned = await ana.post(f"/api/tables/{table['id']}/resign")
                assert resigned.status_code == 200 and resigned.json()["status"] == "finished"
            computers = {"game": "madn", "seats": [{"kind": "ai", "level": "easy"}] * 4}
            for _ in range(MAX_COMPUTER_TABLES):  # the cap is still all there
                assert (await ana.post("/api/tables", json=computers)).status_code == 201
            assert (await ana.post("/api/tables", json=computers)).status_code == 429
            await ana.aclose()

    run(scenario)


@pytest.mark.parametrize("mode", ["move", "game"])
def test_a_short_clock_and_never_connecting_ends_the_game(migrated_url: str, mode: str) -> None:
    """Nobody to claim the seat and its person never came: after `TIMEOUTS_AWAY` moves
    played for it by the clock (a game clock: once), the seat is handed over."""

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), *[SeatIn(kind="ai", level="easy")] * 3]
        clock = a_quick_clock(mode=mode, seconds=QUICK_SECONDS)
        async with a_table(migrated_url, "madn", seats, clock) as (_runtime, room, _accounts):
            await until(lambda: room.table.status == "finished", what="the game to end")
            assert room.table.result is not None and room.table.result["resigned"] == [0]
            played_for_her = [item for item in room.log if item.seat == 0]
            assert len(played_for_her) <= (TIMEOUTS_AWAY if mode == "move" else 1) * 2

    run(scenario)


def test_a_person_at_the_table_keeps_the_clock_playing_for_her(migrated_url: str) -> None:
    """Connected, her move clock running out only plays a move for her: nothing ends."""

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), *[SeatIn(kind="ai", level="easy")] * 3]
        clock = a_quick_clock(mode="move", seconds=QUICK_SECONDS)
        async with a_table(migrated_url, "madn", seats, clock) as (runtime, room, (ana, _b)):
            connect(runtime, room, ana)
            start = len([item for item in room.log if item.seat == 0])
            await until(
                lambda: (
                    len([item for item in room.log if item.seat == 0]) >= start + TIMEOUTS_AWAY + 1
                ),
                what="more timed-out moves than the limit while she is there",
            )
            assert room.table.status == "running"

    run(scenario)
