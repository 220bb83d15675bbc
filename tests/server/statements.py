"""Counting the SQL statements a piece of server code runs, in-process: SQLAlchemy's
`before_cursor_execute` event on the database's engines (the async one, and SQLite's
writing thread's) sees every statement sent."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from spieltisch.store import Database

WRITES = ("INSERT", "UPDATE", "DELETE")


@contextmanager
def statements(database: Database, this_task: bool = False) -> Iterator[list[str]]:
    """The statements the engine runs inside the block, in order (`this_task`: only those
    the task entering the block runs, not the server's background work meanwhile — the
    notification sender, a computer seat's move at another table)."""
    seen: list[str] = []
    task = asyncio.current_task() if this_task else None

    def note(_connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if task is None or asyncio.current_task() is task:
            seen.append(statement)

    def note_written(_connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if task is None:  # group commit's, on SQLite's writing thread: no task's own
            seen.append(statement)

    listening = [(database.engine.sync_engine, note)]
    if database.writing_engine is not None:
        listening.append((database.writing_engine, note_written))
    for engine, listener in listening:
        event.listen(engine, "before_cursor_execute", listener)
    try:
        yield seen
    finally:
        for engine, listener in listening:
            event.remove(engine, "before_cursor_execute", listener)


def writes(seen: list[str]) -> list[str]:
    """The statements that change rows."""
    return [s for s in seen if s.lstrip().split(None, 1)[0].upper() in WRITES]
