"""The notices of a turn-based table across server processes on PostgreSQL (issue 43): a
vacation taken through one process, a time bank used and a clock run out at the process
holding the table, each shown live to the pages connected to the other process (news
after the commit, read back there: `table/hearing.py`); the alerts and emails only from
the process that acted."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.table.events import (
    ClockRanOut,
    Event,
    NoticesFollowed,
    TimeBankUsed,
)
from spieltisch.server.table.room import Room
from tests.server.client import Client
from tests.server.in_process import Now, an_app, connect, guest, run, told, until
from tests.server.servers import ServerProcess, drop_postgres_database, new_postgres_database
from tests.server.tables import started_table
from tests.server.turn_tables import DAY, person_to_move


def test_a_bank_and_a_clock_run_out_at_the_holder_are_told_live_at_the_other(
    postgres: str, migrated_postgres: str
) -> None:
    """Two apps in this process on one PostgreSQL database, each with its own cluster
    (LISTEN/NOTIFY for real), the days passing on a clock the test moves."""
    url = new_postgres_database(postgres, migrated_postgres)

    async def scenario() -> None:
        now = Now()
        never = {"now": now, "turn_check_seconds": 3600.0}  # the test sweeps itself
        async with an_app(url, **never) as (a, first), an_app(url, **never) as (_b, second):
            heard: dict[int, list[Event]] = {id(first): [], id(second): []}
            for services in (first, second):
                kept = heard[id(services)]

                def hear(_room: Room, events: Sequence[Event], kept: list[Event] = kept) -> None:
                    kept.extend(events)

                services.runtime.publisher.subscribers.append(hear)
            people = []
            for name in ("Ana", "Bob"):
                people.append(await guest(a, name))
                a.cookies.clear()
            clock = {"mode": "turn", "days": 1, "bank_hours": 12, "on_timeout": "computer"}
            made = await a.post(
                "/api/tables", json={"game": "mabula", "clock": clock}, headers=people[0][1]
            )
            assert made.status_code == 201, made.text
            table = made.json()["id"]
            await a.post(f"/api/tables/{table}/join", json={}, headers=people[1][1])
            await a.post(f"/api/tables/{table}/start", headers=people[0][1])
            await until(
                lambda: first.runtime.cluster.owns(table) or second.runtime.cluster.owns(table),
                what="a process holding the table",
            )
            owner, other = (first, second) if first.runtime.cluster.owns(table) else (second, first)
            room = await owner.runtime.room(table)
            seat = await person_to_move(owner.runtime, room)
            there = await other.runtime.room(table)
            watcher = connect(other.runtime, there, None, "de")
            seen: list[dict[str, Any]] = []

            def kinds() -> list[str]:
                seen.extend(m for m in told(watcher) if m["type"] == "notice")
                return [m["kind"] for m in seen]

            now.advance(DAY + 60)  # the move's day is over: the bank runs
            assert await owner.runtime.turns.sweep() == [table]
            await until(lambda: kinds() == ["bank"], what="the bank told at the other process")
            assert seen[0]["seat"] == seat and "Zeitkonto" in seen[0]["words"]
            now.advance(12 * 3600)  # the bank is gone too
            assert await owner.runtime.turns.sweep() == [table]
            await until(lambda: kinds() == ["bank", "ran_out"], what="the clock ran out, told")
            assert "Computer" in seen[1]["words"]
            # Told there, acted on here only: the notifications' subscribers heard the
            # notices themselves at the holder alone.
            acted = (TimeBankUsed, ClockRanOut)
            # (the other process may hear the news before the holder's own subscribers run)
            await until(
                lambda: [type(e) for e in heard[id(owner)] if isinstance(e, acted)] == list(acted),
                what="the holder's subscribers heard the bank and the clock run out",
            )
            assert not [e for e in heard[id(other)] if isinstance(e, acted)]
            followed = [e for e in heard[id(other)] if isinstance(e, NoticesFollowed)]
            assert [n.kind for e in followed for n in e.notices] == ["bank", "ran_out"]

    try:
        run(scenario)
    finally:
        drop_postgres_database(url)


@pytest.fixture
def two_servers(postgres: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = new_postgres_database(postgres)
    servers = (ServerProcess(url, tmp_path / "a"), ServerProcess(url, tmp_path / "b"))
    for server in servers:
        server.folder.mkdir()
        server.start()
    yield servers
    for server in servers:
        server.stop()
    drop_postgres_database(url)


def test_a_vacation_taken_through_one_process_shows_live_on_a_page_of_the_other(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers

    async def scenario() -> None:
        async with Client(a.url) as ana, Client(b.url) as bob:
            clock = {"mode": "turn", "days": 2}
            table = await started_table(ana, bob, clock=clock)
            bobs = await bob.socket(table, lang="de")  # at B
            await bobs.state()
            taken = await ana.post("/api/me/vacation", {"days": 3})  # through A
            assert taken["until"]
            notice = await bobs.receive(lambda m: m["type"] == "notice", timeout=30)
            assert notice["kind"] == "vacation" and notice["seat"] == 0
            assert notice["words"].startswith("Ana ist bis ") and "Urlaub" in notice["words"]
            # The same notice from the log when Bob opens the table again at B.
            again = await bob.socket(table, lang="de")
            stored = await again.receive(lambda m: m["type"] == "notice", timeout=30)
            assert (stored["kind"], stored["seq"], stored["words"]) == (
                "vacation",
                notice["seq"],
                notice["words"],
            )

    asyncio.run(scenario())
