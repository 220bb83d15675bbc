"""The worker pool where computer seats think, away from the event loop.

A job is plain data (game, options, history, level), so it runs in another process;
the pool is generic (`run` takes any picklable function), so other services can
analyse games in it too. The pool hands out its workers itself, never more jobs than
workers at once, in fair turns (`infra.fair`): computer moves before hints before
reviews, and per account, then per table, so nobody's flood starves another table.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.core import State
from spieltisch.server.infra.fair import FairQueue, Lane, Path
from spieltisch.server.infra.orphans import die_with

T = TypeVar("T")


KEPT_POSITIONS = 256
"""How many tables' positions a worker keeps between their computer moves."""
_kept: OrderedDict[str, tuple[list[str], State]] = OrderedDict()


def choose_move(
    game: str,
    options: dict[str, Any],
    history: Sequence[str],
    level: str,
    budget: str | None,
    table: str | None = None,
) -> str:
    """The move a computer seat of `level` plays after `history` (runs in a worker).

    With `table`, the worker keeps the position for that table's next computer move and
    then applies only the entries since, instead of replaying the whole history."""
    state = _position(game, options, history, table)
    length = len(state.action_history())
    agent = make(
        level,
        state.game,
        seed=secrets.randbits(32),
        budget=Budget.parse(budget) if budget else None,
    )
    move = agent.choose(state)
    chosen = move if isinstance(move, str) else state.game.action_to_move(move)
    if table is not None and len(state.action_history()) == length:  # the agent left it be
        _kept[table] = (list(history), state)
        _kept.move_to_end(table)
        while len(_kept) > KEPT_POSITIONS:
            _kept.popitem(last=False)
    return chosen


def _position(
    game: str, options: dict[str, Any], history: Sequence[str], table: str | None
) -> State:
    """The position after `history`: the one kept for `table` moved on by the entries
    since, when its history leads to this one; else replayed from the start. A kept
    position is taken out while in use (two threads never share it)."""
    kept = _kept.pop(table, None) if table is not None else None
    if kept is not None:
        known, state = kept
        if len(known) <= len(history) and list(history[: len(known)]) == known:
            for entry in history[len(known) :]:
                state.apply(entry)
            return state
    return spieltisch.load(game, **options).replay(history)


def _nothing() -> None:
    """A job that only makes the pool start its worker."""


@dataclass(eq=False)
class _Job:
    """A call waiting for a worker, and the future its caller awaits."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    answer: asyncio.Future[Any]
    generation: int = 0
    started: float = 0.0


class WorkerPool:
    """Processes (or threads) that run blocking work for the event loop, in fair turns."""

    def __init__(self, workers: int = 1, processes: bool = True) -> None:
        self.workers = workers
        self.processes = processes
        self._executor: Executor | None = None
        self._lanes: dict[Lane, FairQueue[_Job]] = {lane: FairQueue() for lane in Lane}
        self._busy = 0
        self._generation = 0

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.processes:
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=die_with,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="ai")
        return self._executor

    def warm(self) -> None:
        """Start the workers now, not at the first computer move: a spawned process
        imports the whole package, which takes seconds on a busy machine (after a restart,
        the first computer move would wait for it)."""
        self._pool().submit(_nothing)

    async def run(
        self,
        function: Callable[..., T],
        *args: Any,
        lane: Lane = Lane.PLAY,
        account: Hashable = None,
        table: Hashable = None,
    ) -> T:
        """`function(*args)` in a worker, when it is the turn of `lane`, `account` (who
        asked or whose table it is) and `table` (or whatever the job is about)."""
        job = _Job(function, args, asyncio.get_running_loop().create_future())
        self._lanes[lane].put((account, table), job)
        self._hand_out()
        result: T = await job.answer  # cancelled while waiting: it never runs
        return result

    def waiting(self, lane: Lane) -> int:
        """How many jobs of `lane` wait for a worker."""
        return len(self._lanes[lane])

    def _hand_out(self) -> None:
        """Give free workers the next jobs, lane by lane, fairly within a lane."""
        while self._busy < self.workers:
            taken = next(
                ((lane, got) for lane in Lane if (got := self._lanes[lane].take()) is not None),
                None,
            )
            if taken is None:
                return
            lane, (path, job) = taken
            if job.answer.done():  # its caller stopped waiting
                self._lanes[lane].done(path, 0.0)
                continue
            self._busy += 1
            job.generation, job.started = self._generation, time.monotonic()
            try:
                running = asyncio.wrap_future(
                    self._pool().submit(job.function, *job.args), loop=job.answer.get_loop()
                )
            except Exception as exc:  # the pool is shut down or broken
                running = job.answer.get_loop().create_future()
                running.set_exception(exc)
            running.add_done_callback(partial(self._finished, lane, path, job))

    def _finished(
        self,
        lane: Lane,
        path: Path,
        job: _Job,
        ended: asyncio.Future[Any],
    ) -> None:
        error = None if ended.cancelled() else ended.exception()
        if isinstance(error, BrokenExecutor) and job.generation == self._generation:
            self._drop_workers()  # a worker died: the next jobs get new ones
        if job.answer.done() or job.answer.get_loop().is_closed():
            pass  # nobody waits for it any more
        elif ended.cancelled():
            job.answer.cancel()
        elif error is not None:
            job.answer.set_exception(error)
        else:
            job.answer.set_result(ended.result())
        self._lanes[lane].done(path, time.monotonic() - job.started)
        if job.generation == self._generation:  # else from before `close`: not counted
            self._busy -= 1
            self._hand_out()

    def close(self) -> None:
        """Stop the workers; jobs still waiting are cancelled (a pool closed can start
        again with the next job)."""
        for queue in self._lanes.values():
            while (taken := queue.take()) is not None:
                path, job = taken
                queue.done(path, 0.0)
                if not job.answer.done() and not job.answer.get_loop().is_closed():
                    job.answer.cancel()
        self._drop_workers()

    def _drop_workers(self) -> None:
        """Let the workers go; the next job starts new ones (jobs still running no
        longer count against those)."""
        self._generation += 1
        self._busy = 0
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
