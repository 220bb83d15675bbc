"""A database already at the newest migration opens without importing alembic (0.10–0.14 s
of a 0.55–0.7 s `tournament` command): `store.database.head()` reads that
migration from the migration files, and must stay alembic's own head."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from spieltisch.store import upgrade
from spieltisch.store.database import at_head, head
from spieltisch.store.revision import head_revisions
from tests.server.servers import drop_postgres_database, new_postgres_database


def test_the_known_head_is_alembics_head() -> None:
    assert head_revisions() == {head()}


def test_a_database_behind_or_new_is_migrated_by_alembic(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'behind.sqlite3'}"
    assert not at_head(url)  # a new file: never migrated
    upgrade(url, "0018_outbox_sending")
    assert not at_head(url)
    upgrade(url)
    assert at_head(url)
    assert not at_head("sqlite+aiosqlite:///:memory:")


def test_on_postgresql_too(postgres: str, migrated_postgres: str) -> None:
    new, migrated = (
        new_postgres_database(postgres),
        new_postgres_database(postgres, migrated_postgres),
    )
    try:
        assert not at_head(new) and at_head(migrated)
    finally:
        drop_postgres_database(new)
        drop_postgres_database(migrated)


def test_a_tournament_command_on_a_database_at_head_does_not_import_alembic(
    tmp_path: Path,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'spieltisch.sqlite3'}"
    upgrade(url)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "spieltisch.cli", "tournament", "list"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SPIELTISCH_DATABASE_URL": url, "LANG": "C.UTF-8"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    imported = [line for line in done.stderr.splitlines() if "alembic" in line]
    assert not imported, imported[-3:]
