"""Reminders before a turn-based timeout, with an injected clock (no test waits for
days): 24 h, 4 h and 1 h before the deadline, each sent once through a real SMTP server;
a move drops those of its position, a deadline moved (a vacation) replaces them; and no
turn of one to fourteen days times out without at least two reminders delivered to an
account that asked for them.

The deadlines come as the turn-based clocks tell them (`TurnStarted`: account, seq,
deadline); the planner reads any event of that shape (`services/reminders.Deadline`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from spieltisch.server.infra.notify_tokens import LinkTokens
from spieltisch.server.infra.settings import Settings
from spieltisch.server.services.outbox import Sender
from spieltisch.server.services.reminders import Deadline
from spieltisch.server.services.table_notices import TableNotices
from spieltisch.server.table.events import ClockRanOut
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.notify import ContactRow
from tests.server.in_process import TWO_PEOPLE, a_table, run
from tests.server.mailbox import Mailbox, mailbox

STEP = timedelta(minutes=20)


@dataclass(frozen=True)
class TurnStarted:
    """The turn-based clocks' event, as they publish it."""

    seat: int
    account: int | None
    seq: int
    deadline: datetime
    move_ends: datetime


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment


@dataclass
class Setup:
    runtime: Runtime
    room: Room
    bob: int
    notices: TableNotices
    sender: Sender
    clock: Clock
    box: Mailbox
    arrived: list[tuple[datetime, str]]

    async def tell(self, deadline: datetime) -> None:
        turn = TurnStarted(1, self.bob, self.room.seq, deadline, deadline)
        assert isinstance(turn, Deadline)
        self.notices.heard(self.room, [turn])  # type: ignore[list-item]
        await settled(self.runtime)

    async def until(self, end: datetime) -> None:
        """Move the clock to `end` in steps, the sender sending what fell due; note when
        each email arrived (on the injected clock)."""
        while self.clock.moment < end:
            self.clock.moment = min(end, self.clock.moment + STEP)
            while await self.sender.send_due():
                pass
            for message in self.box.to("bob@example.org")[len(self.arrived) :]:
                self.arrived.append((self.clock.moment, message["Subject"]))

    def reminders(self) -> list[tuple[datetime, str]]:
        return [(at, subject) for at, subject in self.arrived if "left for your move" in subject]


async def settled(runtime: Runtime) -> None:
    """Until the background writes the subscribers started are done."""
    while runtime.background.tasks:
        await asyncio.gather(*runtime.background.tasks, return_exceptions=True)


def scenario_with(url: str, chosen: list[str], steps: object) -> None:
    async def scenario() -> None:
        with mailbox() as (box, smtp):
            async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (_ana, bob)):
                clock = Clock()
                async with runtime.database.session() as session:
                    session.add(
                        ContactRow(
                            account_id=bob,
                            email="bob@example.org",
                            choices={"reminder": chosen},
                            digest=False,
                        )
                    )
                    await session.commit()
                settings = Settings(database_url=url, smtp=smtp, public_url="http://t.example")
                sender = Sender(runtime.database, settings, LinkTokens("key"), clock=clock)
                notices = TableNotices(
                    runtime.database, runtime.background, sender.wake, 3600.0, clock=clock
                )
                runtime.publisher.subscribers.append(notices.heard)
                setup = Setup(runtime, room, bob, notices, sender, clock, box, [])
                await steps(setup)  # type: ignore[operator]

    run(scenario)


@pytest.mark.parametrize("days", [1, 2, 5, 14])
def test_a_turn_that_runs_out_had_its_reminders_each_once_and_in_time(url: str, days: int) -> None:
    async def steps(setup: Setup) -> None:
        start = setup.clock.moment
        deadline = start + timedelta(days=days)
        await setup.tell(deadline)
        await setup.tell(deadline)  # told again (a process took the table up): no more
        await setup.until(deadline)
        reminders = setup.reminders()
        hours = [24, 4, 1] if days > 1 else [4, 1]
        assert [subject for _at, subject in reminders] == [
            f"{h} hour{'s' if h > 1 else ''} left for your move at Mabula" for h in hours
        ]
        for (at, _subject), h in zip(reminders, hours, strict=True):
            due = deadline - timedelta(hours=h)
            assert due <= at < min(due + STEP + STEP, deadline), (at, due)
        assert len(reminders) >= 2
        # The deadline says whose turn it is: told twice, "your turn" went once.
        turns = [subject for _at, subject in setup.arrived if subject == "Your turn at Mabula"]
        assert turns == ["Your turn at Mabula"]

    scenario_with(url, ["email"], steps)


def test_no_reminder_for_an_account_that_did_not_ask(url: str) -> None:
    async def steps(setup: Setup) -> None:
        deadline = setup.clock.moment + timedelta(days=2)
        await setup.tell(deadline)
        await setup.until(deadline)
        assert setup.reminders() == []

    scenario_with(url, [], steps)


def test_a_vacation_moves_the_reminders_and_a_move_drops_them(url: str) -> None:
    async def steps(setup: Setup) -> None:
        start = setup.clock.moment
        first = start + timedelta(days=1)
        await setup.tell(first)
        await setup.until(start + timedelta(hours=2))
        later = first + timedelta(days=7)  # a vacation of seven days
        await setup.tell(later)
        await setup.until(later)
        reminders = setup.reminders()
        assert len(reminders) == 3, reminders  # 24 h, 4 h, 1 h of the later deadline only
        assert all(at > first for at, _subject in reminders)

        # A new turn whose person moves after an hour: its reminders never go.
        room = setup.room
        deadline = setup.clock.moment + timedelta(days=1)
        await setup.tell(deadline)
        await setup.until(setup.clock.moment + timedelta(hours=1))
        while room.to_move() is None:
            await asyncio.sleep(0.01)
        seat = room.to_move()
        assert seat is not None
        await setup.runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
        await settled(setup.runtime)
        await setup.until(deadline)
        assert len(setup.reminders()) == 3

    scenario_with(url, ["email"], steps)


@dataclass(frozen=True)
class TimeBankUsed:
    """The turn-based clocks' event when a move's days are over and the bank runs."""

    seat: int
    account: int | None
    seq: int
    bank_ms: int
    deadline: datetime


@dataclass(frozen=True)
class TurnBasedRanOut(ClockRanOut):
    """`ClockRanOut` as the turn-based clocks tell it (with the account and the level
    that played the turn; None: the person lost)."""

    level: str | None = None
    turn_based: bool = False
    account: int | None = None
    seq: int | None = None


def test_the_time_bank_and_a_turn_the_computer_played_are_told_not_silent(url: str) -> None:
    async def steps(setup: Setup) -> None:
        room, bob = setup.room, setup.bob
        deadline = setup.clock.moment + timedelta(hours=2)
        bank = TimeBankUsed(1, bob, room.seq, 2 * 3600 * 1000, deadline)
        setup.notices.heard(room, [bank, bank])  # type: ignore[list-item]
        ran_out = TurnBasedRanOut(1, level="easy", turn_based=True, account=bob, seq=room.seq)
        lost = TurnBasedRanOut(1, level=None, turn_based=True, account=bob, seq=room.seq + 1)
        real_time = TurnBasedRanOut(1)  # a real-time clock: shown at the table, not mailed
        setup.notices.heard(room, [ran_out, lost, real_time])
        await settled(setup.runtime)
        await setup.until(setup.clock.moment + STEP)
        subjects = sorted(subject for _at, subject in setup.arrived)
        assert subjects == [
            "Your time bank runs at Mabula: 2 hours left",
            "Your time ran out at Mabula: the computer played your turn",
            "Your time ran out at Mabula: you lost the game",
            # Whose turn it is, told by the bank's deadline (at a real table the turn's
            # start told it first, under the same key: then not again).
            "Your turn at Mabula",
        ]

    scenario_with(url, ["email"], steps)
