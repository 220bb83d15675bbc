"""Group commit on SQLite: writes that wait together share one transaction, each caller
returns once its own write is committed, and a write that fails fails only itself."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store import Database
from spieltisch.store.group import GroupCommit

Write = Callable[[AsyncSession], Awaitable[None]]
"""A test's write: statements in the given session; never commits."""


async def one_by_one(session: AsyncSession, works: Sequence[Write]) -> None:
    for work in works:
        await work(session)


async def _notes(folder: Path) -> Database:
    """An SQLite database with one table of numbers."""
    database = Database(f"sqlite+aiosqlite:///{folder / 'group.sqlite3'}")
    async with database.engine.begin() as connection:
        await connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY)"))
    return database


def test_waiting_writes_share_commits_and_a_bad_one_fails_alone(tmp_path: Path) -> None:
    async def scenario() -> None:
        database = await _notes(tmp_path)
        group = GroupCommit(database, one_by_one)

        def insert(number: int) -> Write:
            async def work(session: AsyncSession) -> None:
                await session.execute(text("INSERT INTO notes (id) VALUES (:id)"), {"id": number})

            return work

        numbers = [*range(60), 7]  # 7 twice: the second must fail, alone
        outcomes = await asyncio.gather(
            *(group.write(insert(n)) for n in numbers), return_exceptions=True
        )
        failed = [n for n, outcome in zip(numbers, outcomes, strict=True) if outcome]
        assert len(failed) == 1 and isinstance(outcomes[-1] or outcomes[7], IntegrityError)
        async with database.session() as session:
            stored = (await session.execute(text("SELECT id FROM notes ORDER BY id"))).scalars()
            assert list(stored) == list(range(60))
        assert group.writes >= len(numbers) and group.batches < len(numbers) / 2
        await database.close()

    asyncio.run(scenario())


def test_a_write_that_raises_is_not_committed(tmp_path: Path) -> None:
    async def scenario() -> None:
        database = await _notes(tmp_path)
        group = GroupCommit(database, one_by_one)

        async def half(session: AsyncSession) -> None:
            await session.execute(text("INSERT INTO notes (id) VALUES (1)"))
            raise ValueError("half written")

        with pytest.raises(ValueError, match="half written"):
            await group.write(half)
        async with database.session() as session:
            assert list((await session.execute(text("SELECT id FROM notes"))).scalars()) == []
        await database.close()

    asyncio.run(scenario())
