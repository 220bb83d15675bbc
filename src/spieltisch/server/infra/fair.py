"""Fair turns at the worker pool: play first, then a person asking, then reviews; within
each, the account that used the workers least while it had work waiting goes next, and
within an account its table that did.

So one account's many tables or reviews cannot starve another table: a table whose
computer needs a moment takes the next free worker ahead of twenty expert searches of
someone else. Usage is counted like Linux's fair scheduler counts run time: an account
or table that had nothing to do is forgotten, and when it comes back it starts level
with the least-served one waiting (no credit saved up while idle, no debt kept).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from enum import IntEnum
from typing import Generic, TypeVar

J = TypeVar("J")


class Lane(IntEnum):
    """What a job is for; a lower lane always goes first."""

    PLAY = 0
    """A computer seat's move (or a clock's): a table waits for it."""
    ASK = 1
    """A person waits for the answer: a hint, a review's page."""
    REVIEW = 2
    """Analysing a finished game, a few decisions at a time."""


Path = tuple[Hashable, ...]
"""Whose job it is, outermost first: (account, table)."""


class _Share(Generic[J]):
    """One account's or one table's part: worker seconds used, jobs waiting and running
    under it, and the shares below it (or, at the bottom, its jobs in order)."""

    __slots__ = ("below", "came", "jobs", "running", "used", "waiting")

    def __init__(self, used: float, came: int) -> None:
        self.used = used
        self.came = came
        """When it came (back): of two equally served, the later goes first (it has
        not waited while the other was served)."""
        self.waiting = 0
        self.running = 0
        self.below: dict[Hashable, _Share[J]] = {}
        self.jobs: deque[J] = deque()


class FairQueue(Generic[J]):
    """Jobs of one lane waiting for a worker, taken fairly along their paths."""

    def __init__(self) -> None:
        self._root: _Share[J] = _Share(0.0, 0)
        self._arrivals = 0

    def __len__(self) -> int:
        return self._root.waiting

    def put(self, path: Path, job: J) -> None:
        share = self._root
        share.waiting += 1
        for key in path:
            part = share.below.get(key)
            if part is None:  # back from idle: level with the least-served one waiting
                level = min((p.used for p in share.below.values()), default=0.0)
                self._arrivals += 1
                part = share.below[key] = _Share(level, self._arrivals)
            part.waiting += 1
            share = part
        share.jobs.append(job)

    def take(self) -> tuple[Path, J] | None:
        """The next job and its path (counted as running until `done`), or None."""
        share = self._root
        if not share.waiting:
            return None
        path: list[Hashable] = []
        share.waiting -= 1
        share.running += 1
        while share.below and not share.jobs:
            key, share = min(
                ((k, p) for k, p in share.below.items() if p.waiting),
                key=lambda item: (item[1].used, item[1].running, -item[1].came),
            )
            path.append(key)
            share.waiting -= 1
            share.running += 1
        return tuple(path), share.jobs.popleft()

    def done(self, path: Path, seconds: float) -> None:
        """A job taken along `path` ended after `seconds` of a worker's time."""
        share = self._root
        share.running -= 1
        for key in path:
            part = share.below[key]
            part.used += seconds
            part.running -= 1
            if not part.waiting and not part.running:
                del share.below[key]  # idle: forgotten
            share = part
