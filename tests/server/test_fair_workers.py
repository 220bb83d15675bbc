"""The worker pool takes turns fairly (issue 35, finding 8): computer moves before hints
before reviews, per account, then per table, so one account's flood starves nobody."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Hashable

import pytest

from spieltisch.server.infra.fair import FairQueue, Lane
from spieltisch.server.infra.workers import WorkerPool, quick_level
from tests.waiting import until


class Recorder:
    """Jobs that note their label when they run; the first waits for `gate`."""

    def __init__(self) -> None:
        self.ran: list[str] = []
        self.gate = threading.Event()

    def blocking(self, label: str) -> str:
        self.ran.append(label)
        assert self.gate.wait(30)
        return label

    def job(self, label: str) -> str:
        self.ran.append(label)
        time.sleep(0.005)  # some worker time, so usage counts (work, not a wait)
        return label


async def _queued(pool: WorkerPool, lane: Lane) -> None:
    """Until `pool` has a job of `lane` waiting (run() hands out synchronously)."""
    await until(lambda: pool.waiting(lane) > 0, what=f"a job waiting in {lane}")


@pytest.mark.asyncio
async def test_play_goes_before_hints_and_reviews_and_accounts_take_turns() -> None:
    pool, jobs = WorkerPool(1, processes=False), Recorder()
    try:
        calls = [asyncio.ensure_future(pool.run(jobs.blocking, "busy", account="x"))]
        await until(lambda: bool(jobs.ran), what="the first job to run")

        def ask(label: str, lane: Lane, account: Hashable, table: Hashable) -> None:
            calls.append(
                asyncio.ensure_future(
                    pool.run(jobs.job, label, lane=lane, account=account, table=table)
                )
            )

        for n in range(3):
            ask(f"review{n}", Lane.REVIEW, "flooder", "record")
        for n in range(4):
            ask(f"many{n}", Lane.PLAY, "many tables", f"table{n}")
        ask("hint", Lane.ASK, "player", "table9")
        ask("other", Lane.PLAY, "other account", "table8")
        await _queued(pool, Lane.REVIEW)
        jobs.gate.set()
        await asyncio.gather(*calls)
    finally:
        pool.close()
    assert jobs.ran == [
        "busy",
        "other",  # the other account's table does not wait for the four of `many tables`
        "many3",  # equally served: the one that came last has waited least... and goes
        "many2",  # first, so a table coming back from idle is not behind the others
        "many1",
        "many0",
        "hint",
        "review0",
        "review1",
        "review2",
    ]


def test_an_accounts_tables_take_turns() -> None:
    queue: FairQueue[str] = FairQueue()
    for job in ("t1a", "t1b", "t1c"):
        queue.put(("a", 1), job)
    for job in ("t2a", "t2b"):
        queue.put(("a", 2), job)
    order = []
    while (taken := queue.take()) is not None:
        order.append(taken[1])
        queue.done(taken[0], 1.0)
    # Equally served, the one that came later goes first; then they take turns.
    assert order == ["t2a", "t1a", "t2b", "t1b", "t1c"]


@pytest.mark.asyncio
async def test_a_job_given_up_while_waiting_never_runs_and_errors_reach_the_caller() -> None:
    pool, jobs = WorkerPool(1, processes=False), Recorder()
    try:
        first = asyncio.ensure_future(pool.run(jobs.blocking, "busy"))
        await until(lambda: bool(jobs.ran), what="the first job to run")
        given_up = asyncio.ensure_future(pool.run(jobs.job, "given up", table=1))
        failing = asyncio.ensure_future(pool.run(int, "not a number", table=2))
        await _queued(pool, Lane.PLAY)
        given_up.cancel()
        jobs.gate.set()
        assert await first == "busy"
        with pytest.raises(ValueError, match="not a number"):
            await failing
        assert await pool.run(jobs.job, "later") == "later"
    finally:
        pool.close()
    assert jobs.ran == ["busy", "later"]
    assert given_up.cancelled()


def test_a_share_back_from_idle_starts_level_with_the_least_served() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.put(("a",), "a1")
    taken = queue.take()
    assert taken == (("a",), "a1")
    queue.done(("a",), 100.0)  # a long search, then "a" had nothing to do
    for job in ("b1", "b2"):
        queue.put(("b",), job)
    assert queue.take() == (("b",), "b1")
    queue.done(("b",), 5.0)
    queue.put(("a",), "a2")  # back: level with b (5 s), not 100 s behind nor 5 s ahead
    queue.put(("c",), "c1")
    order = []
    while (taken := queue.take()) is not None:
        order.append(taken[1])
        queue.done(taken[0], 1.0)
    # All three level at 5 s, the latest comer first: a2 is neither first (credit kept
    # from idle) nor last (its 100 s held against it).
    assert order == ["c1", "a2", "b2"]
    assert len(queue) == 0


@pytest.mark.asyncio
async def test_a_quick_job_has_its_own_worker_while_long_searches_hold_the_others() -> None:
    """Issue 35: a running search cannot be interrupted, so an easy computer move must
    not wait behind one (it waited a second under a flood of expert tables)."""
    pool, jobs = WorkerPool(1, processes=False, quick_workers=1), Recorder()
    try:
        search = asyncio.ensure_future(pool.run(jobs.blocking, "expert"))
        await until(lambda: bool(jobs.ran), what="the first job to run")
        queued = asyncio.ensure_future(pool.run(jobs.job, "expert 2"))
        await _queued(pool, Lane.PLAY)
        async with asyncio.timeout(10):  # answered while the search still runs
            assert await pool.run(jobs.job, "easy", quick=True) == "easy"
        # The quick worker is free, yet never takes the slow job waiting.
        assert pool.waiting(Lane.PLAY) == 1 and not queued.done()
        jobs.gate.set()
        await asyncio.gather(search, queued)
    finally:
        pool.close()
    assert jobs.ran == ["expert", "easy", "expert 2"]


EASY, EXPERT = ("mahe", "easy"), ("mahe", "expert")


@pytest.mark.asyncio
async def test_what_is_quick_is_the_level_never_a_measured_time() -> None:
    """Issue 48's audit: one cold first job (14-25 s under load) marked easy moves slow for
    about fifteen moves, and they waited behind expert searches. A quick level's move goes
    to the quick worker however long one took; a slow level's never does, however short."""
    pool, jobs = WorkerPool(1, processes=False, quick_workers=1), Recorder()
    try:
        cold = asyncio.ensure_future(pool.run(jobs.blocking, "cold easy", kind=EASY, quick=True))
        await until(lambda: bool(jobs.ran), what="the cold easy job to run")
        jobs.gate.set()
        await cold  # it took as long as the test held it
        for n in range(3):
            await pool.run(jobs.job, f"short expert {n}", kind=EXPERT)  # milliseconds each
        jobs.gate.clear()
        search = asyncio.ensure_future(pool.run(jobs.blocking, "expert", kind=EXPERT))
        await until(lambda: jobs.ran[-1] == "expert", what="the expert search to run")
        queued = asyncio.ensure_future(pool.run(jobs.job, "expert 2", kind=EXPERT))
        await _queued(pool, Lane.PLAY)
        async with asyncio.timeout(10):  # still the quick worker's, while the search runs
            assert await pool.run(jobs.job, "easy again", kind=EASY, quick=True) == "easy again"
        assert pool.waiting(Lane.PLAY) == 1 and not queued.done()  # never the quick worker's
        jobs.gate.set()
        await asyncio.gather(search, queued)
    finally:
        jobs.gate.set()
        pool.close()


def test_the_levels_below_hard_are_quick_unless_the_server_sets_a_budget() -> None:
    assert quick_level("easy") and quick_level("medium") and quick_level("random")
    assert not quick_level("expert") and not quick_level("hard")
    assert not quick_level("expert@learned")
    assert not quick_level("easy", budget="2s")


@pytest.mark.asyncio
async def test_a_worker_process_lives_through_ctrl_c() -> None:
    """Ctrl+C reaches every process of `serve`: a worker stopped by it printed a traceback
    and left semaphores behind ("leaked semaphore objects" with `--workers 2`); the server
    stops its workers itself."""
    pool = WorkerPool(1)
    try:
        worker = await pool.run(os.getpid)
        os.kill(worker, signal.SIGINT)
        assert await pool.run(signal.getsignal, signal.SIGINT) == signal.SIG_IGN
        assert await pool.run(os.getpid) == worker
    finally:
        pool.close()


@pytest.mark.asyncio
async def test_closing_for_good_stops_workers_still_starting() -> None:
    """Issue 48's audit: a server stopped while its workers were still importing the
    package left their semaphores to the resource tracker's warning (it did not wait for
    them); waiting for them took as long as their start (30 s on a busy machine). Closing
    for good stops them and waits only for that."""
    pool = WorkerPool(1, quick_workers=1)
    pool.warm()  # two processes now importing the package
    executors = [pool._executor, pool._quick_executor]
    processes = [p for e in executors for p in getattr(e, "_processes", {}).values()]
    assert len(processes) == 2
    pool.close(wait=True)
    assert all(not process.is_alive() for process in processes)
    assert all(process.exitcode == -signal.SIGTERM for process in processes)
