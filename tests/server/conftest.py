"""Fixtures of the server tests: every test that takes `database_url` or `server` runs on
SQLite and on a throwaway PostgreSQL cluster."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.store import upgrade
from tests.server.servers import ServerProcess, new_postgres_database, postgres_cluster

BACKENDS = ["sqlite", "postgresql"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The server tests share one worker (so one server per backend starts, not one per
    worker); the long forms run only when asked for (`-m server_long`)."""
    for item in items:
        if "tests/server/" in item.nodeid:
            item.add_marker(pytest.mark.xdist_group("server"))
    if "server_long" in (config.getoption("markexpr") or ""):
        return
    long = [item for item in items if item.get_closest_marker("server_long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("server_long")]


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def _database(backend: str, folder: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    base: str = request.getfixturevalue("postgres")
    return new_postgres_database(base)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated SQLite file, copied for each in-process test (a migration per test
    is slow)."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture
def url(migrated_sqlite: Path, tmp_path: Path) -> str:
    """A fresh migrated SQLite database of its own, for an in-process test."""
    path = tmp_path / "in-process.sqlite3"
    shutil.copy(migrated_sqlite, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return _database(request.param, tmp_path, request)


@pytest.fixture(scope="session", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One server per backend, shared by the tests (each makes its own accounts and tables)."""
    folder = tmp_path_factory.mktemp(f"server-{request.param}")
    # Seats away for 2 s may be handed to the computer (300 s by default).
    # Every test here asks from 127.0.0.1: the address's review limit is for many people.
    extra = ("--claim-after", "2", "--rate-limit", "address:reviews=120/600s")
    process = ServerProcess(_database(request.param, folder, request), folder, *extra)
    process.start()
    yield process
    process.stop()
