"""A parallel run reports the CPU each worker spent, so a person sees when the workers
shared one core (issue 46)."""

from __future__ import annotations

import time

import pytest
from typer.testing import CliRunner

from spieltisch.cli.app import app
from spieltisch.cli.effort import workers_line
from spieltisch.core.i18n import language
from spieltisch.sim.effort import Effort, busy_cores, by_worker, here
from spieltisch.sim.executors import run_in_order


def spin(seconds: float) -> float:
    """Burn CPU for about `seconds` (a worker's task in these tests)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return seconds


def test_workers_report_their_cpu_per_task() -> None:
    efforts: list[Effort] = []
    results = list(run_in_order(spin, [(0.05,), (0.1,), (0.05,)], workers=2, efforts=efforts))
    assert results == [0.05, 0.1, 0.05]  # in order, as before
    assert len(efforts) == 3
    assert all(effort.cpu >= 0.04 for effort in efforts)
    assert 1 <= len(by_worker(efforts)) <= 2
    assert sum(by_worker(efforts)) == pytest.approx(sum(e.cpu for e in efforts))


def test_one_process_reports_nothing() -> None:
    efforts: list[Effort] = []
    assert list(run_in_order(spin, [(0.01,)], workers=1, efforts=efforts)) == [0.01]
    assert efforts == []


def test_the_line_says_each_workers_cpu_and_when_the_machine_was_shared() -> None:
    efforts = [Effort("a", 3.0), Effort("b", 3.0), Effort("a", 3.1)]
    assert busy_cores(efforts, 7.7) == pytest.approx(9.1 / 7.7)
    free = workers_line([Effort("a", 6.1), Effort("b", 6.0)], 7.7)
    assert free == "2 workers: CPU 6.1 s, 6.0 s in 7.7 s, 1.6 cores busy"
    shared = workers_line([Effort("a", 6.1), Effort("b", 6.0)], 12.5)
    assert "1.0 cores busy" in shared and "other work shared the machine" in shared
    with language("de"):
        german = workers_line([Effort("a", 6.1), Effort("b", 6.0)], 7.7)
    assert "CPU 6,1 s, 6,0 s in 7,7 s, 1,6 Kerne" in german


def test_the_line_says_threads_when_they_were_threads_of_this_process() -> None:
    threads = [Effort(f"{here()}/spieltisch-thread_0", 6.1), Effort(f"{here()}/t_1", 6.0)]
    assert workers_line(threads, 7.7) == "2 threads: CPU 6.1 s, 6.0 s in 7.7 s, 1.6 cores busy"
    assert "fewer free cores than threads" in workers_line(threads, 12.5)
    with language("de"):
        assert workers_line(threads, 7.7).startswith("2 Threads: CPU 6,1 s")
    with language("fr"):
        assert workers_line(threads[:1], 7.7).startswith("1 fil d’exécution\u202f: CPU 6,1")
    # a worker process's thread elsewhere (a Dask worker) is a worker
    elsewhere = [Effort("otherhost:1/ThreadPoolExecutor-0_0", 6.1), Effort("otherhost:2/x", 6.0)]
    assert workers_line(elsewhere, 7.7).startswith("2 workers: CPU")


def test_simulate_prints_the_workers_line() -> None:
    pytest.importorskip("numba")
    result = CliRunner(env={"COLUMNS": "200"}).invoke(
        app, ["simulate", "mabula", "-n", "4000", "--engine", "fast", "--workers", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "workers: CPU" in result.output or "1 worker: CPU" in result.output


def test_analyse_prints_the_workers_line(tmp_path: object) -> None:
    pytest.importorskip("numba")
    pytest.importorskip("matplotlib")
    result = CliRunner(env={"COLUMNS": "200"}).invoke(
        app, ["analyse", "mabula", "-n", "4000", "--workers", "2", "--out", f"{tmp_path}/r"]
    )
    assert result.exit_code == 0, result.output
    assert "workers: CPU" in result.output or "1 worker: CPU" in result.output


def test_simulate_on_local_threads_says_threads() -> None:
    pytest.importorskip("numba")
    pytest.importorskip("dask")
    result = CliRunner(env={"COLUMNS": "200"}).invoke(
        app, ["simulate", "mabula", "-n", "4000", "--engine", "fast", "--cluster", "local:2"]
    )
    assert result.exit_code == 0, result.output
    assert "threads: CPU" in result.output or "1 thread: CPU" in result.output
