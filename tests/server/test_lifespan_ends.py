"""The app's lifespan ends with every task it started stopped (stop 52: tests hung 900 s
in `asyncio.run`'s clean-up after their last request — a background task cancelled but
not awaited went on rolling back after the database had closed)."""

from __future__ import annotations

import asyncio

import pytest

from spieltisch.server.services.outbox import Sender
from tests.server.in_process import an_app, run


def test_no_task_of_the_app_outlives_its_lifespan(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stopped: list[str] = []

    async def slow_to_stop(self: Sender) -> None:
        """A sender that needs the loop a few more times once cancelled, as a rollback does."""
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            for _ in range(5):
                await asyncio.sleep(0)
            stopped.append("sender")
            raise

    async def scenario() -> None:
        async with an_app(url) as (client, _services):
            assert (await client.get("/api/session")).status_code == 200
        assert stopped == ["sender"]
        assert asyncio.all_tasks() == {asyncio.current_task()}

    monkeypatch.setattr(Sender, "keep_sending", slow_to_stop)
    run(scenario)
