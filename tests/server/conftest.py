"""Fixtures of the server tests: every test that takes `database_url`, `migrated_url` or
`server` runs on SQLite and on a throwaway PostgreSQL cluster (one per xdist worker)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from spieltisch.server.infra import collector, passwords
from spieltisch.store import upgrade
from tests.server.server_thread import ServerThread
from tests.server.servers import drop_postgres_database, new_postgres_database, postgres_cluster

BACKENDS = ["sqlite", "postgresql"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long forms run only when asked for (`-m server_long`).

    The server tests spread over the xdist workers like the others: each worker has its
    own PostgreSQL cluster and servers (session fixtures), each on a free port, and every
    test makes its own accounts and tables."""
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


@pytest.fixture(scope="session")
def migrated_postgres(postgres: str) -> str:
    """The name of one migrated PostgreSQL database, the template of each test's."""
    url = new_postgres_database(postgres)
    upgrade(url)
    return url.rsplit("/", 1)[1]


@pytest.fixture
def url(migrated_sqlite: Path, tmp_path: Path) -> str:
    """A fresh migrated SQLite database of its own, for an in-process test."""
    path = tmp_path / "in-process.sqlite3"
    shutil.copy(migrated_sqlite, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return _database(request.param, tmp_path, request)


@pytest.fixture(params=BACKENDS)
def migrated_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh migrated database of its own on each backend."""
    if request.param == "sqlite":
        yield request.getfixturevalue("url")
        return
    template: str = request.getfixturevalue("migrated_postgres")
    url = new_postgres_database(request.getfixturevalue("postgres"), template)
    yield url
    drop_postgres_database(url)


QUICK_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""argon2 at a low cost: the production cost (64 MiB, three passes) is tested in
test_passwords.py; in every other test it was most of a server's start (its dummy hash)
and of each sign-in."""


@pytest.fixture
def server(migrated_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerThread]:
    """A server of the test's own in this process (each backend), as `serve` runs it
    with the settings of `server_thread.test_settings`; quick to start: low-cost password
    hashes, and no settling of the garbage collector for a long life (a full collection
    of the test process's heap, then freezing it)."""
    monkeypatch.setattr(passwords, "HASHER", QUICK_HASHER)
    monkeypatch.setattr(collector, "settle", lambda: None)
    served = ServerThread(migrated_url)
    served.start()
    yield served
    served.stop()
