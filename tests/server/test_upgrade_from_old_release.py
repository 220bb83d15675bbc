"""Issue 48: a database of an old release is upgraded as the hosting guide says, and what
its people had goes on.

The old release is the repository's own history: the last commit before migration 0008
(clubs), whose database is at `0007_table_takeback`. Its `src` (`git archive`) is served
with today's environment (its dependencies are a subset of today's; `PYTHONPATH` puts
the old package first), so no second environment is installed. On it: an account with a
password (a guest who claimed a name), a guest, and a table of Mahé (the two and an easy
computer seat) played over WebSockets for some moves. The old server is stopped; the
database is at the old revision; the guide's `spieltisch db upgrade --database URL` runs
(today's CLI); today's server starts on it and is ready (`/readyz`), the account signs in
with its password, and the two old sessions reopen the table on today's server and play
it to its end: every move they were told before and after is in the log at its seq,
once, and every own move acknowledged is there. On SQLite and PostgreSQL.

A clean clone has the history (CI clones main with it); a shallow one fails here, saying
so, rather than skipping.
"""

from __future__ import annotations

import asyncio
import compileall
import io
import os
import random
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import httpx
import pytest

from spieltisch.store.database import Database
from spieltisch.store.revision import head_revisions, stored_revisions
from tests.server.client import Client, ResilientSeat
from tests.server.logs import check_told_against_log
from tests.server.servers import PG_BIN, ServerProcess
from tests.waiting import DEADLINE, WHOLE_GAME, until

ROOT = Path(__file__).resolve().parents[2]
OLD_RELEASE = "a0465192e7a1a9711a2c1010fc312807cbb0f0bd"
"""The commit before migration 0008 was added (`git log --diff-filter=A -- .../0008_*`)."""
OLD_REVISION = "0007_table_takeback"
MOVES_BEFORE = 10
PASSWORD = "a long old password"


@pytest.fixture(scope="module")
def old_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The old release's `src`, from the repository's history."""
    found = subprocess.run(
        ["git", "cat-file", "-t", OLD_RELEASE], cwd=ROOT, capture_output=True, text=True
    )
    assert found.stdout.strip() == "commit", (
        f"{OLD_RELEASE} is not in this clone's history (a shallow clone? "
        f"`git fetch --unshallow`): {found.stderr}"
    )
    archive = subprocess.run(
        ["git", "archive", "--format=tar", OLD_RELEASE, "src"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    folder = tmp_path_factory.mktemp("old_release")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    # Compiled once for both servers (with PYTHONDONTWRITEBYTECODE each start would
    # compile the whole package again: minutes on a busy machine).
    assert compileall.compile_dir(folder / "src", quiet=1)
    return folder / "src"


async def _revisions(url: str) -> frozenset[str]:
    database = Database(url)
    try:
        return await stored_revisions(database)
    finally:
        await database.close()


def test_an_old_releases_database_is_upgraded_and_its_table_played_to_the_end(
    database_url: str, old_source: Path, tmp_path: Path
) -> None:
    old = ServerProcess(database_url, tmp_path / "old", source=old_source, takeback=None)
    new = ServerProcess(database_url, tmp_path / "new")
    for folder in (old.folder, new.folder):
        folder.mkdir()
    try:  # whatever fails, no server is left running
        old.start()

        ana, _bob, table, players = asyncio.run(
            _a_game_begun(old.url, "ana_old", [{"kind": "ai", "level": "easy"}])
        )
        told_before = max(max(player.told) for player in players)
        assert told_before >= MOVES_BEFORE
        old.stop()
        assert old.process is not None and old.process.returncode is not None
        assert "Traceback" not in old.log(), old.log()[-3000:]
        assert asyncio.run(_revisions(database_url)) == {OLD_REVISION}

        # The guide: `spieltisch db upgrade --database URL`, with today's package.
        upgraded = subprocess.run(
            [sys.executable, "-m", "spieltisch.cli", "db", "upgrade", "--database", database_url],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
        assert asyncio.run(_revisions(database_url)) == head_revisions()

        new.start()

        async def on_todays_release() -> None:
            async with httpx.AsyncClient(base_url=new.url, timeout=DEADLINE) as probe:

                async def ready() -> bool:
                    return (await probe.get("/readyz")).status_code == 200

                await until(ready, what="today's server to be ready")
            async with Client(new.url) as again:
                body = {"username": "ana_old", "password": PASSWORD}
                signed_in = await again.post("/api/session/signin", body)
                assert signed_in["id"] == ana.account["id"]
            for player in players:  # the old sessions (tokens of the old release), today
                player.urls = [new.url]
            async with asyncio.timeout(WHOLE_GAME):
                final = await asyncio.gather(*(player.play() for player in players))
            assert all(state["status"] == "finished" for state in final)
            log = await check_told_against_log(database_url, table, "mahe", {"players": 3}, players)
            assert len(log) > told_before

        asyncio.run(on_todays_release())
        new.assert_no_exception()
    finally:
        new.stop()
        old.stop()


BACKUP = ROOT / "deploy" / "backup.sh"
MOVES_AFTER = 4
"""Moves played on today's server before the upgrade is rolled back (then lost)."""


def _backup(url: str, folder: Path) -> Path:
    """The guide's backup before an upgrade: `deploy/backup.sh` as its service runs it."""
    env = {
        **os.environ,
        "PATH": f"{PG_BIN}:{os.environ['PATH']}",
        "SPIELTISCH_DATABASE_URL": url,
        "BACKUP_DIR": str(folder),
    }
    done = subprocess.run([str(BACKUP)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def _restore(url: str, backup: Path) -> None:
    """docs/deployment.md, "Rolling an upgrade back", step 3, as written. SQLite: the
    backup copied over the file, its -wal and -shm deleted. PostgreSQL: the database
    dropped and made again, empty, as the superuser (the test's `postgres`), then the
    backup restored into it (after `--clean` over it is seen to fail)."""
    if url.startswith("sqlite"):
        path = Path(url.split(":///", 1)[1])
        shutil.copy(backup, path)
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    # What the guide warns against: restored over the upgraded database, the backup's
    # tables cannot be dropped (the upgrade's new tables refer to them).
    clean = ["--clean", "--if-exists", "--single-transaction"]
    over = subprocess.run(
        [str(PG_BIN / "pg_restore"), *clean, "-d", plain, str(backup)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert over.returncode != 0 and "depend" in over.stderr, over.stderr
    base, name = plain.rsplit("/", 1)
    admin = ["--maintenance-db", f"{base}/postgres"]
    for command in (
        [str(PG_BIN / "dropdb"), "--force", *admin, name],
        [str(PG_BIN / "createdb"), *admin, name],
        [str(PG_BIN / "pg_restore"), "--no-owner", "-d", plain, str(backup)],
    ):
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (command, done.stderr)


def _db_upgrade(url: str, source: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`spieltisch db upgrade --database URL` of today's package, or of the old release
    (`source` first on the path)."""
    env = {**os.environ, **({"PYTHONPATH": str(source)} if source else {})}
    command = [sys.executable, "-m", "spieltisch.cli", "db", "upgrade", "--database", url]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)


def test_an_upgrade_is_rolled_back_as_the_guide_says(
    database_url: str, old_source: Path, tmp_path: Path
) -> None:
    """docs/deployment.md, "Upgrading" then "Rolling an upgrade back", step by step: a
    backup while the old release serves, the old release stopped, today's package
    migrates and serves and a few moves are played on it; then every process stopped,
    the code put back (the old release), the backup restored, the old release's own
    `db upgrade` finds nothing to do, and it serves again: the account signs in with its
    password, the table is as it was at the backup (what was played since is lost) and is
    played to its end. Then the upgrade is made again and works. On PostgreSQL the
    restore the guide warns against (`pg_restore --clean` over the upgraded database)
    is seen to fail first."""
    old = ServerProcess(database_url, tmp_path / "old", source=old_source, takeback=None)
    new = ServerProcess(database_url, tmp_path / "new")
    for folder in (old.folder, new.folder):
        folder.mkdir()
    try:
        old.start()

        ana, bob, table, players = asyncio.run(_a_game_begun(old.url, "ana_back", []))
        at_backup = max(max(player.told) for player in players)
        # Upgrading: a backup (nobody moves: two people, both done), stop, migrate, start.
        backup = _backup(database_url, tmp_path / "backups")
        old.stop()
        upgraded = _db_upgrade(database_url)
        assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
        assert asyncio.run(_revisions(database_url)) == head_revisions()
        new.start()

        async def on_todays_release() -> int:
            players = [
                ResilientSeat(client, table, [new.url], random.Random(10 + index))
                for index, client in enumerate((ana, bob))
            ]
            limit = at_backup + MOVES_AFTER
            async with asyncio.timeout(WHOLE_GAME):
                await asyncio.gather(
                    *(player.play(lambda m: m["seq"] >= limit) for player in players)
                )
            return max(max(player.told) for player in players)

        after_upgrade = asyncio.run(on_todays_release())
        assert after_upgrade > at_backup
        # Rolling back: 1. stop every process; 2. the code before; 3. the backup restored
        # (the old release's own `db upgrade` then finds it current); 4. start.
        new.stop()
        _restore(database_url, backup)
        assert asyncio.run(_revisions(database_url)) == {OLD_REVISION}
        again = _db_upgrade(database_url, old_source)
        assert again.returncode == 0, again.stdout + again.stderr
        assert asyncio.run(_revisions(database_url)) == {OLD_REVISION}
        old.start()

        async def rolled_back() -> None:
            async with Client(old.url) as check:
                body = {"username": "ana_back", "password": PASSWORD}
                assert (await check.post("/api/session/signin", body))["id"] == ana.account["id"]
            log = await check_told_against_log(database_url, table, "mahe", {"players": 2}, [])
            assert len(log) == at_backup, "the table is not as it was at the backup"
            players = [  # the old sessions were in the backup: they still hold
                ResilientSeat(client, table, [old.url], random.Random(20 + index))
                for index, client in enumerate((ana, bob))
            ]
            async with asyncio.timeout(WHOLE_GAME):
                final = await asyncio.gather(*(player.play() for player in players))
            assert all(state["status"] == "finished" for state in final)
            await check_told_against_log(database_url, table, "mahe", {"players": 2}, players)

        asyncio.run(rolled_back())
        old.stop()
        assert "Traceback" not in old.log(), old.log()[-3000:]
        # The upgrade made again later, from the rolled-back database.
        upgraded = _db_upgrade(database_url)
        assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
        assert asyncio.run(_revisions(database_url)) == head_revisions()
    finally:
        new.stop()
        old.stop()


async def _a_game_begun(
    url: str, username: str, more_seats: list[dict[str, str]]
) -> tuple[Client, Client, str, list[ResilientSeat]]:
    """On the old release at `url`: Ana (an account, `username`) and Bob (a guest) start a
    Mahé table (and `more_seats`) and play until `MOVES_BEFORE` moves; their clients
    closed (their sessions live on in the seats' tokens), the table, the two players."""
    ana, bob = Client(url), Client(url)
    await ana.guest("Ana")
    claim = {"username": username, "password": PASSWORD}
    ana.account = await ana.post("/api/session/claim", claim)  # a new token
    await bob.guest("Bob")
    seats = [{"kind": "me"}, {"kind": "open"}, *more_seats]
    table = (await ana.create("mahe", seats))["id"]
    await bob.post(f"/api/tables/{table}/join", {})
    await ana.post(f"/api/tables/{table}/start")
    players = [
        ResilientSeat(client, table, [url], random.Random(index))
        for index, client in enumerate((ana, bob))
    ]
    async with asyncio.timeout(WHOLE_GAME):
        await asyncio.gather(
            *(player.play(lambda m: m["seq"] >= MOVES_BEFORE) for player in players)
        )
    for client in (ana, bob):
        await client.http.aclose()
    return ana, bob, table, players
