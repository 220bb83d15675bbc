"""Notifications at a real turn-based table (the turn-based clocks' own events, days
passing on a clock the test moves): the person to move is told it is their turn once,
reminded 4 h and 1 h before a one-day move runs out, and told when the computer played
that turn for them; a vacation ended early brings the deadline back and its reminders
with it; each email through a real SMTP server, each once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from spieltisch.server.infra.notify_tokens import LinkTokens
from spieltisch.server.infra.settings import Settings
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.services.outbox import Sender
from spieltisch.server.services.table_notices import TableNotices
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.notify import ContactRow
from spieltisch.store.turns import end_vacation, take_vacation
from tests.server.in_process import Now, connect, run, told, until
from tests.server.mailbox import Mailbox, mailbox
from tests.server.turn_tables import DAY, a_runtime, made_table, person_to_move

SEATS = [
    SeatIn(kind="me"),
    SeatIn(kind="open"),
    SeatIn(kind="open"),
    SeatIn(kind="ai", level="easy"),
]
STEP = 1200.0
REMINDERS = ("4 hours left for your move at Mahé", "1 hour left for your move at Mahé")


@dataclass
class Notified:
    """A turn-based Mahé table of Ana, Bob, Cleo (each with an email address) and a
    computer, whose notifications go through a real SMTP server (`box`)."""

    now: Now
    runtime: Runtime
    sender: Sender
    box: Mailbox
    room: Room
    seat: int
    """The seat of the person to move (its deadline told)."""

    @property
    def address(self) -> str:
        return f"p{self.room.seats[self.seat].account_id}@example.org"

    def subjects(self) -> list[str]:
        return [m["Subject"] for m in self.box.to(self.address)]

    async def settle(self) -> None:
        """The notifications planned so far written, and those due sent."""
        while self.runtime.background.tasks:
            await asyncio.gather(*self.runtime.background.tasks, return_exceptions=True)
        while await self.sender.send_due():
            pass

    async def pass_time(self, end: float) -> list[tuple[float, str]]:
        """Move the clock to `end` a step at a time, sending what falls due: each email
        to the person to move that arrived, and when."""
        arrived: list[tuple[float, str]] = []
        while self.now() < end:
            self.now.advance(min(STEP, end - self.now()))
            before = len(self.subjects())
            await self.settle()
            arrived += [(self.now(), subject) for subject in self.subjects()[before:]]
        return arrived

    async def timed_out(self) -> None:
        """The deadline has come: the computer plays the person's turn."""
        seq = self.room.seq
        assert await self.runtime.turns.sweep() == [self.room.id]
        await until(lambda: self.room.seq > seq, what="the computer's move for the person")
        await self.settle()


@asynccontextmanager
async def notified(url: str, days: int) -> AsyncIterator[Notified]:
    now = Now()
    table_id, people = await made_table(url, "mahe", SEATS, ClockIn(mode="turn", days=days))

    def wall() -> datetime:
        return datetime.fromtimestamp(now(), UTC)

    with mailbox() as (box, smtp):
        async with a_runtime(url, now) as runtime:
            async with runtime.database.session() as session:
                for person in people:
                    mail = f"p{person}@example.org"
                    session.add(ContactRow(account_id=person, email=mail, choices={}))
                await session.commit()
            settings = Settings(database_url=url, smtp=smtp, public_url="http://t.example")
            sender = Sender(runtime.database, settings, LinkTokens("key"), clock=wall)
            notices = TableNotices(
                runtime.database, runtime.background, sender.wake, DAY, clock=wall
            )
            runtime.publisher.subscribers.append(notices.heard)
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            yield Notified(now, runtime, sender, box, room, seat)


def test_a_one_day_move_that_runs_out_is_told_reminded_twice_and_told_again(url: str) -> None:
    async def scenario() -> None:
        async with notified(url, days=1) as table:
            await table.pass_time(table.now() + DAY + 60)
            await table.timed_out()
            subjects = table.subjects()
            assert subjects[:3] == ["Your turn at Mahé", *REMINDERS], subjects
            ran_out = "Your time ran out at Mahé: the computer played your turn"
            # Then the computer's move; in Mahé the same person may be to move again
            # after it (a new position: "your turn" once more).
            assert subjects[3:].count(ran_out) == 1, subjects
            assert set(subjects[3:]) <= {ran_out, "Your turn at Mahé"}, subjects

    run(scenario)


def test_a_vacation_ended_early_brings_the_deadline_back_with_its_reminders(url: str) -> None:
    """A one-day move; two hours in, its person goes on vacation for five days and ends
    it a day later: the deadline is a day later than at first (the vacation's day did
    not count), the reminders of the deadlines dropped never come, those of the new one
    do, in time; and the page's clock runs again."""

    async def scenario() -> None:
        async with notified(url, days=1) as table:
            room, now = table.room, table.now
            account = room.seats[table.seat].account_id
            assert account is not None and room.told is not None
            first = room.told[1]
            watcher = connect(table.runtime, room, None)
            await table.pass_time(now() + 2 * 3600)
            assert table.subjects() == ["Your turn at Mahé"]
            async with table.runtime.database.session() as session:
                await take_vacation(session, account, now(), now() + 5 * DAY)
                await session.commit()
            assert await table.runtime.turns.vacation_taken(account, now() + 5 * DAY) == 1
            assert clock_shown(watcher)["vacation_ms"] == pytest.approx(5 * DAY * 1000, abs=2000)
            # The first deadline's reminders (20 and 23 hours in) fall in the vacation.
            assert await table.pass_time(now() + DAY) == []
            async with table.runtime.database.session() as session:
                assert await end_vacation(session, account, now())
                await session.commit()
            await table.runtime.turns.vacation_ended(account)
            deadline = first + DAY
            assert room.told[1] == pytest.approx(deadline, abs=1)
            shown = clock_shown(watcher)
            assert shown["vacation_ms"] is None
            left = shown["time_left_ms"][table.seat]
            assert left == pytest.approx((deadline - now()) * 1000, abs=2000)  # 22 hours
            arrived = await table.pass_time(deadline + 60)
            # The 24-hour reminder of the deadline back (due 24 hours in, during the
            # vacation) is past: not sent late.
            assert [subject for _at, subject in arrived] == list(REMINDERS), arrived
            assert all(at < deadline for at, _subject in arrived), (arrived, deadline)
            await table.timed_out()
            assert "Your time ran out at Mahé: the computer played your turn" in table.subjects()

    run(scenario)


def clock_shown(connection: Connection) -> dict[str, Any]:
    """The clock of the latest state the connection was sent."""
    sent = [m for m in told(connection) if m["type"] == "state"]
    assert sent, "no state sent"
    clock: dict[str, Any] = sent[-1]["clock"]
    return clock
