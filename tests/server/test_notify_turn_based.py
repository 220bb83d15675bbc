"""Notifications at a real turn-based table (the turn-based clocks' own events, days
passing on a clock the test moves): the person to move is told it is their turn once,
reminded 4 h and 1 h before a one-day move runs out, and told when the computer played
that turn for them; each email through a real SMTP server, each once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from spieltisch.server.infra.notify_tokens import LinkTokens
from spieltisch.server.infra.settings import Settings
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.services.outbox import Sender
from spieltisch.server.services.table_notices import TableNotices
from spieltisch.store.notify import ContactRow
from tests.server.in_process import Now, run, until
from tests.server.mailbox import mailbox
from tests.server.turn_tables import DAY, a_runtime, made_table, person_to_move

SEATS = [
    SeatIn(kind="me"),
    SeatIn(kind="open"),
    SeatIn(kind="open"),
    SeatIn(kind="ai", level="easy"),
]
STEP = 1200.0


def test_a_one_day_move_that_runs_out_is_told_reminded_twice_and_told_again(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        table_id, people = await made_table(url, "mahe", SEATS, ClockIn(mode="turn", days=1))

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
                address = f"p{room.seats[seat].account_id}@example.org"
                end = now() + DAY + 60
                while now() < end:
                    now.advance(STEP)
                    while runtime.background.tasks:
                        await asyncio.gather(*runtime.background.tasks, return_exceptions=True)
                    while await sender.send_due():
                        pass
                seq = room.seq
                assert await runtime.turns.sweep() == [table_id]
                await until(lambda: room.seq > seq, what="the computer's move for the person")
                while runtime.background.tasks:
                    await asyncio.gather(*runtime.background.tasks, return_exceptions=True)
                while await sender.send_due():
                    pass
                subjects = [m["Subject"] for m in box.to(address)]
                assert subjects[:3] == [
                    "Your turn at Mahé",
                    "4 hours left for your move at Mahé",
                    "1 hour left for your move at Mahé",
                ], subjects
                ran_out = "Your time ran out at Mahé: the computer played your turn"
                # Then the computer's move; in Mahé the same person may be to move again
                # after it (a new position: "your turn" once more).
                assert subjects[3:].count(ran_out) == 1, subjects
                assert set(subjects[3:]) <= {ran_out, "Your turn at Mahé"}, subjects

    run(scenario)
