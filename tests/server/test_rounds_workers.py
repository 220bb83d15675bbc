"""Online round results with `serve --workers 2` on PostgreSQL: whichever process sees a
game end (the one running the table reports it, the other catches up when the tournament
is read), every table's result is taken exactly once."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import delete, func, select

from spieltisch.server.services.rounds import SERVER, OnlineRounds
from spieltisch.store import Database
from spieltisch.store.tournaments import TournamentEntryRow
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament
from tests.server.client import Client, Message
from tests.server.servers import ServerProcess, new_postgres_database
from tests.server.tournaments import Director

TABLES = 3


@pytest.fixture
def pg_url(postgres: str) -> str:
    return new_postgres_database(postgres)


async def ledger(url: str, identifier: str) -> Tournament:
    database = Database(url)
    try:
        return await TournamentStore(database).load(identifier)
    finally:
        await database.close()


def taken(tournament: Tournament) -> Counter[tuple[int, int]]:
    """How many result entries each (round, table) has."""
    return Counter(
        (entry.round, entry.table)
        for entry in tournament.entries
        if isinstance(entry, ResultEntered)
    )


async def computers_round(boss: Client, seed: str) -> tuple[Director, Message]:
    """A one-round tournament of easy computer entrants at TABLES online tables, with a
    round clock of 3 seconds, its round started."""
    await boss.guest("Director")
    director, _created = await Director.create(
        boss, name=f"Computers {seed}", rounds=1, round_minutes=0.05, seed=seed
    )
    for index in range(4 * TABLES):
        await director.register(name=f"Bot {index + 1}", level="easy")
    return director, await director.start_round()


async def read_until_complete(url: str, director: Director, readers: int) -> None:
    """Several clients read the tournament at once, over connections the two workers
    share out, until every online table has its result: each read collects too."""

    async def reader() -> None:
        async with Client(url) as client:
            client.http.cookies = director.client.http.cookies
            while True:
                found = (await client.http.get(f"/api/tournaments/{director.id}")).json()
                tables = found["rounds"][0]["tables"]
                if all(table["result"] for table in tables):
                    return
                await asyncio.sleep(0.05)

    await asyncio.wait_for(asyncio.gather(*(reader() for _ in range(readers))), 180)


def test_workers_2_take_each_online_result_exactly_once(pg_url: str, tmp_path: Path) -> None:
    server = ServerProcess(pg_url, tmp_path, "--workers", "2")
    server.start()
    try:

        async def scenario() -> str:
            async with Client(server.url) as boss:
                director, page = await computers_round(boss, "w2")
                online = [t["online"] for t in page["rounds"][0]["tables"]]
                assert len(online) == TABLES and all(online)
                await read_until_complete(server.url, director, readers=6)
                return director.id

        identifier = asyncio.run(scenario())
    finally:
        server.stop()
    tournament = asyncio.run(ledger(pg_url, identifier))
    assert taken(tournament) == Counter({(1, n): 1 for n in range(1, TABLES + 1)})
    played = tournament.round(1)
    for number, entry in played.results.items():
        assert entry.how == "online" and entry.by == SERVER
        assert entry.table_id == played.online[number]
        assert entry.record is not None and entry.record["result"]
    assert "Traceback" not in server.log()


def test_processes_racing_to_collect_take_each_result_once(pg_url: str, tmp_path: Path) -> None:
    """The same race without waiting for chance: a round's games are over but no result
    is in (as after a crash of the process that ran them), and four processes' stores
    collect at the same moment, each with its own connections to the database."""
    server = ServerProcess(pg_url, tmp_path)
    server.start()
    try:

        async def scenario() -> str:
            async with Client(server.url) as boss:
                director, _page = await computers_round(boss, "race")
                await director.wait_for_online_results(1)
                return director.id

        identifier = asyncio.run(scenario())
    finally:
        server.stop()

    async def race() -> list[Tournament]:
        database = Database(pg_url)
        async with database.session() as session:  # forget the results taken
            # and whatever the ledger wrote after the first of them (a lot drawn for a
            # tie once the round was complete): the ledger as it stood before they came
            first = await session.scalar(
                select(func.min(TournamentEntryRow.seq)).where(
                    TournamentEntryRow.tournament_id == identifier,
                    TournamentEntryRow.kind == "result",
                )
            )
            assert first is not None
            await session.execute(
                delete(TournamentEntryRow).where(
                    TournamentEntryRow.tournament_id == identifier,
                    TournamentEntryRow.seq >= first,
                )
            )
            await session.commit()
        await database.close()
        databases = [Database(pg_url) for _ in range(4)]
        try:
            collectors = [OnlineRounds(db, runtime=None) for db in databases]  # type: ignore[arg-type]
            return await asyncio.gather(*(c.collect(identifier) for c in collectors))
        finally:
            for db in databases:
                await db.close()

    seen = asyncio.run(race())
    tournament = asyncio.run(ledger(pg_url, identifier))
    assert taken(tournament) == Counter({(1, n): 1 for n in range(1, TABLES + 1)})
    assert all(len(t.round(1).results) == TABLES for t in seen)
