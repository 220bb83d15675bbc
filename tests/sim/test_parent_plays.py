"""`--workers N` and `--cluster local:N` of the kernels: this process plays a share of
the chunks itself instead of waiting for N others (issue 46), so the summary names N
workers, this one among them, with each one's CPU seconds, and the results are the
serial run's for the same seed. Nothing here is timed: a worker's first chunk waits,
with a deadline, until this process has played one."""

from __future__ import annotations

import multiprocessing
import os
import re
import threading
from typing import Any

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.sim.batch import Summary
from spieltisch.sim.effort import Effort, by_worker, here, threads_here
from spieltisch.sim.executors import THREAD_NAME, run_in_order
from spieltisch.sim.fast import simulate_fast
from tests.web.deadlines import WAIT_SECONDS

PARENT = os.getpid()
FORK = multiprocessing.get_context("fork")
BEGAN_HERE, BEGAN_THERE = FORK.Event(), FORK.Event()
"""Set when this process, or a worker process, has begun a chunk (a forked worker
inherits them)."""


def gated(index: int) -> tuple[int, int]:
    """A chunk that waits, in either process, until the other one has begun one too."""
    began, other = (BEGAN_HERE, BEGAN_THERE) if os.getpid() == PARENT else (BEGAN_THERE, BEGAN_HERE)
    began.set()
    if not other.wait(WAIT_SECONDS):
        raise AssertionError("the other process played no chunk in the meantime")
    return index, os.getpid()


def test_this_process_plays_a_share_beside_its_workers() -> None:
    BEGAN_HERE.clear()
    BEGAN_THERE.clear()
    efforts: list[Effort] = []
    done = list(run_in_order(gated, [(n,) for n in range(12)], workers=2, efforts=efforts))
    assert [index for index, _pid in done] == list(range(12))  # in order, as before
    players = {pid for _index, pid in done}
    assert PARENT in players and len(players) == 2  # this process and one copy of it
    assert here() in {effort.worker for effort in efforts}
    assert len(by_worker(efforts)) == 2 and not threads_here(efforts)


def test_this_thread_plays_a_share_beside_the_dask_thread() -> None:
    began = {"here": threading.Event(), "there": threading.Event()}

    def chunk(index: int) -> tuple[int, str]:
        mine = "here" if threading.current_thread() is threading.main_thread() else "there"
        began[mine].set()
        if not began["there" if mine == "here" else "here"].wait(WAIT_SECONDS):
            raise AssertionError("the other thread played no chunk in the meantime")
        return index, threading.current_thread().name

    efforts: list[Effort] = []
    done = list(
        run_in_order(
            chunk, [(n,) for n in range(12)], cluster="local:2", without_gil=True, efforts=efforts
        )
    )
    assert [index for index, _name in done] == list(range(12))
    assert {name for _index, name in done} == {"MainThread", f"{THREAD_NAME}_0"}
    assert threads_here(efforts) and len(by_worker(efforts)) == 2


def _summary(chunks: Any) -> tuple[Any, ...]:
    summary = Summary(4)
    for chunk in chunks:
        summary.add_chunk(chunk)
    return summary.wins, summary.scores, summary.lengths, summary.tied_wins


@pytest.mark.parametrize("how", [{"workers": 2}, {"workers": 3}, {"cluster": "local:2"}], ids=str)
def test_kernel_runs_shared_with_this_process_give_the_serial_games(how: dict[str, Any]) -> None:
    """The guided chunks of a real run, shared between this process and its workers."""
    pytest.importorskip("numba")
    if "cluster" in how:
        pytest.importorskip("dask")
    game = spieltisch.load("madn")
    seats = ["random", "policy", "random", "policy"]
    alone = _summary(simulate_fast(game, seats, 6000, seed=11))
    assert _summary(simulate_fast(game, seats, 6000, seed=11, **how)) == alone
    assert _summary(simulate_fast(game, seats, 6000, seed=12, **how)) != alone


def test_the_summary_names_each_workers_cpu() -> None:
    """`simulate --workers 2`: the line under the summary gives one CPU figure per
    process that played (this one always, and its copy when it got a chunk)."""
    pytest.importorskip("numba")
    result = CliRunner(env={"COLUMNS": "200"}).invoke(
        app, ["simulate", "madn", "-n", "6000", "--engine", "fast", "--workers", "2"]
    )
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "CPU" in line)
    count = int(line.split()[0])
    assert count in (1, 2) and len(re.findall(r"\d s\b", line)) == count + 1, line  # + the wall
