"""The notices of a turn-based table across server processes on PostgreSQL (issue 43): a
vacation taken through one process, a time bank used and a clock run out at the process
holding the table, each shown live to the pages connected to the other process (news
after the commit, read back there: `table/hearing.py`); the alerts and emails only from
the process that acted. The other process shows the holder's clock too, and a move made
through it counts the vacation as the holder does (it works the deadline out from the
database: `Turns.follow`)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.table.events import ClockRanOut, NoticesFollowed, TimeBankUsed
from tests.server.client import Client
from tests.server.in_process import Now, connect, run, told, until
from tests.server.servers import ServerProcess, drop_postgres_database, new_postgres_database
from tests.server.tables import started_table
from tests.server.turn_tables import DAY, a_table_at_two_apps, move, person_to_move


def test_a_bank_and_a_clock_run_out_at_the_holder_are_told_live_at_the_other(
    postgres: str, migrated_postgres: str
) -> None:
    """Two apps in this process on one PostgreSQL database, the days passing on a clock
    the test moves."""
    url = new_postgres_database(postgres, migrated_postgres)

    async def scenario() -> None:
        now = Now()
        clock = {"mode": "turn", "days": 1, "bank_hours": 12, "on_timeout": "computer"}
        async with a_table_at_two_apps(url, now, clock) as two:
            owner, other, table = two.owner, two.other, two.table
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
                lambda: [type(e) for e in owner.heard if isinstance(e, acted)] == list(acted),
                what="the holder's subscribers heard the bank and the clock run out",
            )
            assert not [e for e in other.heard if isinstance(e, acted)]
            followed = [e for e in other.heard if isinstance(e, NoticesFollowed)]
            assert [n.kind for e in followed for n in e.notices] == ["bank", "ran_out"]

    try:
        run(scenario)
    finally:
        drop_postgres_database(url)


def test_a_deadline_moved_by_a_vacation_is_shown_by_the_process_that_follows_the_table(
    postgres: str, migrated_postgres: str
) -> None:
    """Only the process holding the table works the deadline out, stores and tells it; a
    page at the other process shows it all the same: that process works it out too, from
    the database (the vacations read again when told the table changed). A vacation taken
    through the holder, then ended early through the other."""
    url = new_postgres_database(postgres, migrated_postgres)

    async def scenario() -> None:
        now = Now()
        async with a_table_at_two_apps(url, now, {"mode": "turn", "days": 2}) as two:
            room = await two.owner.runtime.room(two.table)
            seat = await person_to_move(two.owner.runtime, room)
            headers = two.people[seat][1]
            there = await two.other.runtime.room(two.table)
            watcher = connect(two.other.runtime, there, None)
            clock: dict[str, Any] = {}

            def shown() -> dict[str, Any]:
                for message in told(watcher):
                    if message["type"] == "state":
                        clock.update(message["clock"])
                return clock

            def the_holders(vacation_ms: float | None) -> bool:
                """The other's page shows the holder's deadline and vacation."""
                told_ = room.told
                if told_ is None or told_[0] != room.seq or shown().get("deadline") is None:
                    return False
                there_ends = datetime.fromisoformat(clock["deadline"]).timestamp()
                return (
                    abs(there_ends - told_[1]) < 1
                    and clock["running"] == seat
                    and (
                        clock["vacation_ms"] == vacation_ms
                        if vacation_ms is None or clock["vacation_ms"] is None
                        else abs(clock["vacation_ms"] - vacation_ms) < 2000
                    )
                )

            await until(lambda: the_holders(None), what="the holder's deadline shown there")
            before = room.told
            assert before is not None
            taken = await two.owner.client.post(
                "/api/me/vacation", json={"days": 3}, headers=headers
            )
            assert taken.status_code == 200, taken.text
            assert room.told is not None and room.told[1] == pytest.approx(before[1] + 3 * DAY)
            await until(lambda: the_holders(3 * DAY * 1000), what="the vacation shown there")
            left = clock["time_left_ms"][seat] - clock["vacation_ms"]
            assert left == pytest.approx(2 * DAY * 1000, abs=2000)  # standing still
            now.advance(DAY)
            ended = await two.other.client.delete("/api/me/vacation", headers=headers)
            assert ended.status_code == 200, ended.text
            await until(
                lambda: room.told is not None and room.told[1] == pytest.approx(before[1] + DAY),
                what="the holder's deadline back",
            )
            await until(lambda: the_holders(None), what="the vacation's end shown there")
            assert clock["time_left_ms"][seat] == pytest.approx(2 * DAY * 1000, abs=2000)

    try:
        run(scenario)
    finally:
        drop_postgres_database(url)


def test_a_move_through_the_process_that_follows_the_table_keeps_the_bank_on_vacation(
    postgres: str, migrated_postgres: str
) -> None:
    """Two days of a three-day vacation pass, then the person moves through the process
    that does not hold the table: the vacation's days do not count against their time
    bank (before, that process did not know the vacation: the bank was spent to 0)."""
    url = new_postgres_database(postgres, migrated_postgres)

    async def scenario() -> None:
        now = Now()
        clock = {"mode": "turn", "days": 1, "bank_hours": 12}
        async with a_table_at_two_apps(url, now, clock) as two:
            room = await two.owner.runtime.room(two.table)
            seat = await person_to_move(two.owner.runtime, room)
            bank = room.seats[seat].time_left_ms
            assert bank == 12 * 3600 * 1000
            there = await two.other.runtime.room(two.table)
            taken = await two.owner.client.post(
                "/api/me/vacation", json={"days": 3}, headers=two.people[seat][1]
            )
            assert taken.status_code == 200, taken.text
            assert room.told is not None
            moved = room.told[1]
            await until(
                lambda: there.turn_deadline() == pytest.approx(moved, abs=1),
                what="the vacation known at the other process",
            )
            now.advance(2 * DAY)
            seq = there.seq
            await move(two.other.runtime, there, seat)
            kept = there.seats[seat].time_left_ms
            assert kept is not None and kept >= bank
            await until(lambda: room.seq > seq, what="the move at the holder")
            assert room.seats[seat].time_left_ms == kept

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
