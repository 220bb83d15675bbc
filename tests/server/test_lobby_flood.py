"""The lobby cannot be flooded (issue 35, finding 10): one account's or one address's many
tables do not push another person's open table off the list; open tables come before
running ones; and one account or one address keeps only so many open tables at once."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.infra.auth import Sessions
from spieltisch.server.infra.limits import RateLimits
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.lobby import list_tables
from spieltisch.server.services.new_tables import check_open_tables, create_table
from spieltisch.server.services.seating import join, leave, start
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


def test_open_tables_are_counted_per_account_seated_and_per_address(database_url: str) -> None:
    """What a new table is counted against, on both backends: the open tables the account
    sits at, and those made from its address where a person still sits; a table started,
    left by everyone or a tournament's does not count."""
    upgrade(database_url)
    limits = {"account": 2, "address": 3}

    async def refused(session: AsyncSession, account: int, mark: str) -> str | None:
        try:
            await check_open_tables(session, account, mark, limits)
        except Refusal as refusal:
            assert refusal.code == Code.TOO_MANY
            return str(refusal.message)
        return None

    async def scenario() -> None:
        database = Database(database_url)
        try:
            async with database.session() as session:
                ana, bob, cleo, dora = (Account(name=n) for n in ("Ana", "Bob", "Cleo", "Dora"))
                session.add_all([ana, bob, cleo, dora])
                await session.commit()
                assert await refused(session, ana.id, "flat") is None
                first = await create_table(session, ana.id, WAITING, created_from="flat")
                await create_table(session, ana.id, WAITING, created_from="flat")
                assert "2 open tables" in (await refused(session, ana.id, "flat") or "")
                assert await refused(session, bob.id, "flat") is None  # another account
                await leave(session, first.id, ana.id)  # the table nobody sits at
                assert await refused(session, ana.id, "flat") is None
                await create_table(session, bob.id, WAITING, created_from="flat")
                await create_table(session, cleo.id, WAITING, created_from="flat")
                message = await refused(session, dora.id, "flat")
                assert message is not None and "3 open tables made from your network" in message
                assert await refused(session, dora.id, "elsewhere") is None
                await join(session, first.id, dora.id, None)  # seated at an open table again
                await create_table(session, dora.id, WAITING, created_from="elsewhere")
                assert "2 open tables" in (await refused(session, dora.id, "elsewhere") or "")
                await join(session, first.id, ana.id, None)
                await start(session, first.id, ana.id)  # running: no longer waits
                assert await refused(session, dora.id, "elsewhere") is None
                await create_table(
                    session, dora.id, WAITING, created_from="elsewhere", tournament_id="cup"
                )
                assert await refused(session, dora.id, "elsewhere") is None
        finally:
            await database.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "You sit at 2 open tables already"),
        ("de", "Du sitzt schon an 2 offenen Tischen"),
        ("fr", "Vous êtes déjà assis à 2 tables ouvertes"),
    ],
)
def test_one_more_open_table_than_allowed_is_refused_in_the_persons_language(
    url: str, language: str, words: str
) -> None:
    limits = RateLimits().with_rate("account:open_tables=2")

    async def scenario() -> None:
        async with an_app(url, rate_limits=limits) as (client, _services):
            _ana, as_ana = await guest(client, "Ana")
            body = WAITING.model_dump(mode="json")
            for _ in range(2):
                made = await client.post("/api/tables", json=body, headers=as_ana)
                assert made.status_code == 201, made.text
            headers = {**as_ana, "Accept-Language": language}
            refused = await client.post("/api/tables", json=body, headers=headers)
            assert refused.status_code == 429, refused.text
            assert refused.json()["detail"].startswith(words)
            listed = await client.get("/api/tables")
            assert len(listed.json()["tables"]) == 2  # nothing of the refused one was kept

    asyncio.run(scenario())


def test_the_open_table_limits_are_set_like_the_rates_and_reach_the_workers() -> None:
    limits = RateLimits().with_rate("address:open_tables=50")
    assert limits.open_tables == {"account": 10, "address": 50}
    assert RateLimits.from_dict(dataclasses.asdict(limits)) == limits
    for bad in ("address:open_tables=0", "account:open_tables=many", "address:open_tables="):
        with pytest.raises(ValueError, match="open_tables"):
            RateLimits().with_rate(bad)
