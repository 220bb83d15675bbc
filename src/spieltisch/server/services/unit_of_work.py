"""The one way the services reach the database: a unit of work is one transaction.

A service method opens one (or, around slow work such as hashing a password, two in a
row) and calls the repositories of `store/` with its session. `transaction` keeps what
the block changed once it ends without an exception (a block may commit earlier itself,
to read back what it wrote or to catch a race as an `IntegrityError`); `reading` keeps
nothing. An exception leaves the database as it was. `tests/test_layers.py` checks that
no other module of the server opens a session.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store import Database


@asynccontextmanager
async def transaction(database: Database) -> AsyncIterator[AsyncSession]:
    """A session whose changes are committed when the block ends normally."""
    async with database.session() as session:
        yield session
        if session.in_transaction():
            await session.commit()


@asynccontextmanager
async def reading(database: Database) -> AsyncIterator[AsyncSession]:
    """A session for reads: whatever it holds is rolled back when the block ends."""
    async with database.session() as session:
        yield session
