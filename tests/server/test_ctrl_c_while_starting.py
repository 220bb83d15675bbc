"""Issue 48's audit: Ctrl+C of `serve --workers 2` while its workers start gave four
KeyboardInterrupt tracebacks (the workers importing the package) and the resource
tracker's "leaked semaphore objects" warning. The terminal's Ctrl+C is SIGINT to every
process of the group; the test sends exactly that, once the workers run Python. On
SQLite (where `--workers 2` is refused) the same for the computer seats' worker
processes, which a one-process `serve` spawns as it starts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.store import upgrade
from tests.server.servers import PostgresCluster, free_port, new_postgres_database
from tests.waiting import DEADLINE, wait_until


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    cluster.start()
    yield cluster
    cluster.remove()


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()[:200].decode(errors="replace")
    except OSError:
        return "(gone)"


def _handles_sigint(pid: int) -> bool:
    """Whether Python runs in `pid` (it caught or ignores SIGINT: a fresh exec does
    neither until the interpreter starts)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    masks = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    bit = 1 << (signal.SIGINT - 1)
    return bool((int(masks["SigCgt"], 16) | int(masks["SigIgn"], 16)) & bit)


@pytest.mark.parametrize("backend", ["postgresql", "sqlite"])
def test_ctrl_c_while_the_workers_start_prints_no_traceback(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("cluster")
        url = new_postgres_database(cluster.url)
        workers = ["--workers", "2"]  # two server processes
    else:
        url = f"sqlite+aiosqlite:///{tmp_path / 'ctrl-c.sqlite3'}"
        workers = ["--ai-workers", "1", "--ai-quick-workers", "1"]  # two computer workers
    upgrade(url)
    log = (tmp_path / "serve.log").open("w+b")
    command = [sys.executable, "-m", "spieltisch.cli", "serve", "--database", url]
    command += [*workers, "--port", str(free_port())]
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:

        def workers_run_python() -> bool:
            workers = [c for c in _children(server.pid) if _handles_sigint(c)]
            spawned = [
                c for c in workers if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()
            ]
            return len(spawned) >= 2 or server.poll() is not None

        wait_until(workers_run_python, what="two workers running Python")
        if backend == "postgresql":  # the server processes are still starting
            assert b"Application startup complete" not in (tmp_path / "serve.log").read_bytes()
        os.killpg(server.pid, signal.SIGINT)  # the terminal's Ctrl+C
        try:
            server.wait(DEADLINE)
        except subprocess.TimeoutExpired:  # say what was still running, and what it said
            alive = [
                (c, Path(f"/proc/{c}/cmdline").read_bytes()[:200]) for c in _children(server.pid)
            ]
            log_text = (tmp_path / "serve.log").read_text(errors="replace")[-3000:]
            pytest.fail(f"still running {DEADLINE} s after Ctrl+C: {alive}\n{log_text}")
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    text = (tmp_path / "serve.log").read_text(errors="replace")
    # uvicorn's supervisor of several processes says so; one process just shuts down.
    said = "Received SIGINT" if backend == "postgresql" else "Shutting down"
    assert said in text, text[-3000:]
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-3000:]
    assert "leaked semaphore" not in text, text[-3000:]
    assert server.returncode == 0, text[-3000:]
