"""Appending to a table's move log: what one move writes, in one statement on PostgreSQL.

A move writes its log entries (the move and the chance outcomes after it), the mover's
clock when the table has one, the result when the game ends, the notifications it causes
("your turn" to a person away, "game over"; `told`), and on PostgreSQL the news for the
other processes (`pg_notify`): a crash can lose or repeat none of them apart. As
separate statements in a transaction that was five round trips to the database per
move (the pool's ping, BEGIN, INSERT, the notify, COMMIT), each one costing the event
loop CPU. On PostgreSQL a data-modifying CTE puts them in one statement, run in
autocommit mode: a single statement is atomic, so either every part is stored and the
news leaves, or nothing is (a second append of the same (table, seq) fails the whole
statement, exactly as it failed the transaction). One round trip remains: the
statement, on connections kept for it without the pool's ping (`Database.autocommit`).

SQLite has no data-modifying CTEs; there the same parts are written in a transaction that
group commit shares (`store/group.py`): the entries of every waiting append in one
INSERT, all of it in one hand-over to the database's writing thread (`write_all_now`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Executable, Table, Update, insert, text, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store.database import Database
from spieltisch.store.models import GameTable, MoveEntry, Seat, TableStatus
from spieltisch.store.notify import EVERY_CHANNEL, Notice, notices_insert


@dataclass(frozen=True)
class Append:
    """Everything one move stores, at once or not at all."""

    table_id: str
    entries: Sequence[tuple[int, str, int | None]]
    """(seq, entry, seat) of each new log entry, in order."""
    at: datetime
    """When they were made (each entry's `created_at`; the end of the game)."""
    time_left: Mapping[int, int]
    """Seats whose clock changed, and their time left in ms."""
    result: Mapping[str, Any] | None = None
    """The result when the game ends with these entries; None while it goes on."""
    notice: tuple[str, str] | None = None
    """PostgreSQL: (channel, payload) of the news, sent when (and only if) it commits."""
    told: Sequence[Notice] = ()
    """The notifications the move causes (`EVERY_CHANNEL`), stored when (and only if) it
    commits; one written before under the same key is left as it is."""

    def _rows(self) -> list[dict[str, Any]]:
        return [
            {
                "table_id": self.table_id,
                "seq": seq,
                "entry": entry,
                "seat": seat,
                "created_at": self.at,
            }
            for seq, entry, seat in self.entries
        ]

    def _changes(self) -> list[Update]:
        """The updates besides the entries: clocks, and the end of the game."""
        changes: list[Update] = [
            update(Seat).filter_by(table_id=self.table_id, seat=seat).values(time_left_ms=left)
            for seat, left in self.time_left.items()
        ]
        if self.result is not None:
            changes.append(
                update(GameTable)
                .filter_by(id=self.table_id)
                .values(status=TableStatus.FINISHED, result=dict(self.result), finished_at=self.at)
            )
        return changes

    def parameters(self) -> dict[str, Any]:
        """The values of `APPEND` (PostgreSQL) for this append."""
        channel, payload = self.notice if self.notice is not None else (None, None)
        return {
            "table_id": self.table_id,
            "at": self.at,
            "seqs": [seq for seq, _entry, _seat in self.entries],
            "entries": [entry for _seq, entry, _seat in self.entries],
            "seats": [seat for _seq, _entry, seat in self.entries],
            "clock_seats": list(self.time_left),
            "clock_left": list(self.time_left.values()),
            "finished": self.result is not None,
            "finished_status": str(TableStatus.FINISHED),
            "result": json.dumps(dict(self.result)) if self.result is not None else None,
            "channel": channel,
            "payload": payload,
            "told_keys": [notice.key for notice in self.told],
            "told_accounts": [notice.account_id for notice in self.told],
            "told_kinds": [notice.kind for notice in self.told],
            "told_payloads": [json.dumps(notice.payload) for notice in self.told],
            "every_channel": EVERY_CHANNEL,
        }


async def write_all(session: AsyncSession, appends: Sequence[Append]) -> None:
    """Several appends' parts as statements in `session` (the caller commits): every
    entry in one executemany INSERT (an INSERT per table was a round trip each to
    SQLite's thread), then the clocks and ends. Never sends news: SQLite serves one
    process."""
    for statement, rows in _statements(appends):
        await session.execute(statement, rows)


def write_all_now(connection: Connection, appends: Sequence[Append]) -> None:
    """`write_all` on a synchronous connection (SQLite's group commit runs it in the
    database's writing thread, `Database.write_in_thread`): the same statements with the
    same values, in one hand-over to the thread instead of one per statement."""
    for statement, rows in _statements(appends):
        connection.execute(statement, rows)


def _statements(appends: Sequence[Append]) -> list[tuple[Executable, list[dict[str, Any]] | None]]:
    """What `write_all` executes, in order, with the rows of an executemany."""
    statements: list[tuple[Executable, list[dict[str, Any]] | None]] = []
    rows = [row for append in appends for row in append._rows()]
    if rows:
        # The table, not the entity: an entity's INSERT takes the ORM's bulk path, which
        # cost more than the objects it replaced.
        statements.append((insert(cast(Table, MoveEntry.__table__)), rows))
    statements += [(change, None) for append in appends for change in append._changes()]
    told = [replace(notice, due_at=append.at) for append in appends for notice in append.told]
    if told:
        statements.append((notices_insert(told, "sqlite"), None))
    return statements


APPEND = text(
    """
WITH added AS (
    INSERT INTO moves (table_id, seq, entry, seat, created_at)
    SELECT :table_id, new.seq, new.entry, new.seat, :at
    FROM unnest(CAST(:seqs AS integer[]), CAST(:entries AS text[]), CAST(:seats AS integer[]))
        AS new(seq, entry, seat)
), clocks AS (
    UPDATE seats SET time_left_ms = clock.time_left_ms
    FROM unnest(CAST(:clock_seats AS integer[]), CAST(:clock_left AS integer[]))
        AS clock(seat, time_left_ms)
    WHERE seats.table_id = :table_id AND seats.seat = clock.seat
), finish AS (
    UPDATE game_tables
    SET status = :finished_status, result = CAST(:result AS json), finished_at = :at
    WHERE id = :table_id AND :finished
), told AS (
    INSERT INTO notification_outbox
        (key, account_id, kind, channel, payload, created_at, due_at, attempts)
    SELECT told.key, told.account_id, told.kind, :every_channel, CAST(told.payload AS json),
        :at, :at, 0
    FROM unnest(
        CAST(:told_keys AS text[]), CAST(:told_accounts AS integer[]),
        CAST(:told_kinds AS text[]), CAST(:told_payloads AS text[])
    ) AS told(key, account_id, kind, payload)
    ON CONFLICT (key) DO NOTHING
)
SELECT CASE WHEN CAST(:channel AS text) IS NULL THEN NULL
    ELSE pg_notify(:channel, :payload) END
"""
)
"""One text for every append, whatever its number of entries and parts (the values come
as arrays), so SQLAlchemy builds and compiles it once: the same append built as a Core
statement was compiled anew for every move and cost as much CPU as the five round trips
it saved."""


async def append_at_once(database: Database, append: Append) -> None:
    """Run `append` as one autocommitted statement (PostgreSQL); raises what it raised
    (IntegrityError: another process appended this seq first; nothing was stored). A
    connection the database dropped (a restart) is found only by its failure, so that
    statement is tried once more on a new one; had the first reached the log after all,
    the second fails with IntegrityError, as for another process's append."""
    for attempt in (1, 2):
        try:
            async with database.autocommit.connect() as connection:
                await connection.execute(APPEND, append.parameters())
            return
        except DBAPIError as exc:
            if attempt == 2 or not exc.connection_invalidated:
                raise
