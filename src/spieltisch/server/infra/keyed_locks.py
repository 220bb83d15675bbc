"""One at a time per key (a table): a lock for each key, kept only while someone holds or
waits for it, so locks for every key ever used do not pile up."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class KeyedLocks:
    """`async with locks.holding(key):` waits for everyone else holding `key`."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def holding(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks[key] if key in self._locks else (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def __len__(self) -> int:
        """How many keys are held or waited for."""
        return len(self._locks)
