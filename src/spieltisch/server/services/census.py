"""What the metrics ask the database at each scrape: the tables in each status and the
notifications waiting in the outbox (every process sees the same database, so any
process answers for all)."""

from __future__ import annotations

from spieltisch.server.services.unit_of_work import reading
from spieltisch.store import Database
from spieltisch.store.models import TableStatus, now
from spieltisch.store.notify import pending
from spieltisch.store.tables import count_by_status


async def tables_by_status(database: Database) -> dict[str, int]:
    """Every status, those without a table at 0 (a series must not vanish at zero)."""
    async with reading(database) as session:
        counts = await count_by_status(session)
    return {str(status): counts.get(str(status), 0) for status in TableStatus}


async def notifications_waiting(database: Database) -> dict[str, int]:
    """The outbox's notifications neither sent nor given up: due now, and later."""
    async with reading(database) as session:
        return await pending(session, now())
