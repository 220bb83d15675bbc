"""The whole server in the test's own process: the app `spieltisch serve` runs, under
uvicorn with the same protocols, on 127.0.0.1 and a free port, in a thread with its own
event loop.

The scripted clients talk to it over real HTTP and WebSocket connections exactly as to a
server process, so a test reads the same either way; but nothing is started or imported
again (a process took seconds to start on a busy machine) and each test has a server of
its own, with the settings it needs, on a fresh database. Real processes stay for what
needs them (`servers.ServerProcess`): kill -9, two processes on one PostgreSQL database,
the browser, the `serve` command's own options.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import uvicorn

from spieltisch.server import Settings, create_app
from spieltisch.server.infra.http_timeouts import PROTOCOL as HTTP_PROTOCOL
from spieltisch.server.infra.limits import RateLimits
from spieltisch.server.infra.settings import TRANSPORT_LIMIT
from spieltisch.server.infra.transport import PROTOCOL
from spieltisch.server.routes.context import Services
from tests.waiting import wait_until

LOGGERS = ("spieltisch", "uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")
"""What a server process writes to its log: its own lines, uvicorn's (requests and
errors) and asyncio's (a task's exception nobody awaited)."""

TEST_LIMITS = (
    # Every test asks from 127.0.0.1: the address's review limit is for many people.
    "address:reviews=120/600s",
    # The open-table counts are tested on their own (test_lobby_flood.py).
    "account:open_tables=1000",
    "address:open_tables=1000",
)


def test_settings(database_url: str, **chosen: Any) -> Settings:
    """The settings of the server tests: as `ServerProcess` serves (computer seats in
    threads with a budget of 20 and no pace, seats claimable after 2 s away), then
    `chosen`."""
    limits = RateLimits()
    for spec in TEST_LIMITS:
        limits = limits.with_rate(spec)
    settings = Settings(
        database_url=database_url,
        ai_processes=False,
        ai_budget="20",
        ai_pace=0.0,
        claim_after_seconds=2.0,
        takeback_seconds=0.0,
        rate_limits=limits,
        migrate=False,
    )
    return replace(settings, **chosen)


class _Kept(logging.Handler):
    """Keeps each log line as the server process's log file would show it."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


class ServerThread:
    """`create_app` served by uvicorn in a thread of this process; `stop()` when done."""

    def __init__(self, database_url: str, **settings: Any) -> None:
        self.database_url = database_url
        self._listening = socket.socket()
        self._listening.bind(("127.0.0.1", 0))
        self.port: int = self._listening.getsockname()[1]
        now: Callable[[], float] = settings.pop("now", time.time)  # the server's wall clock
        self.settings = test_settings(database_url, port=self.port, **settings)
        self.app = create_app(self.settings, now=now)
        config = uvicorn.Config(
            self.app,
            http=HTTP_PROTOCOL,
            ws=PROTOCOL,
            ws_max_size=TRANSPORT_LIMIT,
            log_config=None,
            log_level="info",
            timeout_graceful_shutdown=10,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._serve, name=f"server-{self.port}")
        self._failure: BaseException | None = None
        self._kept = _Kept()

    @property
    def services(self) -> Services:
        """The running app's services: a test may set the clock of what takes one."""
        services: Services = self.app.state.services
        return services

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        try:
            asyncio.run(self._server.serve(sockets=[self._listening]))
        except BaseException as failure:  # shown by start() or stop()
            self._failure = failure

    def start(self) -> None:
        for name in LOGGERS:
            logger = logging.getLogger(name)
            logger.addHandler(self._kept)
            if logger.getEffectiveLevel() > logging.INFO:
                logger.setLevel(logging.INFO)
        self._thread.start()
        wait_until(lambda: self._server.started or not self._thread.is_alive(), what="the server")
        if not self._server.started:
            raise RuntimeError(f"the server did not start: {self._failure!r}\n{self.log()}")

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(60)
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(self._kept)
        self._listening.close()
        gc.unfreeze()  # the app froze what it had loaded; let this test's server go
        assert not self._thread.is_alive(), "the server did not stop within 60 s"
        if self._failure is not None:
            raise AssertionError(f"the server failed: {self._failure!r}\n{self.log()}")

    def log(self) -> str:
        return "\n".join(self._kept.lines)

    def assert_no_exception(self) -> None:
        """No traceback in the server's log so far (the fuzz tests' last check)."""
        log = self.log()
        assert "Traceback" not in log and "Exception in ASGI" not in log, log[-4000:]
