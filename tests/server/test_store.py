"""The store's migrations on SQLite and PostgreSQL: `db upgrade`, and models that match."""

from __future__ import annotations

import asyncio

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.engine import Connection
from typer.testing import CliRunner

from spieltisch.cli.app import app
from spieltisch.store import Base, Database
from spieltisch.store.database import WARM, check_url, describe_url
from tests.server.servers import new_postgres_database


def test_db_upgrade_creates_every_table_and_the_models_match_the_migrations(
    database_url: str,
) -> None:
    result = CliRunner().invoke(app, ["db", "upgrade", "--database", database_url])
    assert result.exit_code == 0, result.output
    assert "up to date" in " ".join(result.output.split())
    again = CliRunner().invoke(app, ["db", "upgrade", "--database", database_url])
    assert again.exit_code == 0, again.output

    def look(connection: Connection) -> tuple[set[str], list[object]]:
        context = MigrationContext.configure(connection)
        return set(inspect(connection).get_table_names()), compare_metadata(context, Base.metadata)

    async def check() -> tuple[set[str], list[object]]:
        database = Database(database_url)
        try:
            async with database.engine.connect() as connection:
                return await connection.run_sync(look)
        finally:
            await database.close()

    tables, differences = asyncio.run(check())
    assert set(Base.metadata.tables) <= tables
    assert "alembic_version" in tables
    assert differences == []


def test_a_bad_database_url_is_refused_naming_what_works() -> None:
    with pytest.raises(ValueError, match="postgresql\\+psycopg"):
        check_url("mysql://somewhere/db")
    result = CliRunner().invoke(app, ["db", "upgrade", "--database", "oracle://x/y"])
    assert result.exit_code == 2
    assert "unsupported database driver" in result.output


def test_passwords_never_show_in_a_described_url() -> None:
    shown = describe_url("postgresql+psycopg://ana:s3cret@db:5432/spieltisch")
    assert "s3cret" not in shown
    assert "ana" in shown


def test_the_postgresql_pool_keeps_the_connections_it_opened(postgres: str) -> None:
    """A burst of moves above the pool's first connections opens more, and they stay
    (overflow connections were closed again after every burst: a PostgreSQL backend
    started each time during steady play); the first ones are opened at start."""
    url = new_postgres_database(postgres)

    async def check() -> tuple[int, int]:
        database = Database(url)
        try:
            await database.warm()
            warm = database.engine.pool.checkedin()  # type: ignore[attr-defined]

            async def hold() -> None:
                async with database.engine.connect():
                    await asyncio.sleep(0.2)

            await asyncio.gather(*(hold() for _ in range(20)))
            return warm, database.engine.pool.checkedin()  # type: ignore[attr-defined]
        finally:
            await database.close()

    warm, after_burst = asyncio.run(check())
    assert warm == WARM
    assert after_burst == 20
