"""One SQLite writer at a time, queued in the event loop instead of in SQLite.

SQLite lets one connection write at a time. Left to SQLite, a second writer sleeps in
its busy handler (1, 2, 5 … 100 ms steps) and gives up with "database is locked" after
the busy timeout; under a few hundred tables that made moves wait seconds and failed
some. Here a session takes an `asyncio.Lock` before its first write and gives it back
when its transaction ends, so writers queue in order and none sleeps. Reads are not
queued (WAL lets them run beside the writer).

A session that cannot get the lock within `WAIT_SECONDS` writes anyway (SQLite's own
busy handling applies then), so a forgotten nesting can slow a write but never hang it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

WAIT_SECONDS = 10.0


class SerialWriteSession(AsyncSession):
    """An AsyncSession whose writes take the database's write lock first."""

    write_lock: asyncio.Lock | None = None
    _holding: bool = False

    async def _before_write(self) -> None:
        lock = self.write_lock
        if lock is None or self._holding:
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(WAIT_SECONDS):
                await lock.acquire()
                self._holding = True

    def _after_transaction(self) -> None:
        if self._holding:
            self._holding = False
            assert self.write_lock is not None
            self.write_lock.release()

    def _pending(self) -> bool:
        return bool(self.sync_session.new or self.sync_session.dirty or self.sync_session.deleted)

    async def execute(self, statement: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(statement, "is_dml", False) or self._pending():
            await self._before_write()
        return await super().execute(statement, *args, **kwargs)

    async def scalar(self, statement: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(statement, "is_dml", False) or self._pending():
            await self._before_write()
        return await super().scalar(statement, *args, **kwargs)

    async def scalars(self, statement: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(statement, "is_dml", False) or self._pending():
            await self._before_write()
        return await super().scalars(statement, *args, **kwargs)

    async def get(self, *args: Any, **kwargs: Any) -> Any:
        if self._pending():  # autoflush writes
            await self._before_write()
        return await super().get(*args, **kwargs)

    async def merge(self, *args: Any, **kwargs: Any) -> Any:
        await self._before_write()
        return await super().merge(*args, **kwargs)

    async def flush(self, objects: Any = None) -> None:
        if self._pending():
            await self._before_write()
        await super().flush(objects)

    async def commit(self) -> None:
        if self._pending():
            await self._before_write()
        try:
            await super().commit()
        finally:
            self._after_transaction()

    async def rollback(self) -> None:
        try:
            await super().rollback()
        finally:
            self._after_transaction()

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            self._after_transaction()
