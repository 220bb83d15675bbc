"""Game records: a finished table's (to its players, if private) and uploaded ones, checked
by replaying them off the event loop. Refuses with `Refusal`."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Collection
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

import spieltisch
from spieltisch.core import RecordError
from spieltisch.core.records import make_record
from spieltisch.server.description.privacy import may_see
from spieltisch.server.description.tables import describe_tables
from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.schemas.rest import RecordUploaded
from spieltisch.server.services.seating import get_table
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database
from spieltisch.store.log_entries import LogEntry, effective
from spieltisch.store.models import GameTable, TableStatus, UploadedRecord
from spieltisch.store.tables import move_logs, seats_of, tables_by_id

MAX_RECORD_ENTRIES = 20_000
MAX_ENTRY = 1_000
"""The longest history entry (a deal of David & Goliath for six players is about 320)."""
MAX_PLAYERS = 16
MAX_NAME = 40


async def finished_record(session: AsyncSession, table_id: str) -> dict[str, Any]:
    """The finished game of a table as a `spieltisch-record/1` (names as seated)."""
    table = await get_table(session, table_id)
    if table.status != TableStatus.FINISHED:
        raise Refusal(
            Code.CONFLICT,
            _("table {table} is {status}: records are of finished games").format(
                table=table_id, status=table.status
            ),
        )
    return (await _records(session, [table]))[table_id]


async def finished_records(
    session: AsyncSession, table_ids: Collection[str]
) -> dict[str, dict[str, Any]]:
    """The records of those of these tables that have finished, in the order given: four
    queries however many tables (a tournament collects a round's results at once)."""
    found = await tables_by_id(session, table_ids)
    finished = [
        found[table_id]
        for table_id in table_ids
        if table_id in found and found[table_id].status == TableStatus.FINISHED
    ]
    return await _records(session, finished)


async def _records(session: AsyncSession, tables: list[GameTable]) -> dict[str, dict[str, Any]]:
    described = await describe_tables(session, tables)
    move_logs_by_table = await move_logs(session, [table.id for table in tables])
    return {
        table.id: _record(table, out, move_logs_by_table[table.id])
        for table, out in zip(tables, described, strict=True)
    }


def _record(table: GameTable, described: TableOut, move_log: list[LogEntry]) -> dict[str, Any]:
    # The record keeps the game as played: moves taken back are not in it.
    state = spieltisch.load(table.game, **table.options).replay(effective(move_log))
    # A record keeps ids: a computer seat by its level (`easy`), not the words shown.
    players = [
        (s.level if s.account is None else s.name) or f"player {s.seat + 1}"
        for s in described.seats
    ]
    # A game given up carries the ranking after resignations and the resigned seats in
    # its result (docs/web.md, "Leaving a running game"); it replays like any other.
    resigned = (table.result or {}).get("resigned") or ()
    return dict(make_record(state, players, resigned))


class Records:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def finished(self, table_id: str, viewer: int | None) -> dict[str, Any]:
        """A finished table's record; a private table's only for its players."""
        async with reading(self.database) as session:
            table = await get_table(session, table_id)
            seated = [seat.account_id for seat in await seats_of(session, table_id)]
            if not may_see(table.public, seated, viewer):
                raise Refusal(Code.FORBIDDEN, _("the record of a private table is for its players"))
            return await finished_record(session, table_id)

    async def upload(self, record: dict[str, Any], account: int | None) -> RecordUploaded:
        """Keep a record someone uploaded, once it replays."""
        check_record_size(record)
        try:
            state = await asyncio.to_thread(spieltisch.load_record, record)
        except RecordError as exc:
            raise Refusal(Code.INVALID, str(exc)) from None
        clean = dict(state.to_record(record.get("players")))
        record_id = secrets.token_urlsafe(12)
        async with transaction(self.database) as session:
            session.add(UploadedRecord(id=record_id, account_id=account, data=clean))
        return RecordUploaded(
            id=record_id,
            game=state.game.name,
            moves=len(state.history()),
            url=f"/api/records/{record_id}",
        )

    async def uploaded(self, record_id: str) -> dict[str, Any]:
        async with reading(self.database) as session:
            found = await session.get(UploadedRecord, record_id)
        if found is None:
            raise Refusal(Code.NOT_FOUND, _("no record {record}").format(record=record_id))
        return found.data


def check_record_size(record: dict[str, Any]) -> None:
    """Refuse a record too long to replay quickly, or with names no table would hold."""
    history, players = record.get("history"), record.get("players")
    if isinstance(history, list) and len(history) > MAX_RECORD_ENTRIES:
        raise Refusal(
            Code.INVALID,
            _n(
                "a record may have at most {count} history entry, this one has {found}",
                "a record may have at most {count} history entries, this one has {found}",
                MAX_RECORD_ENTRIES,
            ).format(count=MAX_RECORD_ENTRIES, found=len(history)),
        )
    if isinstance(history, list) and any(
        not isinstance(entry, str) or len(entry) > MAX_ENTRY for entry in history
    ):
        raise Refusal(
            Code.INVALID,
            _n(
                "each history entry is a text of at most {count} character",
                "each history entry is a text of at most {count} characters",
                MAX_ENTRY,
            ).format(count=MAX_ENTRY),
        )
    if players is not None and (
        not isinstance(players, list)
        or len(players) > MAX_PLAYERS
        or any(not isinstance(name, str) or len(name) > MAX_NAME for name in players)
    ):
        raise Refusal(
            Code.INVALID,
            _n(
                "players is a list of at most {players} names of at most {count} character each",
                "players is a list of at most {players} names of at most {count} characters each",
                MAX_NAME,
            ).format(players=MAX_PLAYERS, count=MAX_NAME),
        )
