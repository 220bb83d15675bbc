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
import random
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
from tests.server.servers import ServerProcess
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

        async def on_the_old_release() -> tuple[Client, Client, str, list[ResilientSeat]]:
            ana, bob = Client(old.url), Client(old.url)
            await ana.guest("Ana")
            claim = {"username": "ana_old", "password": PASSWORD}
            ana.account = await ana.post("/api/session/claim", claim)  # a new token
            await bob.guest("Bob")
            seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
            table = (await ana.create("mahe", seats))["id"]
            await bob.post(f"/api/tables/{table}/join", {})
            await ana.post(f"/api/tables/{table}/start")
            players = [
                ResilientSeat(client, table, [old.url], random.Random(index))
                for index, client in enumerate((ana, bob))
            ]
            async with asyncio.timeout(WHOLE_GAME):
                await asyncio.gather(
                    *(player.play(lambda m: m["seq"] >= MOVES_BEFORE) for player in players)
                )
            for client in (ana, bob):  # their sessions live on in the seats' tokens
                await client.http.aclose()
            return ana, bob, table, players

        ana, _bob, table, players = asyncio.run(on_the_old_release())
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
