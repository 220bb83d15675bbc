"""The WebSockets open in this process, by account and session and by address.

By session: signing out or claiming an account ends sessions, and a socket opened with
one must not outlive it (a move on it was still acknowledged after sign-out); the
sockets of the ended sessions are closed with 4401, here at once and, through the
cluster's news, in the other processes (`ENDED`). By address (its group, an IPv6 /64):
at most `RateLimits.connections` open at once, so one address cannot use up the
process's open files (990 handshakes from one address made every other request fail).
In all: at most `per_process` (`serve --max-connections`), so a process takes no more
people than its host sized it for; one more is told to try again (1013), and the page
connects again, through the proxy perhaps to another process.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

ENDED = "ended"
"""The cluster news that sessions ended: `ended MARK ACCOUNT` (MARK `*`: every session)."""
EVERY = "*"
FULL, CROWDED = "full", "crowded"
"""Why a socket was not admitted: the process has `per_process` open; its address has
`per_address`."""

Close = Callable[[], Awaitable[None]]


def session_mark(session_id: str) -> str:
    """A short digest of a session id: what the news carries (not the id itself)."""
    return hashlib.sha256(session_id.encode()).hexdigest()[:24]


@dataclass(eq=False)
class OpenSocket:
    account: int | None
    mark: str | None
    address: str | None
    close: Close


@dataclass
class OpenSockets:
    """This process's open sockets; `admit` before accepting one, `forget` when it ends."""

    per_address: int | None = None
    per_process: int | None = None
    _sockets: set[OpenSocket] = field(default_factory=set)
    _by_address: dict[str, int] = field(default_factory=dict)

    def admit(
        self, account: int | None, mark: str | None, address: str | None, close: Close
    ) -> OpenSocket | str:
        """The socket counted in, or why not (`FULL`, `CROWDED`)."""
        if self.per_process is not None and len(self._sockets) >= self.per_process:
            return FULL
        if address is not None and self.per_address is not None:
            if self._by_address.get(address, 0) >= self.per_address:
                return CROWDED
            self._by_address[address] = self._by_address.get(address, 0) + 1
        socket = OpenSocket(account, mark, address, close)
        self._sockets.add(socket)
        return socket

    def forget(self, socket: OpenSocket) -> None:
        if socket not in self._sockets:
            return
        self._sockets.discard(socket)
        if socket.address is not None and socket.address in self._by_address:
            left = self._by_address.pop(socket.address) - 1
            if left > 0:
                self._by_address[socket.address] = left

    def open_from(self, address: str) -> int:
        return self._by_address.get(address, 0)

    async def end(self, account: int, mark: str) -> int:
        """Close the sockets of `account`'s session `mark` (`EVERY`: all its sessions);
        how many were closed."""
        ending = [
            socket
            for socket in self._sockets
            if socket.account == account and (mark == EVERY or socket.mark == mark)
        ]
        for socket in ending:
            self.forget(socket)
            with contextlib.suppress(Exception):  # already closing: nothing to do
                await socket.close()
        return len(ending)

    async def heard(self, words: Sequence[str]) -> None:
        """Another process's news `ended MARK ACCOUNT` (the cluster hands on the words
        after the kind)."""
        await self.end(int(words[1]), words[0])
