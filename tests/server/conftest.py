"""Fixtures of the server tests: every test that takes `database_url` or `server` runs on
SQLite and on a throwaway PostgreSQL cluster."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.servers import ServerProcess, new_postgres_database, postgres_cluster

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def _database(backend: str, folder: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    base: str = request.getfixturevalue("postgres")
    return new_postgres_database(base)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return _database(request.param, tmp_path, request)


@pytest.fixture(scope="session", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One server per backend, shared by the tests (each makes its own accounts and tables)."""
    folder = tmp_path_factory.mktemp(f"server-{request.param}")
    process = ServerProcess(_database(request.param, folder, request), folder)
    process.start()
    yield process
    process.stop()
