"""The worker pool where computer seats think, away from the event loop.

A job is plain data (game, options, history, level), so it runs in another process;
the pool is generic (`run` takes any picklable function), so other services can
analyse games in it too.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.server.infra.orphans import die_with

T = TypeVar("T")


def choose_move(
    game: str, options: dict[str, Any], history: Sequence[str], level: str, budget: str | None
) -> str:
    """The move a computer seat of `level` plays after `history` (runs in a worker)."""
    state = spieltisch.load(game, **options).replay(history)
    agent = make(
        level,
        state.game,
        seed=secrets.randbits(32),
        budget=Budget.parse(budget) if budget else None,
    )
    move = agent.choose(state)
    return move if isinstance(move, str) else state.game.action_to_move(move)


def _nothing() -> None:
    """A job that only makes the pool start its worker."""


class WorkerPool:
    """Processes (or threads) that run blocking work for the event loop."""

    def __init__(self, workers: int = 1, processes: bool = True) -> None:
        self.workers = workers
        self.processes = processes
        self._executor: Executor | None = None

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

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool(), function, *args)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
