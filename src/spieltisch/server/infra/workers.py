"""The worker pool where computer seats think, away from the event loop.

A job is plain data (game, options, history, level), so it runs in another process;
the pool is generic (`run` takes any picklable function), so other services can
analyse games in it too. The pool hands out its workers itself, never more jobs than
workers at once, in fair turns (`infra.fair`): computer moves before hints before
reviews, and per account, then per table, so nobody's flood starves another table.

A running search cannot be interrupted, so fair turns alone still leave an easy
computer seat waiting up to a second behind someone's expert search. Quick jobs (by
their level: `random`, `easy` and `medium` search for milliseconds) therefore also have
a worker of their own that never takes a slow one: a table playing against an easy
computer answers at once whatever floods the other workers. What is quick is decided by
the level, never by measured times: one cold first job (seconds under load) once marked
easy moves slow for the next fifteen, and they waited behind expert searches.

A level that never searches does not come here at all (`inline_level`): its move costs
less than handing it to a worker, so the table's scheduler chooses it on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypeVar

import spieltisch
from spieltisch.agents import LEVELS, Budget, make
from spieltisch.agents.levels import level_spec
from spieltisch.core import Game, State
from spieltisch.server.infra.fair import FairQueue, Lane, Path
from spieltisch.server.infra.interrupts import QuietSpawnContext
from spieltisch.server.infra.orphans import die_with

T = TypeVar("T")


QUICK_LEVELS = frozenset({"random", "easy", "medium"})
"""Levels that never search long: their moves go to the quick workers."""
INLINE_ALGORITHMS = frozenset({"policy", "greedy"})
"""The algorithms that never search: rules of thumb (`policy`) and one move ahead
(`greedy`). Their work is bounded by the legal moves (and the die after each), and no
budget changes it: measured on typical positions of every game (`benchmarks/move_cost.py`),
rules of thumb take at most 0.4 ms of CPU a move, greedy a median 0.4 ms and a p99 of
1.1 ms; handing an easy move to a worker cost the server 0.5–0.8 ms (futures, pickling,
pipes, waking threads) and the worker 0.3 ms more (`move_cost.py --hand-off`)."""
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
    chosen = choose(state, level, budget)
    if table is not None and len(state.action_history()) == length:  # the agent left it be
        _kept[table] = (list(history), state)
        _kept.move_to_end(table)
        while len(_kept) > KEPT_POSITIONS:
            _kept.popitem(last=False)
    return chosen


def choose(state: State, level: str, budget: str | None) -> str:
    """The move a computer seat of `level` plays in `state` (a fresh seed each time, as
    people at a table expect: the same position need not get the same move)."""
    agent = make(
        level,
        state.game,
        seed=secrets.randbits(32),
        budget=_budget(budget) if budget else None,
    )
    move = agent.choose(state)
    return move if isinstance(move, str) else state.game.action_to_move(move)


@lru_cache(maxsize=64)
def _budget(text: str) -> Budget:
    """`Budget.parse`, once per text: the server's budget is the same at every move (and
    a `Budget` is frozen)."""
    return Budget.parse(text)


def inline_level(game: Game[Any], level: str) -> bool:
    """Whether a computer move of `level` at `game` is chosen in the server process
    itself instead of in a worker: when the game's spec of the level names an algorithm
    that never searches (`INLINE_ALGORITHMS`), whatever the server's budget (they read
    none). Levels that search (MCTS, IS-MCTS, expectimax, alpha-beta), however few their
    iterations, keep the workers."""
    return level in LEVELS and level_spec(game, level).algorithm in INLINE_ALGORITHMS


def quick_level(level: str, budget: str | None = None) -> bool:
    """Whether a computer move of `level` is quick (a budget of the server's own may
    make any level search long, so then none is)."""
    return budget is None and level.split("@")[0] in QUICK_LEVELS


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


def _worker_starts(parent: int) -> None:
    """A worker ignores Ctrl+C (the terminal sends it to every process of the server):
    the server stops its workers itself as it shuts down; interrupted, they printed
    tracebacks and left their semaphores to the resource tracker's warning."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with(parent)


def _nothing() -> None:
    """A job that only makes the pool start its worker."""


@dataclass(eq=False)
class _Job:
    """A call waiting for a worker, and the future its caller awaits."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    answer: asyncio.Future[Any]
    kind: Hashable = None
    generation: int = 0
    started: float = 0.0
    quick_slot: bool = False


class WorkerPool:
    """Processes (or threads) that run blocking work for the event loop, in fair turns."""

    def __init__(self, workers: int = 1, processes: bool = True, quick_workers: int = 0) -> None:
        self.workers = workers
        self.processes = processes
        self.quick_workers = quick_workers
        self._executor: Executor | None = None
        self._quick_executor: Executor | None = None
        self._lanes: dict[Lane, FairQueue[_Job]] = {lane: FairQueue() for lane in Lane}
        self._quick: FairQueue[_Job] = FairQueue()
        self._busy = 0
        self._quick_busy = 0
        self._generation = 0

    def _pool(self, quick: bool = False) -> Executor:
        executor = self._quick_executor if quick else self._executor
        if executor is None:
            count = self.quick_workers if quick else self.workers
            if self.processes:
                executor = ProcessPoolExecutor(
                    count,
                    mp_context=QuietSpawnContext(),
                    initializer=_worker_starts,
                    initargs=(os.getpid(),),
                )
            else:
                executor = ThreadPoolExecutor(count, thread_name_prefix="ai")
            if quick:
                self._quick_executor = executor
            else:
                self._executor = executor
        return executor

    def warm(self) -> None:
        """Start the workers now, not at the first computer move: a spawned process
        imports the whole package, which takes seconds on a busy machine (after a restart,
        the first computer move would wait for it)."""
        self._pool().submit(_nothing)
        if self.quick_workers:
            self._pool(quick=True).submit(_nothing)

    async def run(
        self,
        function: Callable[..., T],
        *args: Any,
        lane: Lane = Lane.PLAY,
        account: Hashable = None,
        table: Hashable = None,
        kind: Hashable = None,
        quick: bool = False,
    ) -> T:
        """`function(*args)` in a worker, when it is the turn of `lane`, `account` (who
        asked or whose table it is) and `table` (or whatever the job is about).

        `quick` (a quick level's move, `quick_level`): the quick workers may take it;
        they never take any other job. `kind` (a game and level) only names the job, for
        figures: how long jobs of a kind took never moves them between workers."""
        job = _Job(function, args, asyncio.get_running_loop().create_future(), kind)
        if quick:
            self._quick.put((account, table), job)
        else:
            self._lanes[lane].put((account, table), job)
        self._hand_out()
        result: T = await job.answer  # cancelled while waiting: it never runs
        return result

    def waiting(self, lane: Lane) -> int:
        """How many jobs of `lane` wait for a worker (quick ones: `waiting_quick`)."""
        return len(self._lanes[lane])

    def waiting_quick(self) -> int:
        return len(self._quick)

    def _hand_out(self) -> None:
        """Give free workers the next jobs: quick ones first, then lane by lane, fairly
        within each; the quick workers take only quick jobs."""
        while self._busy < self.workers:
            queues = (self._quick, *(self._lanes[lane] for lane in Lane))
            taken = next(
                ((queue, got) for queue in queues if (got := queue.take()) is not None), None
            )
            if taken is None:
                break
            self._submit(*taken, quick_slot=False)
        while self._quick_busy < self.quick_workers:
            got = self._quick.take()
            if got is None:
                break
            self._submit(self._quick, got, quick_slot=True)

    def _submit(self, queue: FairQueue[_Job], taken: tuple[Path, _Job], quick_slot: bool) -> None:
        path, job = taken
        if job.answer.done():  # its caller stopped waiting
            queue.done(path, 0.0)
            return
        if quick_slot:
            self._quick_busy += 1
        else:
            self._busy += 1
        job.generation, job.started, job.quick_slot = self._generation, time.monotonic(), quick_slot
        try:
            running = asyncio.wrap_future(
                self._pool(quick_slot).submit(job.function, *job.args),
                loop=job.answer.get_loop(),
            )
        except Exception as exc:  # the pool is shut down or broken
            running = job.answer.get_loop().create_future()
            running.set_exception(exc)
        running.add_done_callback(partial(self._finished, queue, path, job))

    def _finished(
        self,
        queue: FairQueue[_Job],
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
        queue.done(path, time.monotonic() - job.started)
        if job.generation == self._generation:  # else from before `close`: not counted
            if job.quick_slot:
                self._quick_busy -= 1
            else:
                self._busy -= 1
            self._hand_out()

    def close(self, wait: bool = False) -> None:
        """Stop the workers; jobs still waiting are cancelled (a pool closed can start
        again with the next job). `wait` (the server stopping): until the workers have
        exited and the pool's semaphores are released, so none is left to the resource
        tracker's "leaked semaphore objects" warning when the process ends by a signal."""
        for queue in (self._quick, *self._lanes.values()):
            while (taken := queue.take()) is not None:
                path, job = taken
                queue.done(path, 0.0)
                if not job.answer.done() and not job.answer.get_loop().is_closed():
                    job.answer.cancel()
        self._drop_workers(wait)

    def _drop_workers(self, wait: bool = False) -> None:
        """Let the workers go; the next job starts new ones (jobs still running no
        longer count against those)."""
        self._generation += 1
        self._busy = self._quick_busy = 0
        for executor in (self._executor, self._quick_executor):
            if executor is not None:
                processes = wait and isinstance(executor, ProcessPoolExecutor)
                if processes:  # a worker may still be importing the package: seconds
                    _stop_processes(executor)
                # Threads hold no semaphores and cannot be stopped: never waited for.
                executor.shutdown(wait=processes, cancel_futures=True)
        self._executor = self._quick_executor = None


def _stop_processes(executor: Executor) -> None:
    """Stop a process pool's workers at once (SIGTERM), so that waiting for its shutdown
    takes no longer than their exit: the server is stopping, and what they computed is
    wanted by nobody."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.terminate()
