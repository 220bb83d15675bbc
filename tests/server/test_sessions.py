"""Sessions that end: sign-out revokes the token, claiming rotates it, idle sessions
expire; sign-in is rate limited and ignores the case of usernames; the WebSocket refuses
what REST refuses (issue 35, Medium 5 and 6, and the bot's findings)."""

from __future__ import annotations

import asyncio
import datetime as dt
import uuid

import pytest
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed

from spieltisch.server.infra.auth import SEEN_EVERY, Sessions
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, AccountSession
from tests.server.client import Client
from tests.server.server_thread import ServerThread


async def _me(client: Client, token: str) -> int:
    answer = await client.http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    return answer.status_code


async def _closed_with(client: Client, table: str, seat: int | None = None) -> tuple[int, str]:
    socket = await (client.socket(table) if seat is None else client.socket(table, seat=seat))
    with pytest.raises(ConnectionClosed) as closed:
        await socket.next_of("state", timeout=10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_signing_out_ends_the_token_for_rest_and_websocket(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as cookieless:
            account = await ana.guest("Ana")
            token = str(account["token"])
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            assert await _me(cookieless, token) == 200
            answer = await cookieless.http.post(
                "/api/session/signout", headers={"Authorization": f"Bearer {token}"}
            )
            assert answer.status_code == 204
            assert await _me(cookieless, token) == 401
            cookieless.account = {"token": token}
            code, reason = await _closed_with(cookieless, table["id"])
            assert code == 4401 and "sign in again" in reason
            # A forged token is refused the same way (REST: 401).
            cookieless.account = {"token": token[:-3] + "abc"}
            assert await _me(cookieless, token[:-3] + "abc") == 401
            assert (await _closed_with(cookieless, table["id"]))[0] == 4401

    asyncio.run(scenario())


def test_claiming_rotates_the_token_and_usernames_ignore_case(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            guest = await ana.guest("Ana")
            name = f"Ana{uuid.uuid4().hex[:8]}"
            claimed = await ana.post(
                "/api/session/claim", {"username": name, "password": "correct horse"}
            )
            assert claimed["token"] and claimed["token"] != guest["token"]
            assert await _me(bob, str(guest["token"])) == 401  # the guest's token ended
            assert await _me(bob, str(claimed["token"])) == 200
            assert (await ana.http.get("/api/me")).status_code == 200  # the new cookie
            await bob.guest("Bob")
            taken = await bob.http.post(
                "/api/session/claim", json={"username": name.upper(), "password": "12345678"}
            )
            assert taken.status_code == 409 and "taken" in taken.json()["detail"]
            signed = await bob.post(
                "/api/session/signin", {"username": name.lower(), "password": "correct horse"}
            )
            assert signed["id"] == guest["id"]

    asyncio.run(scenario())


def test_sign_in_attempts_are_limited_per_username(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as mallory:
            await ana.guest("Ana")
            name = f"ana{uuid.uuid4().hex[:8]}"
            await ana.post("/api/session/claim", {"username": name, "password": "correct horse"})
            statuses = []
            for _attempt in range(12):
                answer = await mallory.http.post(
                    "/api/session/signin", json={"username": name, "password": "wrong guess"}
                )
                statuses.append(answer.status_code)
            assert statuses[:10] == [401] * 10 and statuses[10:] == [429, 429]
            assert int(answer.headers["Retry-After"]) >= 1
            assert "sign-in attempts" in answer.json()["detail"]

    asyncio.run(scenario())


def test_a_seat_not_held_is_refused_on_the_websocket(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            code, reason = await _closed_with(bob, table["id"], seat=0)
            assert code == 4403 and "seat 0" in reason
            mine = await ana.socket(table["id"], seat=0)
            assert (await mine.state())["seat"] == 0
            await mine.close()

    asyncio.run(scenario())


def test_an_idle_session_ends_and_a_used_one_is_marked_seen(database_url: str) -> None:
    async def scenario() -> None:
        await asyncio.to_thread(upgrade, database_url)
        database = Database(database_url)
        sessions = Sessions("k" * 48, False, database, idle=3600 * 24)
        async with database.session() as session:
            account = Account(name="Ana")
            session.add(account)
            await session.commit()
        idle = await sessions.open(account.id)
        await _age_sessions(database, dt.timedelta(days=2))
        used = await sessions.open(account.id)
        assert await sessions.account_of(idle) is None
        assert await sessions.account_of(used) == account.id
        async with database.session() as session:
            assert len(list((await session.execute(select(AccountSession))).scalars())) == 1
        await _age_sessions(database, dt.timedelta(seconds=SEEN_EVERY + 60))
        assert await sessions.account_of(used) == account.id
        async with database.session() as session:
            row = (await session.execute(select(AccountSession))).scalar_one()
            seen = row.seen_at if row.seen_at.tzinfo else row.seen_at.replace(tzinfo=dt.UTC)
            assert dt.datetime.now(dt.UTC) - seen < dt.timedelta(seconds=60)
        await database.close()

    asyncio.run(scenario())


async def _age_sessions(database: Database, by: dt.timedelta) -> None:
    """Every session last used `by` ago."""
    async with database.session() as session:
        for row in (await session.execute(select(AccountSession))).scalars():
            row.seen_at = dt.datetime.now(dt.UTC) - by
        await session.commit()
