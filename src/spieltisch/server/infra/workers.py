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
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.core import State
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
