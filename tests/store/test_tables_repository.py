"""The tables repository (`store/tables.py`): the lobby's page of tables is described in
a fixed number of queries however many tables it shows (no query per table)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import event

from spieltisch.server.description.tables import describe_table
from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.lobby import list_tables
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.services.seating import join
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, GameTable, SeatKind, TableStatus


def test_the_lobby_list_is_four_queries_for_any_number_of_tables(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lobby.sqlite3'}"
    upgrade(url)

    async def scenario() -> None:
        database = Database(url)
        try:
            async with database.session() as session:
                people = [Account(name=f"P{index}") for index in range(4)]
                session.add_all(people)
                await session.commit()
                for index in range(8):
                    seats = [
                        SeatIn(kind="me"),
                        SeatIn(kind="open"),
                        SeatIn(kind="ai", level="easy"),
                    ]
                    table = await create_table(
                        session, people[index % 4].id, TableIn(game="mahe", seats=seats)
                    )
                    await join(session, table.id, people[(index + 1) % 4].id, None)
            statements: list[str] = []

            def count(*args: Any) -> None:
                statements.append(str(args[2]))

            event.listen(database.engine.sync_engine, "before_cursor_execute", count)
            async with database.session() as session:
                listed = await list_tables(session)
            event.remove(database.engine.sync_engine, "before_cursor_execute", count)
            assert len(listed) == 8
            # Tables (with the tournament each was opened for), their seats, the names.
            assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) == 3
            async with database.session() as session:
                for out in listed:
                    row = await session.get(GameTable, out.id)
                    assert row is not None
                    assert await describe_table(session, row) == out
            first = listed[0]
            assert first.status == TableStatus.OPEN
            assert [seat.kind for seat in first.seats] == [
                SeatKind.HUMAN,
                SeatKind.HUMAN,
                SeatKind.AI,
            ]
            assert first.seats[0].name is not None and first.seats[0].name.startswith("P")
        finally:
            await database.close()

    asyncio.run(scenario())
