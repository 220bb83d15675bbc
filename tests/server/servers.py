"""Real parts for the server tests: a throwaway PostgreSQL cluster and server processes.

The server runs as `spieltisch serve` in its own process under uvicorn on 127.0.0.1 and a
free port, so a test can kill it with SIGKILL and start it again on the same database.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.server.secrets_in_logs import assert_no_secret


def newest_postgresql_bin(root: Path = Path("/usr/lib/postgresql")) -> Path:
    """The binaries of the newest PostgreSQL installed (Debian keeps each major version
    under /usr/lib/postgresql/N/bin), else the folder `pg_config --bindir` names, else
    the root itself (the tests then say initdb is missing)."""
    versions = sorted(
        (int(folder.name), folder / "bin")
        for folder in root.glob("*")
        if folder.name.isdigit() and (folder / "bin" / "initdb").exists()
    )
    if versions:
        return versions[-1][1]
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        bindir = subprocess.run(
            [pg_config, "--bindir"], capture_output=True, text=True, check=False
        ).stdout.strip()
        if bindir and (Path(bindir) / "initdb").exists():
            return Path(bindir)
    return root


PG_BIN = Path(os.environ.get("SPIELTISCH_PG_BIN") or newest_postgresql_bin())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_postgres(command: list[str]) -> list[str]:
    """initdb and pg_ctl refuse to run as root: run them as the postgres user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


class PostgresCluster:
    """A throwaway cluster in a temporary folder on a free port, which a test may stop
    and start again (the database going away)."""

    def __init__(self) -> None:
        if not (PG_BIN / "initdb").exists():
            raise RuntimeError(
                f"PostgreSQL binaries not found in {PG_BIN}: scripts/test.sh installs "
                "the system's postgresql package (or set SPIELTISCH_PG_BIN)"
            )
        self.folder = Path(tempfile.mkdtemp(prefix="spieltisch-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data, self.port = self.folder / "data", free_port()
        subprocess.run(
            _as_postgres(
                [
                    str(PG_BIN / "initdb"),
                    "-D",
                    str(self.data),
                    "-U",
                    "postgres",
                    "-A",
                    "trust",
                    "-E",
                    "UTF8",
                    "--locale=C.UTF-8",
                    "--no-sync",
                ]
            ),
            check=True,
            capture_output=True,
        )

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}"

    def _pg_ctl(self, *arguments: str, check: bool = True) -> None:
        command = [str(PG_BIN / "pg_ctl"), "-D", str(self.data), *arguments]
        subprocess.run(_as_postgres(command), check=check, capture_output=True)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._pg_ctl("-l", str(self.folder / "log"), "-w", "-o", options, "start")

    def stop(self, mode: str = "immediate") -> None:
        self._pg_ctl("-m", mode, "-w", "stop", check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A cluster in a temporary folder on a free port; yields its base URL (no database)."""
    cluster = PostgresCluster()
    try:
        cluster.start()
        yield cluster.url
    finally:
        cluster.remove()


def new_postgres_database(base_url: str, template: str | None = None) -> str:
    """A new empty database in the cluster at `base_url`, or a copy of the database
    `template` (a file copy: much quicker than migrating again); its URL."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    plain = base_url.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    copied = f" TEMPLATE {template}" if template else ""
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}{copied}")
    return f"{base_url}/{name}"


def drop_postgres_database(url: str) -> None:
    """Drop a test's database (a cluster of hundreds of copies took minutes to remove)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    plain = base.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


START_SCALE = float(os.environ.get("SPIELTISCH_TEST_WAIT_SCALE") or "1")
"""`SPIELTISCH_TEST_WAIT_SCALE` (tests/web/deadlines.py) stretches a server's start too: at
load 29 a helper's `spieltisch serve` had not answered after the browser tests' 180 s."""


OPEN_TABLES_FOR_TESTS = (
    *("--rate-limit", "account:open_tables=1000"),
    *("--rate-limit", "address:open_tables=1000"),
)
"""The open-table counts are tested in-process (test_lobby_flood.py); a server shared by
many tests would meet them."""


class ServerProcess:
    """`spieltisch serve` in a child process; `kill()` is SIGKILL, `start()` again."""

    def __init__(
        self,
        database_url: str,
        folder: Path,
        *extra: str,
        ai_threads: bool = True,
        ai_budget: str | None = "20",
        source: Path | None = None,
        takeback: str | None = "0",
    ) -> None:
        """`ai_budget`: every computer seat's budget (None: each level's own, as served);
        `takeback`: `--takeback-seconds` (None: not given, for a release without it)."""
        self.database_url = database_url
        self.folder = folder
        self.source = source
        """Another checkout's `src` folder to serve from (a benchmark's earlier version)."""
        self.extra = (*extra, "--ai-threads") if ai_threads else extra
        if source is None and "--no-rate-limits" not in extra:
            # This tree: the tests leave many tables open, all from 127.0.0.1.
            self.extra = (*OPEN_TABLES_FOR_TESTS, *self.extra)
        if ai_budget is not None:
            self.extra = ("--ai-budget", ai_budget, *self.extra)
        self.takeback = takeback
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 240) -> None:
        self.starts += 1
        log = (self.folder / f"server-{self.starts}.log").open("wb")
        command = [
            sys.executable,
            "-m",
            "spieltisch.cli",
            "serve",
            "--database",
            self.database_url,
            "--port",
            str(self.port),
            "--ai-pace",
            "0",
            # The roll after a person's move goes at once (a test that needs the takeback
            # moment gives its own --takeback-seconds after this).
            *(() if self.takeback is None else ("--takeback-seconds", self.takeback)),
            *self.extra,
        ]
        env = None if self.source is None else {**os.environ, "PYTHONPATH": str(self.source)}
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        timeout *= START_SCALE
        deadline = time.monotonic() + timeout
        # One client for every try: `httpx.get` makes a client (and its TLS context) each
        # time, 50 ms of CPU, and a start on a busy machine took 25-75 tries.
        with httpx.Client(timeout=2) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited: {self.log()[-3000:]}")
                try:
                    if client.get(self.url + "/api/games").status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                time.sleep(0.2)
        raise RuntimeError(f"the server did not start in {timeout} s: {self.log()[-3000:]}")

    def log(self) -> str:
        return "\n".join(
            path.read_text(errors="replace") for path in sorted(self.folder.glob("server-*.log"))
        )

    def assert_no_exception(self) -> None:
        """No traceback in the server's log so far (the fuzz tests' last check)."""
        log = self.log()
        assert "Traceback" not in log and "Exception in ASGI" not in log, log[-4000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, exactly like a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM (SIGKILL after 10 s); then the whole log is searched for secrets
        (tests/server/secrets_in_logs.py) — a served release from elsewhere (`source`)
        is not today's code and is left out."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.source is None and self.starts:
            assert_no_secret(self.log(), f"the log of the server in {self.folder}")
