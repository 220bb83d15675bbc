"""Issue 48: the hosting guide is followed literally, from a fresh PostgreSQL cluster.

`docs/hosting.md` read top to bottom by one person in one terminal: its `<!-- run -->`
blocks and its `<!-- run with PostgreSQL -->` blocks (the role and the database, migrating
once, two server processes, Caddy in front of them, a guest made through the proxy, a
backup, the servers stopped by SIGTERM, the restore over the database and into a new one,
the migration and the restart of an upgrade) run in page order in ONE bash session, so
what one block exports or starts in the background is there for the next, as for the
reader. Nothing is rewritten: what differs on this machine comes in through the
variables the guide itself names — PostgreSQL's `PGHOST`, `PGPORT` and `PGUSER` (a
throwaway cluster on a free port and its superuser, where the guide says "as PostgreSQL's
superuser"), `PORT1`, `PORT2` and `SITE` (free ports; plain HTTP on 127.0.0.1 instead of
a certificate for a public name). The fresh clone, the empty home and the environment
made by the page's own `uv` commands are those of `test_commands.py`.

Not run (listed with their reasons by `test_commands.py`): the systemd blocks of
`docs/deployment.md` (systemd is not PID 1 on the test machine, no root's `sudo`) and the
container blocks (no container engine); `tests/server/test_deploy_files.py` checks those
files as far as the machine allows.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import psycopg
import pytest

from tests.docs.test_commands import ROOT, _blocks, _environment, _fresh_clone
from tests.server.servers import PostgresCluster, free_port

GUIDE = ROOT / "docs" / "hosting.md"
SESSION_SECONDS = 1500
"""The whole guide: a new environment, two server starts, two restores (minutes when busy)."""
END = "the-end"
STOP_SECONDS = 30.0


def _session(folder: Path) -> str:
    """The driver: each block sourced into one shell (`set -e`: the first failing command
    ends it), written to `progress` before it runs so a failure names its block."""
    lines = ["set -eo pipefail"]
    for index, block in enumerate(b for b in _blocks(GUIDE) if b.runs or b.with_postgresql):
        path = folder / f"{index:02}.sh"
        path.write_text(block.code, encoding="utf-8")
        lines += [f"echo '{block.where}' >> {folder / 'progress'}", f"source {path}"]
    return "\n".join([*lines, f"echo '{END}' >> {folder / 'progress'}", ""])


def _stop_group(process: subprocess.Popen[bytes]) -> None:
    """What the session left running (the servers, Caddy) is in its process group: SIGTERM
    (the servers drain), then SIGKILL for anything still there after a while."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sent)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + STOP_SECONDS
        while _group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
    process.wait(STOP_SECONDS)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def _names(url: str) -> list[str]:
    with psycopg.connect(url) as connection:
        return [row[0] for row in connection.execute("SELECT name FROM accounts ORDER BY id")]


@pytest.mark.slow
def test_the_hosting_guide_runs_as_written_from_a_fresh_database(tmp_path: Path) -> None:
    assert shutil.which("caddy"), "caddy is not installed (scripts/test.sh installs it)"
    cluster = PostgresCluster()
    cluster.start()
    try:
        clone = _fresh_clone(tmp_path)
        home = tmp_path / "home"
        home.mkdir()
        blocks = tmp_path / "blocks"
        blocks.mkdir()
        env = _environment(home) | {
            "PGHOST": "127.0.0.1",
            "PGPORT": str(cluster.port),
            "PGUSER": "postgres",
            "PORT1": str(free_port()),
            "PORT2": str(free_port()),
            "SITE": f"http://127.0.0.1:{free_port()}",
        }
        log = tmp_path / "session.log"
        with log.open("w") as written:  # a file: the servers it leaves running keep it open
            session = subprocess.Popen(
                ["bash", "-c", _session(blocks)],
                cwd=clone,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=written,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: all it started is stopped
            )
            try:
                session.wait(SESSION_SECONDS)
            finally:
                _stop_group(session)
        output = log.read_text(errors="replace")
        done = (blocks / "progress").read_text().split()
        assert session.returncode == 0 and done[-1] == END, (
            f"the guide stopped in {done[-1]} ({session.returncode}):\n{output[-6000:]}"
        )
        assert "Traceback (most recent call last)" not in output, output[-6000:]
        base = f"postgresql://postgres@127.0.0.1:{cluster.port}"
        # Ada was made through the proxy before the backup; both restores have her.
        assert _names(f"{base}/spieltisch") == ["Ada"]
        assert _names(f"{base}/spieltisch_restored") == ["Ada"]
        with psycopg.connect(f"{base}/spieltisch") as connection:
            owner = connection.execute(
                "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'spieltisch'"
            ).fetchone()
        assert owner == ("club",)
        assert list(clone.glob("spieltisch-*.dump")), "no backup file"
    finally:
        cluster.remove()
