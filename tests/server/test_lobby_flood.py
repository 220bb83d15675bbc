"""The lobby cannot be flooded (issue 35, finding 10): one account's many tables do not
push another person's open table off the list; open tables come before running ones."""

from __future__ import annotations

import asyncio

from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.lobby import create_table, list_tables
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account
from spieltisch.store.tables import LISTED_PER_ACCOUNT

WAITING = TableIn(game="mabula", seats=[SeatIn(kind="me"), SeatIn(kind="open")])
PLAYING = TableIn(game="mabula", seats=[SeatIn(kind="me"), SeatIn(kind="ai", level="easy")])


def test_a_flood_of_one_accounts_tables_leaves_anothers_open_table_listed(
    database_url: str,
) -> None:
    upgrade(database_url)

    async def scenario() -> None:
        database = Database(database_url)
        try:
            async with database.session() as session:
                ana, flooder = Account(name="Ana"), Account(name="Flooder")
                session.add_all([ana, flooder])
                await session.commit()
                real = await create_table(session, ana.id, WAITING)
                flood = [await create_table(session, flooder.id, WAITING) for _ in range(6)]
                running = [
                    await create_table(session, flooder.id, PLAYING, start=True) for _ in range(6)
                ]
                listed = await list_tables(session, limit=2 * LISTED_PER_ACCOUNT + 1)
        finally:
            await database.close()
        ids = [table.id for table in listed]
        newest_flood = [table.id for table in reversed(flood)][:LISTED_PER_ACCOUNT]
        newest_running = [table.id for table in reversed(running)][:LISTED_PER_ACCOUNT]
        assert ids == [*newest_flood, real.id, *newest_running]

    asyncio.run(scenario())
