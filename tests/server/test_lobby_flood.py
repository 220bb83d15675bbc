"""The lobby cannot be flooded (issue 35, finding 10): one account's or one address's many
tables do not push another person's open table off the list; open tables come before
running ones."""

from __future__ import annotations

import asyncio

from spieltisch.server.infra.auth import Sessions
from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.lobby import create_table, list_tables
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, GameTable
from spieltisch.store.tables import LISTED_PER_ACCOUNT, LISTED_PER_ADDRESS
from tests.server.in_process import an_app, guest

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


def test_guests_made_in_a_row_from_one_address_leave_anothers_open_table_listed(
    database_url: str,
) -> None:
    """Finding 10's second half: a new guest account per table got round the per-account
    limit; the lobby also lists only LISTED_PER_ADDRESS tables per address."""
    upgrade(database_url)

    async def scenario() -> None:
        database = Database(database_url)
        try:
            async with database.session() as session:
                ana = Account(name="Ana")
                guests = [Account(name=f"Guest {n}") for n in range(10)]
                session.add_all([ana, *guests])
                await session.commit()
                real = await create_table(session, ana.id, WAITING, created_from="home")
                flood = [
                    await create_table(session, one.id, WAITING, created_from="flooder")
                    for one in guests
                ]
                listed = await list_tables(session, limit=LISTED_PER_ADDRESS + 1)
        finally:
            await database.close()
        ids = [table.id for table in listed]
        newest_flood = [table.id for table in reversed(flood)][:LISTED_PER_ADDRESS]
        assert ids == [*newest_flood, real.id]

    asyncio.run(scenario())


def test_a_table_keeps_a_keyed_mark_of_its_address_not_the_address(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, services):
            _ana, as_ana = await guest(client, "Ana")
            created = await client.post(
                "/api/tables", json=WAITING.model_dump(mode="json"), headers=as_ana
            )
            assert created.status_code == 201, created.text
            async with services.database.session() as session:
                table = await session.get(GameTable, created.json()["id"])
        assert table is not None and table.created_from is not None
        address = "127.0.0.1"  # httpx's ASGI transport's client
        assert table.created_from == services.sessions.address_mark(address)
        assert address not in table.created_from
        other = Sessions("another server's key", False, services.database)
        assert other.address_mark(address) != table.created_from  # keyed: not guessable

    asyncio.run(scenario())
