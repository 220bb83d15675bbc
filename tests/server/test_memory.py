"""A table leaves the server's memory when it is finished or idle, whoever was
connected: a computer-only table nobody watches is forgotten once its game ends, a
game of people nobody watches after a while without a move (issue 35, Medium 11)."""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select

from spieltisch.server.infra.cluster import SingleProcess
from spieltisch.server.infra.settings import Settings
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.schemas.rest import ClockIn, SeatIn, TableIn
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.table.room import Connection
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, GameTable, MoveEntry


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


def test_a_running_table_nobody_watches_leaves_memory_and_its_clock_still_runs(
    database_url: str,
) -> None:
    """A game of two people that both left: after `idle_seconds` the table leaves
    memory, is loaded again when its move clock runs out (the computer plays the move),
    leaves again, and comes back whole when someone opens it."""
    upgrade(database_url)

    async def scenario() -> None:
        database = Database(database_url)
        async with database.session() as session:
            ana, bob = Account(name="Ana"), Account(name="Bob")
            session.add_all([ana, bob])
            await session.commit()
            seats = [SeatIn(kind="me"), SeatIn(kind="reserved", account=bob.id)]
            clock = ClockIn(mode="move", seconds=2)
            spec = TableIn(game="mabula", seats=seats, clock=clock)
            table = await create_table(session, ana.id, spec, start=True, seated=True)
        settings = Settings(
            database_url=database_url, ai_processes=False, ai_pace=0.0, idle_seconds=0.3
        )
        pool = WorkerPool(1, processes=False)
        runtime = Runtime(database, pool, settings, SingleProcess())
        try:
            room = await runtime.room(table.id)  # as the start does; nobody connects
            seq = room.seq
            async with asyncio.timeout(30):
                while table.id in runtime.rooms:
                    await asyncio.sleep(0.05)
                assert room.seq == seq  # it left before its clock ran out
                while await _moves(database, table.id) == seq:
                    await asyncio.sleep(0.1)  # the clock ran out with the table away
                while table.id in runtime.rooms:
                    await asyncio.sleep(0.05)  # and it left again
            back = await runtime.room(table.id)
            assert back is not room and back.seq == await _moves(database, table.id) > seq
            connection = Connection(ana.id, 0, "en")
            runtime.enter(back, connection)
            await asyncio.sleep(0.6)
            assert runtime.rooms.get(table.id) is back  # watched: it stays
        finally:
            await runtime.close()
            pool.close()
            await database.close()

    asyncio.run(scenario())


async def _moves(database: Database, table_id: str) -> int:
    async with database.session() as session:
        found = await session.scalar(
            select(func.count()).select_from(MoveEntry).where(MoveEntry.table_id == table_id)
        )
    return int(found or 0)
