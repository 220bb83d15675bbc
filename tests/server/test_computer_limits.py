"""Limits that keep computer players' time for the tables people play at: tables of
computers only per account, reviews asked for per account and address; and the review
routes refuse in the request's language (issue 35, Medium 8 in part, Low)."""

from __future__ import annotations

import asyncio

from spieltisch.server.services.new_tables import MAX_COMPUTER_TABLES
from tests.server.client import Client
from tests.server.servers import ServerProcess

COMPUTERS = [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]


def test_an_account_has_few_unfinished_tables_of_computers_only(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            for _table in range(MAX_COMPUTER_TABLES):
                await ana.create("mabula", COMPUTERS)
            refused = await ana.http.post(
                "/api/tables", json={"game": "mabula", "seats": COMPUTERS}
            )
            assert refused.status_code == 429 and "computers only" in refused.json()["detail"]
            await ana.create("mabula", [{"kind": "me"}, *COMPUTERS[1:]])  # with a person: fine

    asyncio.run(scenario())


def test_reviews_are_rate_limited_and_refuse_in_the_requests_language(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            unfinished = {
                "format": "spieltisch-record/1",
                "game": "mabula",
                "options": {"players": 2},
                "players": ["A", "B"],
                "history": [],
                "result": None,
            }
            uploaded = await ana.post("/api/records", unfinished, 201)
            german = await ana.http.post(
                f"{uploaded['url']}/review?lang=xx", headers={"Accept-Language": "de"}
            )
            assert german.status_code == 422 and "Unbekannte Sprache" in german.json()["detail"]
            statuses = [
                (await ana.http.post(f"{uploaded['url']}/review")).status_code for _ in range(7)
            ]
            assert statuses[:6] == [409] * 6 and statuses[6] == 429

    asyncio.run(scenario())
