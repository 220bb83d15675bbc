"""Who owns a table from its start (PostgreSQL, two processes' clusters in one process).

A process's sweep takes over every running table nobody holds a lock on. The process
starting a table claims it before the table runs, so another process's sweep in the
moment between the start and the table's loading cannot take it (seen in a whole run:
B held a table A had just started). Its own sweep keeps a claimed table that is still
open, and lets go of it once it has ended."""

from __future__ import annotations

import asyncio

from sqlalchemy import update

from spieltisch.server.infra.postgres_cluster import PostgresCluster
from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.lobby import Lobby
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.services.seating import get_table, join, start
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, GameTable, TableStatus
from tests.server.servers import new_postgres_database


def test_the_starting_process_keeps_the_table_from_the_others_sweep(postgres: str) -> None:
    url = new_postgres_database(postgres)
    upgrade(url)

    async def scenario() -> None:
        database = Database(url)
        a, b = PostgresCluster(url), PostgresCluster(url)
        try:
            for cluster in (a, b):
                await cluster._connect_locks()
            async with database.session() as session:
                ana, bob = Account(name="Ana"), Account(name="Bob")
                session.add_all([ana, bob])
                await session.commit()
                spec = TableIn(game="mahe", seats=[SeatIn(kind="me"), SeatIn(kind="open")])
                table = await create_table(session, ana.id, spec)
                await join(session, table.id, bob.id, None)
            assert await a.claim(table.id)  # as `Lobby.start` does, before the start
            await a._sweep_once()
            assert a.owns(table.id), "A's own sweep let go of the open table it claimed"
            async with database.session() as session:
                await start(session, table.id, ana.id)
            await b._sweep_once()  # the moment before A loads the table it started
            assert not b.owns(table.id) and a.owns(table.id)
            async with database.session() as session:
                ended = update(GameTable).filter_by(id=table.id)
                await session.execute(ended.values(status=TableStatus.FINISHED))
                await session.commit()
            await a._sweep_once()
            assert not a.owns(table.id), "an ended table stays held"
            assert await b.claim(table.id)  # A's lock is gone
        finally:
            for cluster in (a, b):
                await cluster.close()
            await database.close()

    asyncio.run(scenario())


class Watching:
    """The live tables, noting each table's status when the lobby claims it."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.claimed: list[str] = []

    async def claim(self, table_id: str) -> bool:
        async with self.database.session() as session:
            self.claimed.append(str((await get_table(session, table_id)).status))
        return True

    def owns(self, table_id: str) -> bool:
        return False

    async def release(self, table_id: str) -> None:
        return None

    async def room(self, table_id: str) -> object:
        return None

    async def changed(self, table_id: str) -> None:
        return None


def test_the_lobby_claims_a_table_before_it_runs(postgres: str) -> None:
    url = new_postgres_database(postgres)
    upgrade(url)

    async def scenario() -> list[str]:
        database = Database(url)
        live = Watching(database)
        try:
            async with database.session() as session:
                ana = Account(name="Ana")
                session.add(ana)
                await session.commit()
                spec = TableIn(
                    game="mahe", seats=[SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
                )
                table = await create_table(session, ana.id, spec)
            started = await Lobby(database, live).start(table.id, ana.id)
            assert started.status == TableStatus.RUNNING
            return live.claimed
        finally:
            await database.close()

    assert asyncio.run(scenario()) == [TableStatus.OPEN]
