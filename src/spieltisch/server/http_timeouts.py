"""Closing connections that hold a socket without finishing a request.

uvicorn closes a keep-alive connection idle after a response (`timeout_keep_alive`,
5 s), but not one that never finishes its request line and headers: a thousand such
sockets (idle after connecting, or sending a header a minute) use up the process's
file descriptors and every new visitor is refused. This protocol gives each request
`REQUEST_SECONDS` from the connection (or the previous response) to the end of its
headers, then closes the socket; a body that comes too slowly is the application's
`Limits` middleware's to refuse (408 after `BODY_SECONDS`).
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

REQUEST_SECONDS = 10.0
"""From connecting (or the previous answer) to the end of the headers."""
BODY_SECONDS = 10.0
"""From the end of the headers to the end of the body."""
PROTOCOL = "spieltisch.server.http_timeouts:TimedHttpProtocol"
"""What `uvicorn.run(http=...)` imports, in this process or in each worker process."""


class TimedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for each request's headers."""

    _headers_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # uvicorn arms its keep-alive timer only when no pipelined request started: the
        # next request on this connection gets its own deadline from now.
        if self.timeout_keep_alive_task is not None and not self.transport.is_closing():
            self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._headers_deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._headers_deadline is not None:
            self._headers_deadline.cancel()
            self._headers_deadline = None

    def _too_slow(self) -> None:
        self._headers_deadline = None
        if not self.transport.is_closing():
            self.transport.close()
