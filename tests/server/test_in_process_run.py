"""`in_process.run` ends a scenario as `asyncio.run` does, but a task that does not end
on cancel fails the test, named, after the deadline instead of holding the worker until
pytest's 900 s timeout (a train's test_rules_cost.py)."""

from __future__ import annotations

import asyncio

import pytest

from tests.server import in_process
from tests.server.in_process import run


async def stubborn() -> None:
    """Goes on waiting whenever it is cancelled."""
    while True:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            continue


def test_a_task_that_outlives_its_cancel_fails_the_test_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(in_process, "DEADLINE", 0.2)
    tasks: list[asyncio.Task[None]] = []

    async def scenario() -> None:
        tasks.append(asyncio.create_task(stubborn(), name="left-behind"))
        await asyncio.sleep(0)

    with pytest.raises(AssertionError, match=r"left-behind[\s\S]*stubborn"):
        run(scenario)


def test_a_task_that_ends_on_cancel_is_ended_as_asyncio_run_ends_it() -> None:
    ended: list[str] = []
    tasks: list[asyncio.Task[None]] = []

    async def waiting() -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            ended.append("cancelled")
            raise

    async def scenario() -> None:
        tasks.append(asyncio.create_task(waiting()))
        await asyncio.sleep(0)

    run(scenario)
    assert ended == ["cancelled"]


def test_a_scenarios_own_failure_is_the_one_reported() -> None:
    async def scenario() -> None:
        raise ValueError("the scenario's")

    with pytest.raises(ValueError, match="the scenario's"):
        run(scenario)
