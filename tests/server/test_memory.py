"""A table leaves the server's memory when it is finished, whoever was connected: a
computer-only table nobody watches is forgotten once its game ends (issue 35,
Medium 11, in part)."""

from __future__ import annotations

import asyncio

from spieltisch.server.ai import WorkerPool
from spieltisch.server.cluster import SingleProcess
from spieltisch.server.live import Runtime
from spieltisch.server.lobby import create_table
from spieltisch.server.schemas import SeatIn, TableIn
from spieltisch.server.settings import Settings
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, GameTable


def test_a_finished_table_nobody_watches_leaves_memory(database_url: str) -> None:
    upgrade(database_url)

    async def scenario() -> None:
        database = Database(database_url)
        async with database.session() as session:
            ana = Account(name="Ana")
            session.add(ana)
            await session.commit()
            computers = [SeatIn(kind="ai", level="easy"), SeatIn(kind="ai", level="easy")]
            spec = TableIn(game="mabula", seats=computers)
            table = await create_table(session, ana.id, spec, start=True)
        settings = Settings(database_url=database_url, ai_processes=False, ai_pace=0.0)
        pool = WorkerPool(1, processes=False)
        runtime = Runtime(database, pool, settings, SingleProcess())
        try:
            await runtime.room(table.id)  # nobody connects; the computers play it out
            async with asyncio.timeout(120):
                while True:
                    async with database.session() as session:
                        found = await session.get(GameTable, table.id)
                        assert found is not None
                        if found.status == "finished":
                            break
                    await asyncio.sleep(0.2)
            await asyncio.sleep(0.2)
            assert table.id not in runtime.rooms
        finally:
            await runtime.close()
            pool.close()
            await database.close()

    asyncio.run(scenario())
