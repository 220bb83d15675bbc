"""Reviews in the server: a finished game analysed in the worker pool once, with progress;
one analysis per game at a time; a stopped one taken over; the page's data in its language."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import update

from spieltisch.agents import Budget
from spieltisch.core.palette import SCREEN
from spieltisch.review import VERDICTS, review_game
from spieltisch.review.game import plan_review
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.services import reviews as reviews_module
from spieltisch.server.services.reviews import BATCH, Reviews
from spieltisch.store import Database, GameReviewRow, upgrade
from tests.review.test_outputs import mabula_record
from tests.server.client import Client
from tests.server.server_thread import ServerThread
from tests.waiting import until_value


def test_the_replay_page_review_runs_once_and_speaks_the_asked_language(
    server: ServerThread,
) -> None:
    record = mabula_record()

    async def scenario() -> None:
        async with Client(server.url) as viewer:
            uploaded = await viewer.post("/api/records", record, 201)
            url = f"{uploaded['url']}/review"
            assert (await viewer.http.get(url)).json()["status"] == "none"
            started = await viewer.post(url, None, 202)
            assert started["status"] in ("running", "done")
            seen: list[dict[str, Any]] = [started]

            async def asked() -> dict[str, Any]:
                seen.append((await viewer.http.get(url)).json())
                return seen[-1]

            done = await until_value(asked, lambda a: a["status"] != "running", 120, "review")
            assert done["status"] == "done", done
            decisions = sorted(plan_review(record).positions)
            assert done["done"] == done["total"] == len(decisions)
            progress = [answer["done"] for answer in seen]
            assert progress == sorted(progress)  # it only goes forward
            page = done["review"]
            assert [step["index"] for step in page["steps"]] == decisions
            assert {step["verdict"] for step in page["steps"]} <= set(VERDICTS)
            assert all(0 <= step["played"] <= step["best"] + 1e-9 for step in page["steps"])
            assert page["graph_svg"].startswith("<svg") and "Ada" in page["graph_svg"]
            assert [seat["name"] for seat in page["seats"]] == ["White · Ada", "Black · Bo"]
            assert [seat["colour"] for seat in page["seats"]] == [
                SCREEN["white"],
                SCREEN["black"],
            ]  # the colours of the marbles
            # the same review as `spieltisch review` with the server's budget (20)
            local = review_game(record, budget=Budget.parse("20"))
            assert [s["best_move"] for s in page["steps"]] == [
                s.analysis.best.move for s in local.decisions() if s.analysis
            ]
            german = (await viewer.http.get(url, params={"lang": "de"})).json()["review"]
            assert german["verdicts"]["fine"] == "gut"
            assert german["steps"][0]["words"] != page["steps"][0]["words"]
            # the same game uploaded again has its review at once: it was kept
            again = await viewer.post("/api/records", record, 201)
            kept = (await viewer.http.get(f"{again['url']}/review")).json()
            assert kept["status"] == "done" and kept["review"]["steps"] == page["steps"]
            # only finished games; only known languages
            early = dict(record, history=record["history"][:5], result=None)
            unfinished = await viewer.post("/api/records", early, 201)
            refused = await viewer.http.post(f"{unfinished['url']}/review")
            assert refused.status_code == 409 and "finished" in refused.json()["detail"]
            wrong = await viewer.http.get(url, params={"lang": "xx"})
            assert wrong.status_code == 422 and "de, en, fr" in wrong.text
            missing = await viewer.http.get("/api/records/nothing-here/review")
            assert missing.status_code == 404

    asyncio.run(scenario())


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The parts rated in the pool, as lists of history indices."""
    parts: list[list[int]] = []
    original = reviews_module.rate_part

    def counting(record: dict[str, Any], indices: list[int], *rest: Any) -> list[list[Any]]:
        parts.append(list(indices))
        time.sleep(0.05)  # long enough for a second request to arrive while it runs
        return original(record, indices, *rest)

    monkeypatch.setattr(reviews_module, "rate_part", counting)
    return parts


async def _finished(service: Reviews, record: dict[str, Any]) -> GameReviewRow:
    async def row() -> GameReviewRow:
        found = await service.find(record)
        assert found is not None
        return found

    return await until_value(row, lambda found: found.status != "running", 120, "the review")


def test_one_analysis_per_game_at_a_time_and_a_stopped_one_is_taken_over(
    database_url: str, counted: list[list[int]]
) -> None:
    record = dict(mabula_record())
    decisions = sorted(plan_review(record).positions)
    upgrade(database_url)

    async def scenario() -> None:
        database = Database(database_url)
        pool = WorkerPool(1, processes=False)
        service = Reviews(database, pool, budget="10")
        try:
            first, second = await asyncio.gather(service.start(record), service.start(record))
            assert first.owner == second.owner  # one attempt, whoever asked
            row = await _finished(service, record)
            assert row.status == "done" and row.done == row.total == len(decisions)
            assert sorted(i for part in counted for i in part) == decisions  # each once
            assert all(len(part) <= BATCH for part in counted)
            rated = len(counted)
            assert (await service.start(record)).status == "done"
            assert len(counted) == rated  # kept, not computed again

            # another process's attempt that is alive is left alone ...
            async with database.session() as session:
                await session.execute(
                    update(GameReviewRow)
                    .where(GameReviewRow.key == service.key(record))
                    .values(status="running", owner="elsewhere", updated_at=datetime.now(UTC))
                )
                await session.commit()
            assert (await service.start(record)).owner == "elsewhere"
            await asyncio.sleep(0.2)  # a time in which nothing may happen, not a wait
            assert len(counted) == rated
            # ... one that stopped updating (its process died) is taken over
            async with database.session() as session:
                long_ago = datetime.now(UTC) - reviews_module.STALE - timedelta(seconds=5)
                await session.execute(
                    update(GameReviewRow)
                    .where(GameReviewRow.key == service.key(record))
                    .values(updated_at=long_ago)
                )
                await session.commit()
            taken = await service.start(record)
            assert taken.owner != "elsewhere" and taken.status == "running"
            assert (await _finished(service, record)).status == "done"
            assert len(counted) > rated
        finally:
            await service.close()
            pool.close()
            await database.close()

    asyncio.run(scenario())


def test_a_failed_review_says_why_and_is_tried_again(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = dict(mabula_record())
    upgrade(database_url)
    original = reviews_module.rate_part

    def broken(*args: Any) -> list[list[Any]]:
        raise RuntimeError("the search ran out of memory")

    async def scenario() -> None:
        database = Database(database_url)
        pool = WorkerPool(1, processes=False)
        service = Reviews(database, pool, budget="10")
        try:
            monkeypatch.setattr(reviews_module, "rate_part", broken)
            await service.start(record)
            failed = await _finished(service, record)
            assert failed.status == "failed" and "out of memory" in (failed.error or "")
            monkeypatch.setattr(reviews_module, "rate_part", original)
            await service.start(record)
            assert (await _finished(service, record)).status == "done"
        finally:
            await service.close()
            pool.close()
            await database.close()

    asyncio.run(scenario())
