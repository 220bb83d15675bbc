"""Online tournament results in-process (the app over ASGI, no server process): reading a
tournament writes nothing; a finished table's result is taken by the finish hook or,
missed, by the sweep; a table knows its tournament by a column."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from spieltisch.server.services.rounds import OnlineRounds
from spieltisch.store import Database
from spieltisch.store.models import GameTable
from spieltisch.store.tables import tournament_of
from spieltisch.tournament.storage import TournamentStore
from tests.server.in_process import an_app, guest
from tests.waiting import until_value


async def a_round_online(
    client: httpx.AsyncClient,
) -> tuple[str, str, int, dict[str, str]]:
    """A rated Mabula tournament of Ana and Bob with round 1 at one online table:
    (tournament, table, Bob's account, Ana's headers)."""
    ana, as_ana = await guest(client, "Ana")
    bob, _as_bob = await guest(client, "Bob")
    body = {"name": "Cup", "game": "mabula", "rounds": 2, "round_minutes": None}
    created = await client.post("/api/tournaments", json=body, headers=as_ana)
    assert created.status_code == 201, created.text
    identifier = created.json()["id"]
    for account in (ana, bob):
        added = await client.post(
            f"/api/tournaments/{identifier}/players", json={"account": account}, headers=as_ana
        )
        assert added.status_code == 200, added.text
    started = await client.post(
        f"/api/tournaments/{identifier}/rounds", json={"online": True}, headers=as_ana
    )
    assert started.status_code == 200, started.text
    table = started.json()["rounds"][0]["tables"][0]["online"]
    assert table
    return identifier, table, bob, as_ana


async def ledger(client: httpx.AsyncClient, identifier: str, headers: dict[str, str]) -> Any:
    answer = await client.get(f"/api/tournaments/{identifier}", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_reading_a_tournament_takes_no_result_and_the_sweep_takes_a_missed_one(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, svc):
            identifier, table, bob, as_ana = await a_round_online(client)
            async with svc.database.session() as session:
                assert await tournament_of(session, table) == identifier
            svc.runtime.on_finish.clear()  # the hook "missed" this table (a crash)
            entries = len((await TournamentStore(svc.database).load(identifier)).entries)
            await svc.runtime.hand_over(table, bob, None)  # a game of two ends
            async with svc.database.session() as session:
                finished = await session.get(GameTable, table)
                assert finished is not None and finished.status == "finished"
            for _ in range(3):
                page = await ledger(client, identifier, as_ana)
                assert page["rounds"][0]["tables"][0]["result"] is None
                rating = await client.get(f"/api/tables/{table}/rating", headers=as_ana)
                assert rating.status_code == 200 and rating.json()["rated"] is False
            store = TournamentStore(svc.database)
            assert len((await store.load(identifier)).entries) == entries
            assert await OnlineRounds(svc.database, svc.runtime).sweep() == 1
            page = await ledger(client, identifier, as_ana)
            result = page["rounds"][0]["tables"][0]["result"]
            assert result is not None and result["how"] == "online" and result["by"] == "server"
            rating = await client.get(f"/api/tables/{table}/rating", headers=as_ana)
            assert rating.json()["rated"] is True and rating.json()["tournament"] == identifier

    asyncio.run(scenario())


def test_a_finished_table_gives_its_result_through_the_finish_hook(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, svc):
            identifier, table, bob, as_ana = await a_round_online(client)
            await svc.runtime.hand_over(table, bob, None)
            page = await until_value(
                lambda: ledger(client, identifier, as_ana),
                lambda page: page["rounds"][0]["tables"][0]["result"] is not None,
                what="the table's result in the tournament",
            )
            result = page["rounds"][0]["tables"][0]["result"]
            assert sorted(result["places"]) == [1, 2]

    asyncio.run(scenario())


def test_a_table_of_no_tournament_has_none(url: str) -> None:
    async def scenario() -> None:
        database = Database(url)
        try:
            async with database.session() as session:
                assert await tournament_of(session, "nosuchtable") is None
        finally:
            await database.close()

    asyncio.run(scenario())
