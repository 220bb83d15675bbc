"""Issue 48's hostile audit on signing in and claiming: claims refused before hashing and
rate-limited, no targeted lockout, a password queue shared per client, and limits by
address that take an IPv6 /64 as one address. In-process on both backends."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from spieltisch.server.infra import passwords
from spieltisch.server.infra.addresses import address_group
from spieltisch.server.infra.limits import SIGNIN_CEILING, Buckets, Rate, RateLimiter, RateLimits
from spieltisch.server.infra.passwords import Busy, PasswordWork
from tests.server.addressed import an_app_at_addresses, client_at, guest_at
from tests.server.conftest import QUICK_HASHER
from tests.waiting import until


class Counting:
    """The quick hasher, counting its hashes and checks; held while `release` is clear."""

    def __init__(self) -> None:
        self.hashes = 0
        self.checks = 0
        self.release = threading.Event()
        self.release.set()

    def __getattr__(self, name: str) -> Any:
        """The quick hasher's cost (`time_cost`, ...), which the dummy hash copies."""
        return getattr(QUICK_HASHER, name)

    def hash(self, password: str) -> str:
        self.release.wait(30)
        self.hashes += 1
        return str(QUICK_HASHER.hash(password))

    def verify(self, password_hash: str, password: str) -> bool:
        self.release.wait(30)
        self.checks += 1
        return bool(QUICK_HASHER.verify(password_hash, password))


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> Counting:
    hasher = Counting()
    monkeypatch.setattr(passwords, "HASHER", hasher)
    return hasher


class Still:
    """A clock that moves only when the test moves it (a slow machine refills nothing)."""

    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_claimed_account_is_refused_before_any_hash_and_claims_are_limited(
    migrated_url: str, counting: Counting
) -> None:
    """The audit filled the shared hashing queue by claiming an account already claimed
    (hashed, then refused): now refused first, and limited like sign-ins."""

    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url) as app:
            app.state.services.limiter.buckets.clock = Still()
            ana, me = await guest_at(app, "10.0.0.1", "Ana")
            body = {"username": f"ana{me['id']}", "password": "correct horse"}
            counting.hashes = 0  # past the start's dummy hash
            answer = await ana.post("/api/session/claim", json=body)
            assert answer.status_code == 200
            ana.headers["Authorization"] = f"Bearer {answer.json()['token']}"
            assert counting.hashes == 1
            statuses = []
            burst = RateLimits().per_account["claims"].burst
            for attempt in range(burst + 1):
                again = {"username": f"other{me['id']}x{attempt}", "password": "x" * 12}
                statuses.append((await ana.post("/api/session/claim", json=again)).status_code)
            assert counting.hashes == 1  # not one more hash
            assert statuses == [409] * (burst - 1) + [429, 429]  # the first claim counted
            await ana.aclose()

    asyncio.run(scenario())


def test_wrong_passwords_from_elsewhere_never_lock_the_owner_out(
    migrated_url: str, counting: Counting
) -> None:
    """10 wrong passwords from any addresses made the owner's correct sign-in answer 429:
    now the limit is per (username, address), with a softer ceiling per username."""

    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url) as app:
            app.state.services.limiter.buckets.clock = Still()
            ana, me = await guest_at(app, "10.0.0.1", "Ana")
            name = f"ana{me['id']}"
            claimed = {"username": name, "password": "correct horse"}
            assert (await ana.post("/api/session/claim", json=claimed)).status_code == 200
            wrong = {"username": name, "password": "wrong guess"}
            mallory = client_at(app, "10.9.9.9")
            statuses = [
                (await mallory.post("/api/session/signin", json=wrong)).status_code
                for _ in range(12)
            ]
            assert statuses == [401] * 10 + [429, 429]
            owner = client_at(app, "10.0.0.1")
            answer = await owner.post("/api/session/signin", json=claimed)
            assert answer.status_code == 200, answer.text
            for client in (ana, mallory, owner):
                await client.aclose()

    asyncio.run(scenario())


def test_the_ceiling_per_username_holds_a_spread_guess_but_not_the_owner() -> None:
    limits = RateLimits()
    limiter = RateLimiter(limits, Buckets(clock=Still()))
    limiter.signed_in("ana", "10.0.0.1")  # the owner's machine signed in before
    pair = limits.per_account["signin"].burst
    spread = [limiter.sign_in_wait("ana", f"10.1.{n // 250}.{n % 250}") for n in range(999)]
    allowed = sum(1 for wait in spread if wait == 0)
    assert allowed == pair * SIGNIN_CEILING
    assert limiter.sign_in_wait("ana", "10.2.0.1") > 0  # a new address: the ceiling
    assert limiter.sign_in_wait("ana", "10.0.0.1") == 0  # the owner's: still in
    assert limiter.sign_in_wait("bob", "10.2.0.1") == 0  # another username: untouched


def test_one_client_cannot_fill_the_password_queue(counting: Counting) -> None:
    """24 clients of one attacker kept a victim's sign-in at 503: the queue is shared per
    client (address group) now."""

    async def scenario() -> None:
        work = PasswordWork(threads=1, queue=16)
        counting.release.clear()
        flood = [asyncio.ensure_future(work.hash(f"password {n}", "10.9.9.9")) for n in range(2)]
        await until(lambda: work._under_way == 2, what="the flood's two hashes under way")
        for _ in range(3):
            with pytest.raises(Busy):
                await work.check(None, "more", "10.9.9.9")
        victim = asyncio.ensure_future(work.check(None, "mine", "10.0.0.1"))
        await until(lambda: work._under_way == 3, what="the victim's check taken")
        counting.release.set()
        assert await victim is False
        await asyncio.gather(*flood)
        work.close()

    asyncio.run(scenario())


def test_an_ipv6_64_is_one_address() -> None:
    assert address_group("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::1") == "2001:db8:1:3::/64"
    assert address_group("::ffff:10.0.0.7") == "10.0.0.7"
    assert address_group("10.0.0.7") == "10.0.0.7"
    assert address_group("fe80::1%eth0") == "fe80::/64"
    assert address_group("testclient") == "testclient" and address_group(None) is None


def test_open_tables_from_one_ipv6_64_count_together(migrated_url: str, counting: Any) -> None:
    """130 guests and their open tables from one /64 were all accepted, and a person's
    open table dropped out of the lobby."""

    async def scenario() -> None:
        limits = RateLimits().with_rate("address:open_tables=5")
        async with an_app_at_addresses(migrated_url, rate_limits=limits) as app:
            statuses = []
            for n in range(6):
                client, _me = await guest_at(app, f"2001:db8:7:7::{n + 1:x}", f"G{n}")
                body = {"game": "mabula", "seats": [{"kind": "me"}, {"kind": "open"}]}
                statuses.append((await client.post("/api/tables", json=body)).status_code)
                await client.aclose()
            assert statuses == [201] * 5 + [429]
            other, _me = await guest_at(app, "2001:db8:7:8::1", "Elsewhere")
            body = {"game": "mabula", "seats": [{"kind": "me"}, {"kind": "open"}]}
            assert (await other.post("/api/tables", json=body)).status_code == 201
            await other.aclose()

    asyncio.run(scenario())


def test_a_rate_of_claims_can_be_changed() -> None:
    assert RateLimits().with_rate("account:claims=3/min").per_account["claims"] == Rate(3, 60.0)
