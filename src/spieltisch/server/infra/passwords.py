"""Password hashing off the event loop: argon2 takes tens to hundreds of milliseconds of
CPU on purpose, so a flood of sign-ins run on the loop would stall every table.

Hashes run in a small pool of threads at a lower CPU priority than the loop (argon2
releases the GIL), and at most `queue` wait for a thread: past that the sign-in is
refused at once (`Busy`, answered 503 with Retry-After) instead of queueing without end.
The queue is not one pool for everybody: one client (an address, an IPv6 /64) has at
most `PER_CLIENT` hashes under way, so a flood from one place fills its own share and
others still sign in.
An unknown username is checked against a dummy hash, so it takes as long as a wrong
password and usernames cannot be told apart by timing.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from argon2.low_level import ARGON2_VERSION

T = TypeVar("T")
HASHER = PasswordHasher()
PER_CLIENT = 2
"""How many hashes one client (address group) may have running or waiting at once."""
NICENESS = 10
"""How much lower the hashing threads' CPU priority is than the loop's (Linux `nice`)."""


class Busy(Exception):
    """Every hashing thread is busy and the queue is full: try again shortly."""


def _lower_priority() -> None:
    """Runs in each new hashing thread: on Linux `nice` is per thread, and argon2's own
    lanes inherit it."""
    with contextlib.suppress(AttributeError, OSError):
        thread = threading.get_native_id()
        now = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, now + NICENESS))


class PasswordWork:
    """Hashes and checks passwords in `threads` low-priority threads, at most `queue`
    waiting."""

    def __init__(self, threads: int = 1, queue: int = 16, per_client: int = PER_CLIENT) -> None:
        self.threads = threads
        self.queue = queue
        self.per_client = per_client
        self._by_client: dict[str, int] = {}
        self._executor = ThreadPoolExecutor(
            threads, thread_name_prefix="passwords", initializer=_lower_priority
        )
        self._under_way = 0
        self._lock = threading.Lock()
        self._dummy = dummy_hash(HASHER)

    async def _run(self, client: str | None, work: Callable[..., T], *args: str) -> T:
        """`work` in a hashing thread for `client` (its address group); counted until it
        ends, even when the request that asked went away (the thread is busy all the
        same)."""
        with self._lock:
            if self._under_way >= self.threads + self.queue:
                raise Busy
            if client is not None and self._by_client.get(client, 0) >= self.per_client:
                raise Busy
            self._under_way += 1
            if client is not None:
                self._by_client[client] = self._by_client.get(client, 0) + 1
        future = self._executor.submit(work, *args)
        future.add_done_callback(lambda _future: self._ended(client))
        return await asyncio.wrap_future(future)

    def _ended(self, client: str | None) -> None:
        with self._lock:
            self._under_way -= 1
            if client is not None:
                left = self._by_client.pop(client, 1) - 1
                if left > 0:
                    self._by_client[client] = left

    async def hash(self, password: str, client: str | None = None) -> str:
        return await self._run(client, HASHER.hash, password)

    async def check(
        self, password_hash: str | None, password: str, client: str | None = None
    ) -> bool:
        """Whether `password` matches; with no hash (no such account) a dummy is checked,
        as long as a real one, and the answer is no."""
        matches = await self._run(client, _matches, password_hash or self._dummy, password)
        return matches and password_hash is not None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def dummy_hash(hasher: PasswordHasher) -> str:
    """A hash that no password is known to match, in `hasher`'s encoding with its cost (a
    random salt and random hash bytes): checking a password against it costs as much as
    against a real hash, because the cost is read from the string. Written, not hashed: a
    real hash of a random password cost 0.14 s of CPU at every server start."""

    def b64(length: int) -> str:
        return base64.b64encode(os.urandom(length)).decode("ascii").rstrip("=")

    cost = f"m={hasher.memory_cost},t={hasher.time_cost},p={hasher.parallelism}"
    kind = hasher.type.name.lower()
    return f"$argon2{kind}$v={ARGON2_VERSION}${cost}${b64(hasher.salt_len)}${b64(hasher.hash_len)}"


def _matches(password_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False
