"""Group commit: the writes waiting for the database go in one transaction.

With SQLite one connection writes at a time, and each transaction costs the event loop
several round trips to the database thread plus a commit. Under hundreds of tables the
moves then queue for the writer one by one. Here every write that arrives while a
transaction is under way waits for the next one, which takes all of them: one commit
(and one fsync) for the lot. Each caller still returns only once its own write is
committed, so nothing is told before it is stored.

With `write_batch_now` (the move log's appends) a batch is written in one hand-over to the
database's writing thread, a synchronous engine there (`Database.write_in_thread`): an
async session handed each statement, the pool's ping, the commit and the reset to
aiosqlite's thread one by one, and those hand-overs were most of the commit's CPU.

A batch that fails is tried again write by write, so one bad write fails only itself.
What a write is, and how a batch of them is written, the caller says (`write_batch`):
the move log's appends go as one INSERT of all their entries (`store/append.py`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.database import Database

T = TypeVar("T")


class GroupCommit(Generic[T]):
    """Writes of kind `T`, written a batch at a time by `write_batch` (in the given
    session; it never commits)."""

    def __init__(
        self,
        database: Database,
        write_batch: Callable[[AsyncSession, Sequence[T]], Awaitable[None]],
        write_batch_now: Callable[[Connection, Sequence[T]], None] | None = None,
    ) -> None:
        self.database = database
        self.write_batch = write_batch
        self.write_batch_now = write_batch_now
        """The same writes on a synchronous connection: given, a batch is written in
        one hand-over to the database's writing thread (`Database.write_in_thread`)."""
        self._waiting: list[tuple[T, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0
        self.writes = 0

    async def write(self, work: T) -> None:
        """Write `work` in a transaction shared with the other waiting writes; returns
        when it is committed, raises what the commit (or writing it) raised."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((work, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain())
        await asyncio.shield(done)

    async def _drain(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            self.batches += 1
            self.writes += len(batch)
            try:
                await self._commit(batch)
            except Exception:
                for one in batch:
                    try:
                        await self._commit([one])
                    except Exception as exc:
                        if not one[1].done():
                            one[1].set_exception(exc)
                        continue
            for _work, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _commit(self, batch: list[tuple[T, asyncio.Future[None]]]) -> None:
        if self.write_batch_now is not None:
            works, write = [work for work, _done in batch], self.write_batch_now
            await self.database.write_in_thread(lambda connection: write(connection, works))
            return
        async with self.database.session() as session:
            await self.write_batch(session, [work for work, _done in batch])
            await session.commit()
