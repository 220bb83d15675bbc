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
    """The ended game of a table as a `spieltisch-record/1` (names as seated): finished,
    or aborted or abandoned (no result; kept all the same)."""
    table = await get_table(session, table_id)
    if table.status not in ENDED:
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
    computers = (table.result or {}).get("computers") or ()
    record = dict(make_record(state, players, resigned, computers))
    if table.status != TableStatus.FINISHED:
        record["result"] = None  # aborted or abandoned: no result, whatever the position
    record["ended"] = ended_as(table, described)
    return record


ENDED = (TableStatus.FINISHED, TableStatus.ABORTED, TableStatus.ABANDONED)
"""The statuses of a table whose game is over (a record may be asked for)."""


def ended_as(table: GameTable, described: TableOut) -> dict[str, Any]:
    """How the game ended, as the record keeps it beside its result: `how` (finished,
    aborted, abandoned), `by` (the seat that aborted it, else null) and `left` (per seat:
    null, or how its person left it — resigned, timed_out, claimed, substitute)."""
    ending = table.ending or {}
    return {
        "how": str(table.status),
        "by": ending.get("by"),
        "left": [seat.left for seat in described.seats],
    }


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
        ended = kept_ending(record.get("ended"), state.game.num_players)
        if ended is not None:
            clean["ended"] = ended  # how the game ended, for the replay to say
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


LEFT = (None, "resigned", "timed_out", "claimed", "substitute")
"""How a seat may be left in a record's `ended.left`."""


def kept_ending(ended: object, players: int) -> dict[str, Any] | None:
    """A record's `ended` as an upload keeps it: only when it has the shape the server
    writes (`ended_as`), else None (it is optional, and never trusted for the result)."""
    if not isinstance(ended, dict) or set(ended) != {"how", "by", "left"}:
        return None
    how, by, left = ended["how"], ended["by"], ended["left"]
    if how not in (TableStatus.FINISHED, TableStatus.ABORTED, TableStatus.ABANDONED):
        return None
    if by is not None and (
        not isinstance(by, int) or isinstance(by, bool) or not 0 <= by < players
    ):
        return None
    if not isinstance(left, list) or len(left) != players or any(x not in LEFT for x in left):
        return None
    return {"how": str(how), "by": by, "left": list(left)}


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
