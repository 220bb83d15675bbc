"""Since when a person is away is kept in the database (issue 42), on both backends: a
process that loads the table only later (another PostgreSQL process a claim reaches, a
restart) counts the away time from when the person left, not from its own loading; the
lobby lists a game with a player away, and filters by it (`?away=true|false`)."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.services.lobby import list_tables
from spieltisch.server.services.lobby_filters import TableFilter
from spieltisch.server.table.leaving import Choice
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database
from tests.server.in_process import Now, a_table, connect, run, until

AWAY = 45
"""The table's away time (seconds)."""


async def listed_away(database: Database, table_id: str, away: bool) -> bool:
    """Whether the lobby's list filtered by `away` holds the table (its seats marked)."""
    async with database.session() as session:
        tables = await list_tables(session, chosen=TableFilter(away=away))
    found = [table for table in tables if table.id == table_id]
    return bool(found) and any(seat.away for seat in found[0].seats) == away


def test_a_process_loading_the_table_later_counts_from_when_the_person_left(
    migrated_url: str,
) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(away_seconds=AWAY)
        async with a_table(migrated_url, "mahe", seats, clock, now=now) as table:
            runtime, room, (ana, bob) = table
            database = runtime.database
            connect(runtime, room, ana)
            bobs = connect(runtime, room, bob)
            assert await listed_away(database, room.id, False)
            runtime.leave(room, bobs)  # Bob's connection is gone, through this process
            await until(lambda: listed_away(database, room.id, True), what="Bob away, listed")
            now.advance(AWAY + 1)
            # Another process (or this one after a restart) loads the table only now: it
            # counts Bob away since he left, so Ana's claim through it is taken at once.
            other = Runtime(database, WorkerPool(1, processes=False), runtime.settings, now=now)
            try:
                connect(other, await other.room(room.id), ana)  # Ana's page reached it too
                described = await other.hand_over(room.id, ana, 1, Choice.COMPUTER)
                assert described.seats[1].left == "substitute"
            finally:
                await other.close()
                other.pool.close()
            # Played by a substitute, the seat is no longer away; nor once Bob is back.
            await runtime.on_changed(room.id)  # the news PostgreSQL would carry
            await until(lambda: listed_away(database, room.id, False), what="substituted")
            await runtime.leaving.take_back(room.id, bob)
            connect(runtime, room, bob)
            await until(lambda: listed_away(database, room.id, False), what="Bob back")

    run(scenario)


def test_the_people_of_a_new_table_coming_to_it_write_nothing(
    migrated_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat "here" is what the table was created with: no write (at 200 tables
    those writes queued up behind each other for minutes); one leaving is written."""

    async def scenario() -> None:
        people = [SeatIn(kind="me"), SeatIn(kind="open")]
        async with a_table(migrated_url, "mabula", people) as (runtime, room, (ana, bob)):
            writes: list[dict[int, datetime | None]] = []
            real = runtime.storage.away

            async def counting(table_id: str, changes: dict[int, datetime | None]) -> None:
                writes.append(changes)
                await real(table_id, changes)

            monkeypatch.setattr(runtime.storage, "away", counting)
            connect(runtime, room, ana)  # Bob away for a moment: his seat's write waits
            bobs = connect(runtime, room, bob)
            while runtime.background.tasks:
                await asyncio.gather(*runtime.background.tasks, return_exceptions=True)
            assert writes == []
            runtime.leave(room, bobs)
            await until(lambda: listed_away(runtime.database, room.id, True), what="Bob away")
            assert [list(changes) for changes in writes] == [[1]]

    run(scenario)


def test_back_before_the_other_process_loads_it_means_the_full_away_time_again(
    migrated_url: str,
) -> None:
    """Away, back, away again: the away time counts from the last time they left."""

    async def scenario() -> None:
        now = Now()
        clock = ClockIn(away_seconds=AWAY)
        people = [SeatIn(kind="me"), SeatIn(kind="open")]
        async with a_table(migrated_url, "mabula", people, clock, now=now) as table:
            runtime, room, (ana, bob) = table
            connect(runtime, room, ana)
            runtime.leave(room, connect(runtime, room, bob))
            await until(lambda: listed_away(runtime.database, room.id, True), what="away")
            now.advance(AWAY)
            back = connect(runtime, room, bob)
            await until(lambda: listed_away(runtime.database, room.id, False), what="back")
            runtime.leave(room, back)
            await until(lambda: listed_away(runtime.database, room.id, True), what="away again")
            now.advance(AWAY / 2)
            other = Runtime(
                runtime.database, WorkerPool(1, processes=False), runtime.settings, now=now
            )
            try:
                room_2 = await other.room(room.id)
                told = other.presence(room_2).seats[1]
                assert told.away_ms is not None and abs(told.away_ms - AWAY / 2 * 1000) < 1000
            finally:
                await other.close()
                other.pool.close()

    run(scenario)
