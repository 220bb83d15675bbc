"""Rate limits: token buckets per account and per address, and what a flood is told."""

from __future__ import annotations

import asyncio

import pytest

from spieltisch.server.infra.limits import Buckets, Rate, RateLimiter, RateLimits
from spieltisch.server.infra.settings import Settings
from tests.server.client import Client
from tests.server.server_thread import ServerThread


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_rate_is_written_as_count_per_period() -> None:
    assert Rate.parse("40/10s") == Rate(40, 10.0)
    assert Rate.parse("12/min") == Rate(12, 60.0)
    assert Rate.parse(" 3 / 2 h ") == Rate(3, 7200.0)
    for bad in ("", "12", "12/", "0/1s", "5/0s", "5/1d", "-1/1s", "x/min"):
        with pytest.raises(ValueError, match="COUNT/PERIOD"):
            Rate.parse(bad)
    limits = RateLimits().with_rate("address:tables=5/min")
    assert limits.per_address["tables"] == Rate(5, 60.0)
    assert limits.per_account == RateLimits().per_account
    for bad in ("tables=5/min", "account:dance=5/min", "address:moves", "people:chat=1/s"):
        with pytest.raises(ValueError, match="account:ACTION=RATE"):
            RateLimits().with_rate(bad)


def test_limits_and_claims_reach_the_worker_processes() -> None:
    """`serve --workers N` hands its settings on as JSON; nothing may fall back to a
    default on the way."""
    limits = RateLimits().with_rate("account:chat=3/min").with_rate("address:moves=7/2s")
    settings = Settings("sqlite+aiosqlite:///x.db", rate_limits=limits, claim_after_seconds=42.0)
    again = Settings.from_json(settings.to_json())
    assert again == settings
    assert again.rate_limits is not None and again.rate_limits.per_account["chat"] == Rate(3, 60)
    none = Settings("sqlite+aiosqlite:///x.db", rate_limits=None)
    assert Settings.from_json(none.to_json()).rate_limits is None


def test_a_bucket_allows_its_burst_then_refills_evenly() -> None:
    clock = FakeClock()
    buckets = Buckets(clock=clock)
    rate = Rate(3, 6.0)  # three at once, then one every two seconds
    key = ("account", "1", "moves")
    assert [buckets.wait(key, rate) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.wait(key, rate) == pytest.approx(2.0)
    clock.now = 1.0
    assert buckets.wait(key, rate) == pytest.approx(1.0)
    clock.now = 2.0
    assert buckets.wait(key, rate) == 0.0
    clock.now = 100.0  # a long pause fills the bucket, never above its burst
    assert [buckets.wait(key, rate) for _ in range(4)][-1] > 0


def test_account_and_address_are_limited_separately_and_together() -> None:
    clock = FakeClock()
    limits = RateLimits(per_account={"chat": Rate(2, 60.0)}, per_address={"chat": Rate(3, 60.0)})
    limiter = RateLimiter(limits, Buckets(clock=clock))
    assert limiter.wait("chat", 1, "10.0.0.1") == 0
    assert limiter.wait("chat", 1, "10.0.0.1") == 0
    assert limiter.wait("chat", 1, "10.0.0.1") > 0  # the account's two are spent
    assert limiter.wait("chat", 2, "10.0.0.1") > 0  # the address's three are spent too
    assert limiter.wait("chat", 3, "10.0.0.2") == 0  # another address, another account
    assert limiter.wait("moves", 1, "10.0.0.1") == 0  # an action without a limit
    assert RateLimiter(None).wait("chat", 1, "10.0.0.1") == 0  # limits off


def test_forgotten_buckets_are_full_ones() -> None:
    buckets = Buckets(capacity=2)
    rate = Rate(1, 60.0)
    assert buckets.wait(("a", "1", "x"), rate) == 0
    assert buckets.wait(("a", "1", "x"), rate) > 0
    buckets.wait(("a", "2", "x"), rate)
    buckets.wait(("a", "3", "x"), rate)  # pushes the first key out
    assert buckets.wait(("a", "1", "x"), rate) == 0


def test_a_flood_of_tables_and_moves_is_refused_with_a_clear_word(server: ServerThread) -> None:
    # The buckets' time stands still but when the test moves it: a busy machine's slow
    # requests would refill them while the flood is still under way.
    clock = FakeClock()
    server.services.limiter.buckets.clock = clock

    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            body = {"game": "mabula", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}
            statuses = []
            for _ in range(RateLimits().per_account["tables"].burst + 1):
                answer = await ana.http.post(
                    "/api/tables", json=body, headers={"Accept-Language": "de"}
                )
                statuses.append(answer.status_code)
            assert statuses[:-1] == [201] * (len(statuses) - 1) and statuses[-1] == 429
            assert "Zu viele neue Tische" in answer.json()["detail"]
            assert int(answer.headers["Retry-After"]) >= 1
            listed = (await ana.http.get("/api/tables")).json()["tables"]
            table = next(t for t in listed if t["seats"][0]["account"] == ana.account["id"])
            await ana.post(f"/api/tables/{table['id']}/start")
            socket = await ana.socket(table["id"], lang="fr")
            state = await socket.state(lambda m: m["to_move"] == 0)
            burst = RateLimits().per_account["moves"].burst
            for _ in range(burst + 5):
                await socket.send({"type": "move", "seq": state["seq"], "move": "nowhere"})
            codes = [(await socket.next_of("error")) for _ in range(burst + 5)]
            limited = [e for e in codes if e["code"] == "rate_limited"]
            assert limited and "Trop de coups" in limited[0]["message"]
            assert all(e["code"] in ("illegal_move", "rate_limited") for e in codes)
            # Asking for the position counts too; once the bucket refilled, it is answered.
            clock.now += RateLimits().per_account["moves"].period
            await socket.send({"type": "sync", "last_seq": state["seq"]})
            assert (await socket.state())["seq"] == state["seq"]  # nothing was played
            await socket.close()

    asyncio.run(scenario())
