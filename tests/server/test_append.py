"""The move log's append (`store/append.py`): on PostgreSQL one autocommitted statement
that stores the entries, the clock and the result and sends the news, or none of it; on
SQLite the same parts in one transaction of group commit, on the database's writing
thread."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Connection, select
from sqlalchemy.exc import IntegrityError

from spieltisch.store import Database, upgrade
from spieltisch.store.append import Append, append_at_once, write_all, write_all_now
from spieltisch.store.group import GroupCommit
from spieltisch.store.models import Account, GameTable, MoveEntry, Seat
from spieltisch.store.notify import EVERY_CHANNEL, Notice

AT = datetime(2026, 11, 26, 16, 0, tzinfo=UTC)


async def _table(database: Database, table_id: str) -> None:
    async with database.session() as session:
        session.add(GameTable(id=table_id, game="mabula", options={}, status="running"))
        session.add_all(
            Seat(table_id=table_id, seat=index, kind="ai", time_left_ms=60_000)
            for index in range(2)
        )
        await session.commit()


async def _stored(
    database: Database, table_id: str
) -> tuple[list[tuple[int, str, int | None]], list[int | None], str, object]:
    async with database.session() as session:
        entries = [
            (row.seq, row.entry, row.seat)
            for row in (
                await session.execute(
                    select(MoveEntry).filter_by(table_id=table_id).order_by(MoveEntry.seq)
                )
            ).scalars()
        ]
        clocks = [
            row.time_left_ms
            for row in (
                await session.execute(select(Seat).filter_by(table_id=table_id).order_by(Seat.seat))
            ).scalars()
        ]
        table = await session.get(GameTable, table_id)
        assert table is not None
        return entries, clocks, table.status, table.result


async def _append(database: Database, append: Append) -> None:
    """As the runtime appends: one statement on PostgreSQL, a session on SQLite."""
    if database.sqlite:
        async with database.session() as session:
            await write_all(session, [append])
            await session.commit()
    else:
        await append_at_once(database, append)


def test_an_append_stores_every_part_or_none(database_url: str) -> None:
    upgrade(database_url)

    async def scenario() -> None:
        database = Database(database_url)
        try:
            await _table(database, "t1")
            first = Append("t1", [(1, "a1", 0), (2, "r6", None)], AT, {0: 59_000})
            await _append(database, first)
            assert await _stored(database, "t1") == (
                [(1, "a1", 0), (2, "r6", None)],
                [59_000, 60_000],
                "running",
                None,
            )
            # The same seq again (another process was first): nothing of it is stored,
            # neither its clock nor its result.
            clash = Append("t1", [(2, "b2", 1)], AT, {1: 1}, result={"scores": [1.0, 0.0]})
            with pytest.raises(IntegrityError):
                await _append(database, clash)
            assert await _stored(database, "t1") == (
                [(1, "a1", 0), (2, "r6", None)],
                [59_000, 60_000],
                "running",
                None,
            )
            last = Append("t1", [(3, "b2", 1)], AT, {1: 30_000}, result={"scores": [0.0, 1.0]})
            await _append(database, last)
            entries, clocks, status, result = await _stored(database, "t1")
            assert entries[-1] == (3, "b2", 1)
            assert (clocks, status, result) == (
                [59_000, 30_000],
                "finished",
                {"scores": [0.0, 1.0]},
            )
        finally:
            await database.close()

    asyncio.run(scenario())


@pytest.fixture
def pg_url(postgres: str) -> str:
    from tests.server.servers import new_postgres_database

    return new_postgres_database(postgres)


def test_on_postgresql_the_news_leaves_with_the_entries_and_only_then(pg_url: str) -> None:
    upgrade(pg_url)
    plain = pg_url.replace("postgresql+psycopg://", "postgresql://")

    async def scenario() -> list[str]:
        database = Database(pg_url)
        heard: list[str] = []
        try:
            await _table(database, "t2")
            async with await psycopg.AsyncConnection.connect(plain, autocommit=True) as listener:
                await listener.execute("LISTEN spieltisch_test")
                news = ("spieltisch_test", "me moved t2 1")
                await append_at_once(database, Append("t2", [(1, "a1", 0)], AT, {}, notice=news))
                with pytest.raises(IntegrityError):
                    await append_at_once(
                        database,
                        Append("t2", [(1, "b1", 1)], AT, {}, notice=("spieltisch_test", "lost")),
                    )
                await append_at_once(
                    database,
                    Append(
                        "t2", [(2, "b1", 1)], AT, {}, notice=("spieltisch_test", "me moved t2 2")
                    ),
                )
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(2):
                        async for notice in listener.notifies():
                            heard.append(notice.payload)
                            if len(heard) == 3:
                                break
        finally:
            await database.close()
        return heard

    assert asyncio.run(scenario()) == ["me moved t2 1", "me moved t2 2"]


def test_an_append_after_the_database_dropped_its_connections_is_tried_again(
    pg_url: str,
) -> None:
    """Append connections are not pinged when taken (a round trip per move saved): one
    the database dropped (a restart, as a connection sees it) fails its statement, which
    is then tried once more on a new connection."""
    upgrade(pg_url)
    plain = pg_url.replace("postgresql+psycopg://", "postgresql://")

    async def scenario() -> list[str]:
        database = Database(pg_url)
        try:
            await _table(database, "t3")
            await append_at_once(database, Append("t3", [(1, "a1", 0)], AT, {}))
            async with await psycopg.AsyncConnection.connect(plain, autocommit=True) as admin:
                await admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            await append_at_once(database, Append("t3", [(2, "b1", 1)], AT, {}))
            async with database.session() as session:
                rows = await session.execute(
                    select(MoveEntry.entry).filter_by(table_id="t3").order_by(MoveEntry.seq)
                )
                return list(rows.scalars())
        finally:
            await database.close()

    assert asyncio.run(scenario()) == ["a1", "b1"]


def test_sqlite_appends_in_the_writing_thread_store_what_the_session_stored(
    tmp_path: Path,
) -> None:
    """Group commit writes on SQLite's writing thread (`write_all_now`): every row of the
    move log, the clocks, the end of the game and the notifications is the one the async
    session wrote (`write_all`), value for value as SQLite holds it; a batch with a clash
    fails only the clashing append, which stores nothing."""
    told = [Notice("turn:t1:2:1:email", 1, "turn", EVERY_CHANNEL, {"table": "t1", "n": [1, 2]})]
    appends = [
        Append("t1", [(1, "a1", 0), (2, "r6", None)], AT, {0: 59_000}, told=told),
        Append("t2", [(1, "b1", 1)], AT, {}),
        Append("t1", [(3, "b2", 1)], AT, {1: 30_000}, result={"scores": [0.0, 1.0]}),
    ]
    clash = Append("t2", [(1, "c1", 0)], AT, {0: 1}, result={"scores": [1.0, 0.0]})
    threads: set[str] = set()

    def in_thread(connection: Connection, batch: Sequence[Append]) -> None:
        threads.add(threading.current_thread().name)
        write_all_now(connection, batch)

    async def stored(now: bool) -> list[list[tuple[object, ...]]]:
        database = Database(urls[now])
        try:
            async with database.session() as session:
                session.add(Account(id=1, name="Ana"))
                await session.commit()
            for table_id in ("t1", "t2"):
                await _table(database, table_id)
            group = GroupCommit(database, write_all, in_thread if now else None)
            await group.write(appends[0])
            outcomes = await asyncio.gather(
                *(group.write(append) for append in [*appends[1:], clash]),
                return_exceptions=True,
            )
            assert outcomes[:2] == [None, None] and isinstance(outcomes[2], IntegrityError)
            async with database.engine.connect() as connection:
                return [
                    [tuple(row) for row in await connection.exec_driver_sql(query)]
                    for query in (
                        "SELECT * FROM moves ORDER BY table_id, seq",
                        "SELECT * FROM seats ORDER BY table_id, seat",
                        "SELECT id, status, result, finished_at FROM game_tables ORDER BY id",
                        "SELECT key, account_id, kind, channel, payload, due_at, attempts"
                        " FROM notification_outbox",
                    )
                ]
        finally:
            await database.close()

    urls = {now: f"sqlite+aiosqlite:///{tmp_path}/{now}.sqlite3" for now in (False, True)}
    for url in urls.values():
        upgrade(url)
    in_session, in_thread_rows = asyncio.run(stored(False)), asyncio.run(stored(True))
    assert in_thread_rows == in_session
    assert {name.split("_")[0] for name in threads} == {"sqlite-writes"}
    moves, _seats, tables, notices = in_thread_rows
    assert [row[1:4] for row in moves] == [
        (1, "a1", 0),
        (2, "r6", None),
        (3, "b2", 1),
        (1, "b1", 1),
    ]
    assert tables[0][1] == "finished" and tables[1][1] == "running" and len(notices) == 1
