"""A hostile pass over the club registry and seasons (after issue 48): a one-time link
code used by several accounts at once, guessed without limit, a member number too
large for SQLite (500), and two requests at once adding a season's evening or making
the hall screen's first choice (500). In-process, both backends."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from spieltisch.server.infra.limits import RateLimits
from tests.server.addressed import an_app_at_addresses, guest_at
from tests.server.in_process import run


async def ok(answer: httpx.Response, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    return answer.json()


def test_a_link_code_links_one_account_however_many_claim_it_at_once(
    migrated_url: str,
) -> None:
    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url, rate_limits=None) as app:
            boss, _me = await guest_at(app, "10.0.0.1", "Boss")
            club = (await ok(await boss.post("/api/clubs", json={"name": "Club"}), 201))["id"]
            await ok(await boss.post(f"/api/clubs/{club}/members", json={"name": "Bea"}))
            code = (await ok(await boss.post(f"/api/clubs/{club}/members/1/code")))["code"]
            claimers = [(await guest_at(app, f"10.0.1.{n}", f"G{n}"))[0] for n in range(6)]
            answers = await asyncio.gather(
                *[one.post("/api/clubs/link", json={"code": code}) for one in claimers]
            )
            assert sorted(a.status_code for a in answers) == [200] + [409] * 5
            winner = next(a for a in answers if a.status_code == 200)
            members = (await ok(await boss.get(f"/api/clubs/{club}")))["members"]
            linked = [m["account"] for m in members if m["account"] is not None]
            assert len(linked) == 1 and winner.json()["member"] == 1
            for client in (boss, *claimers):
                await client.aclose()

    run(scenario)


def test_link_codes_are_not_guessed_without_limit(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url) as app:
            mallory, _me = await guest_at(app, "10.0.0.9", "Mallory")
            burst = RateLimits().per_account["claims"].burst
            statuses = [
                (
                    await mallory.post("/api/clubs/link", json={"code": f"AAAAAA-{n:06X}"})
                ).status_code
                for n in range(burst + 1)
            ]
            assert statuses[:burst] == [409] * burst and statuses[-1] == 429
            await mallory.aclose()

    run(scenario)


def test_a_huge_member_number_is_a_clear_refusal(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url, rate_limits=None) as app:
            boss, _me = await guest_at(app, "10.0.0.1", "Boss")
            club = (await ok(await boss.post("/api/clubs", json={"name": "Club"}), 201))["id"]
            huge = 10**22
            for path in (f"members/{huge}/forget", f"members/{huge}/code"):
                answer = await boss.post(f"/api/clubs/{club}/{path}")
                assert answer.status_code == 422, (path, answer.text)
            entered = await boss.post(
                f"/api/clubs/{club}/members/{huge}/enter", json={"tournament": "x"}
            )
            assert entered.status_code == 422
            await boss.aclose()

    run(scenario)


def test_the_same_evening_added_twice_at_once_is_one_evening_and_a_conflict(
    migrated_url: str,
) -> None:
    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url, rate_limits=None) as app:
            boss, _me = await guest_at(app, "10.0.0.1", "Boss")
            club = (await ok(await boss.post("/api/clubs", json={"name": "Club"}), 201))["id"]
            season = await ok(
                await boss.post(f"/api/clubs/{club}/seasons", json={"name": "S", "best": 2}), 201
            )
            body = {"name": "Evening", "rounds": 1, "round_minutes": None}
            tid = (await ok(await boss.post("/api/tournaments", json=body), 201))["id"]
            path = f"/api/seasons/{season['id']}/evenings"
            answers = await asyncio.gather(
                *[boss.post(path, json={"tournament": tid}) for _ in range(4)]
            )
            assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
            evenings = (await ok(await boss.get(f"/api/seasons/{season['id']}")))["evenings"]
            assert [e["tournament"] for e in evenings] == [tid]
            hall = f"/api/tournaments/{tid}/hall"
            chosen = await asyncio.gather(
                *[boss.post(hall, json={"view": "where", "seconds": 5 + n}) for n in range(4)]
            )
            assert [a.status_code for a in chosen] == [204] * 4
            await boss.aclose()

    run(scenario)
