"""Which migration a database is at, against the newest one the package ships: a
process whose database is behind (or ahead, after a rollback of the package) is not
ready to serve it."""

from __future__ import annotations

from functools import cache

from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from spieltisch.store.database import Database, alembic_config


@cache
def head_revisions() -> frozenset[str]:
    """The newest migration(s) of this package."""
    script = ScriptDirectory.from_config(alembic_config("sqlite+aiosqlite:///:memory:"))
    return frozenset(script.get_heads())


async def stored_revisions(database: Database) -> frozenset[str]:
    """The migration(s) the database says it is at (empty: never migrated). A database
    that does not answer raises (one of `UNAVAILABLE`)."""
    async with database.session() as session:
        await session.execute(text("SELECT 1"))
        try:
            rows = await session.execute(text("SELECT version_num FROM alembic_version"))
        except DBAPIError:  # it answered above: no such table, never migrated
            await session.rollback()
            return frozenset()
        return frozenset(str(row[0]) for row in rows)
