"""A clock that runs out before its person's first move aborts the table, as lichess does,
instead of losing the seat (issue 42): nobody loses a game they never began, nobody is
rated; after every person's first move it is a loss on time again, and a person alone
against computers keeps their game as before."""

from __future__ import annotations

from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.services.records import finished_record
from spieltisch.server.table.events import ClockRanOut, GameFinished, TableAborted
from spieltisch.server.table.first_move import ending_of
from tests.server.in_process import (
    QUICK_SECONDS,
    TWO_PEOPLE,
    a_quick_clock,
    a_table,
    connect,
    run,
    states,
    time_passes,
    until,
)
from tests.server.test_table_events import EventRecorder

LOSE = a_quick_clock(mode="move", seconds=QUICK_SECONDS, on_timeout="lose")
"""Nobody moves against it: its end comes in a tenth of a second."""


def test_nobody_moved_when_the_clock_ran_out_the_table_is_aborted(migrated_url: str) -> None:
    async def scenario() -> None:
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, LOSE) as (
            runtime,
            room,
            (ana, _bob),
        ):
            heard = EventRecorder(runtime)
            to_ana = connect(runtime, room, ana)
            seat = room.to_move()
            assert seat is not None
            await until(lambda: room.table.status != "running", what="the clock's end")
            assert room.table.status == "aborted"
            assert (
                room.table.ending
                == ending_of(seat)
                == {
                    "how": "aborted",
                    "by": None,
                    "no_first_move": seat,
                }
            )
            assert room.table.result is None
            assert all(info.left is None for info in room.seats)  # nobody lost on time
            events = heard.take()
            assert ClockRanOut(seat) in events
            assert [e.by for e in events if isinstance(e, TableAborted)] == [None]
            assert not any(isinstance(e, GameFinished) for e in events)  # nobody rated
            assert states(to_ana)[-1]["status"] == "aborted"
            async with runtime.database.session() as session:
                record = await finished_record(session, room.id)
            assert record["result"] is None and record["ended"]["how"] == "aborted"

    run(scenario)


def test_the_second_person_missing_their_first_move_aborts_it_too(migrated_url: str) -> None:
    async def scenario() -> None:
        clock = ClockIn(mode="move", seconds=60, on_timeout="lose")
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, clock) as (runtime, room, _people):
            first = room.to_move()
            assert first is not None
            await runtime.submit(room, first, room.seq, room.state.legal_moves()[0])
            time_passes(runtime, room, 60)  # the second person's minute, not waited out
            await until(lambda: room.table.status != "running", what="the clock's end")
            assert room.table.status == "aborted"
            assert room.table.ending == ending_of(1 - first)

    run(scenario)


def test_alone_against_a_computer_the_clock_still_loses_the_game(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        async with a_table(migrated_url, "mabula", seats, LOSE) as (runtime, room, (ana, _bob)):
            connect(runtime, room, ana)  # she is here (else the game pauses)
            await until(lambda: room.table.status != "running", what="the clock's end")
            assert room.table.status == "finished"
            assert room.seats[0].left == "timed_out"

    run(scenario)
