"""Processes that must not outlive the server that started them.

A server killed with SIGKILL runs no shutdown: its computer-seat workers and, under
`serve --workers N`, uvicorn's worker processes would live on as orphans, each holding a
whole copy of the package (and the workers the port, serving tables nobody supervises).
"""

from __future__ import annotations

import os
import signal
import threading
import time

GRACE_SECONDS = 10.0
"""How long a process told to stop gracefully may take before it exits anyway."""


def die_with(parent: int, *, graceful: bool = False) -> None:
    """Exit as soon as the process `parent` is no longer this one's parent.

    The check is one `getppid` a second in a daemon thread. `graceful`: stop with SIGTERM
    first (uvicorn closes the WebSockets with 1012, so clients reconnect at once, and the
    application shuts down), and exit anyway GRACE_SECONDS later."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        if graceful:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(GRACE_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
