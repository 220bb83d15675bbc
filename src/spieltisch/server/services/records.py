"""Game records: a finished table's (to its players, if private) and uploaded ones, checked
by replaying them off the event loop. Refuses with `Refusal`."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import spieltisch
from spieltisch.core import RecordError
from spieltisch.server.description.privacy import may_see
from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import RecordUploaded
from spieltisch.server.services import lobby
from spieltisch.store import Database
from spieltisch.store.models import UploadedRecord
from spieltisch.store.tables import seats_of

MAX_RECORD_ENTRIES = 20_000
MAX_ENTRY = 1_000
"""The longest history entry (a deal of David & Goliath for six players is about 320)."""
MAX_PLAYERS = 16
MAX_NAME = 40


class Records:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def finished(self, table_id: str, viewer: int | None) -> dict[str, Any]:
        """A finished table's record; a private table's only for its players."""
        async with self.database.session() as session:
            table = await lobby.get_table(session, table_id)
            seated = [seat.account_id for seat in await seats_of(session, table_id)]
            if not may_see(table.public, seated, viewer):
                raise Refusal(Code.FORBIDDEN, _("the record of a private table is for its players"))
            return await lobby.finished_record(session, table_id)

    async def upload(self, record: dict[str, Any], account: int | None) -> RecordUploaded:
        """Keep a record someone uploaded, once it replays."""
        check_record_size(record)
        try:
            state = await asyncio.to_thread(spieltisch.load_record, record)
        except RecordError as exc:
            raise Refusal(Code.INVALID, str(exc)) from None
        clean = dict(state.to_record(record.get("players")))
        record_id = secrets.token_urlsafe(12)
        async with self.database.session() as session:
            session.add(UploadedRecord(id=record_id, account_id=account, data=clean))
            await session.commit()
        return RecordUploaded(
            id=record_id,
            game=state.game.name,
            moves=len(state.history()),
            url=f"/api/records/{record_id}",
        )

    async def uploaded(self, record_id: str) -> dict[str, Any]:
        async with self.database.session() as session:
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
