"""A connection joins the room everyone else uses, also when the room left memory while it
was on its way in (issue 42).

The browser tests of a loss on time and of a substitute failed on a loaded machine (the
clock "never ended the game"; "Let the computer play" was refused with 409): a person who
sits down reconnects (the page plays the seat), and an open table nobody is connected to
leaves memory at once. When the other person's page found the room just before that and
joined it just after, while the reconnecting one had loaded it again, the two people sat
in two copies of one table: the start, the clock's end and who is away reached only one
of them, and the countdown one page showed was not the server's. The WebSocket route
visits the room (`Idle.visit`): it stays in memory until the connection has joined.
"""

from __future__ import annotations

from typing import Any

from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.services.seating import start
from spieltisch.server.table.leaving import Choice
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.runtime import Runtime
from tests.server.in_process import (
    QUICK_SECONDS,
    TWO_PEOPLE,
    Now,
    a_quick_clock,
    an_open_table,
    run,
    told,
    until,
)


async def _join(runtime: Runtime, room: Room, account: int) -> Connection:
    connection = Connection(account, runtime.seat_for(room, account, None), "en")
    runtime.enter(room, connection)
    runtime.idle.unvisit(room)
    return connection


async def _both_join_while_bob_reconnects(
    runtime: Runtime, table_id: str, ana: int, bob: int
) -> tuple[Connection, Connection]:
    """As the pages do: Bob watches the open table and sits down, so his page connects
    again; Ana's page finds the room just before Bob's first connection closes and joins
    it just after his second one has joined. Ana's and Bob's connections."""
    room = await runtime.idle.visit(table_id)
    first = await _join(runtime, room, bob)
    anas_room = await runtime.idle.visit(table_id)  # Ana's connection on its way in
    runtime.leave(room, first)  # Bob's page connects again to play his seat
    bobs_room = await runtime.idle.visit(table_id)
    to_bob = await _join(runtime, bobs_room, bob)
    to_ana = await _join(runtime, anas_room, ana)
    assert anas_room is bobs_room is runtime.rooms[table_id], "two copies of one table"
    return to_ana, to_bob


async def _start(runtime: Runtime, table_id: str, ana: int) -> None:
    async with runtime.database.session() as session:
        await start(session, table_id, ana)
    await runtime.changed(table_id)


def _status(messages: list[dict[str, Any]]) -> list[str]:
    return [m["status"] for m in messages if m["type"] == "state"]


def test_the_clocks_end_reaches_both_people_when_one_reconnected_as_the_other_came(
    url: str,
) -> None:
    async def scenario() -> None:
        clock = a_quick_clock(mode="move", seconds=QUICK_SECONDS, on_timeout="lose")
        async with an_open_table(url, "mabula", TWO_PEOPLE, clock) as (runtime, table, people):
            to_ana, to_bob = await _both_join_while_bob_reconnects(runtime, table, *people)
            await _start(runtime, table, people[0])
            room = runtime.rooms[table]
            # Nobody made a first move: the clock aborts the table (`first_move.py`).
            await until(lambda: room.table.status == "aborted", what="the clock's end")
            for connection in (to_ana, to_bob):  # both pages show the end
                assert _status(told(connection))[-1] == "aborted"

    run(scenario)


def test_the_countdown_a_page_is_told_is_the_one_the_server_claims_by(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(away_seconds=10)
        async with an_open_table(url, "mahe", seats, clock, now=now) as opened:
            runtime, table, (ana, bob) = opened
            to_ana, to_bob = await _both_join_while_bob_reconnects(runtime, table, ana, bob)
            await _start(runtime, table, ana)
            now.advance(30)  # the game goes on a while with Bob here
            room = runtime.rooms[table]
            before = [m for m in told(to_ana) if m["type"] == "presence"][-1]
            assert before["seats"][1]["here"] is True  # Ana's page knows Bob is here
            runtime.leave(room, to_bob)  # Bob closes his page
            told_ana = [m for m in told(to_ana) if m["type"] == "presence"][-1]
            bobs = told_ana["seats"][1]
            assert bobs["here"] is False
            # Ana's page offers the choice once the away time it was told has run out:
            # the server takes it then, not later.
            now.advance((told_ana["claim_after_ms"] - bobs["away_ms"]) / 1000)
            described = await runtime.hand_over(table, ana, 1, Choice.COMPUTER)
            assert described.seats[1].left == "substitute"
            assert any(
                m["type"] == "table" and m["seats"][1]["left"] == "substitute" for m in told(to_ana)
            )

    run(scenario)
