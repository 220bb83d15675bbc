"""Issue 48's audit: stopping PostgreSQL made the tournament sweep log four full
tracebacks; a host wants one line each time, saying why (the database is expected to
restart now and then)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest

from spieltisch.server.services.rounds import OnlineRounds
from spieltisch.store import Database, upgrade
from tests.server.servers import PostgresCluster, new_postgres_database
from tests.waiting import until


class NoTables:
    """The live tables, which a sweep with nothing to take never asks."""

    async def room(self, table_id: str) -> object:
        raise AssertionError(table_id)

    async def changed(self, table_id: str) -> None:
        raise AssertionError(table_id)

    async def claim(self, table_id: str) -> bool:
        raise AssertionError(table_id)

    def owns(self, table_id: str) -> bool:
        raise AssertionError(table_id)

    async def release(self, table_id: str) -> None:
        raise AssertionError(table_id)


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    cluster.start()
    yield cluster
    cluster.remove()


def test_the_sweep_says_in_one_line_that_the_database_is_away(
    cluster: PostgresCluster, caplog: pytest.LogCaptureFixture
) -> None:
    url = new_postgres_database(cluster.url)
    upgrade(url)

    async def scenario() -> None:
        database = Database(url)
        rounds = OnlineRounds(database, NoTables())
        assert await rounds.sweep() == 0  # the database answers
        sweeping = asyncio.create_task(rounds.keep_sweeping(0.05))
        try:
            cluster.stop("fast")
            await until(lambda: len(away(caplog)) >= 2, what="two sweeps with the database away")
        finally:
            sweeping.cancel()
            await asyncio.gather(sweeping, return_exceptions=True)
            await database.close()

    with caplog.at_level(logging.WARNING, logger="spieltisch.server"):
        asyncio.run(scenario())
    sweeps = [r for r in caplog.records if "tournament sweep" in r.getMessage()]
    assert sweeps and all(r.exc_info is None for r in sweeps), [r.getMessage() for r in sweeps]
    for record in sweeps:
        message = record.getMessage()
        assert "\n" not in message and "database is not answering (" in message, message
        assert "()" not in message  # a reason is given


def away(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "tournament sweep" in r.getMessage()]
