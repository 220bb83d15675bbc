"""Alembic's environment: the models' metadata and an async connection to the URL given."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from spieltisch.store import Base  # every model, the tournaments' too
from spieltisch.store.database import make_engine

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(url: str) -> None:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_run)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_offline(url: str) -> None:
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


url = str(context.config.attributes.get("url") or context.config.get_main_option("sqlalchemy.url"))
if context.is_offline_mode():
    run_migrations_offline(url)
else:
    asyncio.run(_run_async(url))
