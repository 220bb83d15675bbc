"""Password hashing off the event loop, bounded, at a lower priority; unknown names as
slow as known ones (issue 35, High 2 and Medium 5)."""

from __future__ import annotations

import asyncio
import os
import threading
from typing import Any

import pytest
from argon2 import extract_parameters

from spieltisch.server.infra import passwords
from spieltisch.server.infra.passwords import Busy, PasswordWork
from tests.waiting import until


class Recording:
    """A hasher that says where it ran, and can be held until released."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.threads: list[int] = []
        self.priorities: list[int] = []
        self.checked: list[str] = []
        self.release = threading.Event()
        self.release.set()

    def _note(self) -> None:
        self.release.wait(10)
        self.threads.append(threading.get_ident())
        self.priorities.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    def __getattr__(self, name: str) -> Any:
        """The real hasher's cost (`time_cost`, `memory_cost`, ...), which the dummy hash copies."""
        return getattr(self.real, name)

    def hash(self, password: str) -> str:
        self._note()
        return str(self.real.hash(password))

    def verify(self, password_hash: str, password: str) -> bool:
        self._note()
        self.checked.append(password_hash)
        return bool(self.real.verify(password_hash, password))


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> Recording:
    hasher = Recording(passwords.HASHER)
    monkeypatch.setattr(passwords, "HASHER", hasher)
    return hasher


def test_hashing_runs_in_a_lower_priority_thread_not_on_the_loop(recording: Recording) -> None:
    async def scenario() -> None:
        work = PasswordWork()
        recording.threads.clear()
        recording.priorities.clear()
        loop_thread = threading.get_ident()
        hashed = await work.hash("correct horse")
        assert await work.check(hashed, "correct horse") is True
        assert await work.check(hashed, "wrong horse") is False
        assert recording.threads and loop_thread not in recording.threads
        mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        assert all(p >= min(19, mine + passwords.NICENESS) for p in recording.priorities)
        work.close()

    asyncio.run(scenario())


def test_an_unknown_account_checks_a_dummy_hash_and_is_refused(recording: Recording) -> None:
    async def scenario() -> None:
        work = PasswordWork()
        assert await work.check(None, "anything") is False
        assert len(recording.checked) == 1 and recording.checked[0].startswith("$argon2")
        # As costly to check as a real hash: the same type, version, lengths and cost.
        real = recording.real.hash("a real password")
        assert extract_parameters(recording.checked[0]) == extract_parameters(real)
        other = PasswordWork()
        assert other._dummy != work._dummy  # a random salt and hash each
        other.close()
        work.close()

    asyncio.run(scenario())


def test_past_the_queue_a_hash_is_refused_at_once(recording: Recording) -> None:
    async def scenario() -> None:
        work = PasswordWork(threads=1, queue=2)
        recording.release.clear()
        waiting = [asyncio.ensure_future(work.hash(f"password {i}")) for i in range(3)]
        await until(lambda: work._under_way == 3, what="three hashes under way")
        with pytest.raises(Busy):
            await work.hash("one too many")
        # A request that went away still holds its place until its thread is done.
        waiting[2].cancel()
        with pytest.raises(Busy):
            await work.hash("still too many")
        recording.release.set()
        done = await asyncio.gather(*waiting[:2])
        assert all(h.startswith("$argon2") for h in done)
        await until(lambda: work._under_way == 0, what="every hashing thread to be done")
        assert (await work.hash("room again")).startswith("$argon2")
        work.close()

    asyncio.run(scenario())
