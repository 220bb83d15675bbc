"""Takebacks at the live table, in-process: asked, accepted or declined, stored as one more
log entry, and what a replay, a record and a reload make of it (`server/table/takebacks.py`,
`store/log_entries.py`)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.services.records import finished_record
from spieltisch.server.table.loading import load
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.log_entries import LogEntry, Takeback, effective, parse_entry
from spieltisch.store.models import MoveEntry
from tests.server.in_process import (
    a_table,
    an_app,
    connect,
    guest,
    play_until_ana_moved_and_bob_is_to_move,
    run,
    told,
    until,
)
from tests.server.statements import statements

COMPUTER = SeatIn(kind="ai", level="easy")


async def stored_entries(runtime: Runtime, room: Room) -> list[LogEntry]:
    """The table's log as stored, each entry's text parsed as the store parses it."""
    async with runtime.database.session() as session:
        rows = await session.execute(
            select(MoveEntry.entry, MoveEntry.seat)
            .filter_by(table_id=room.id)
            .order_by(MoveEntry.seq)
        )
        return [parse_entry(text, seat) for text, seat in rows]


def test_a_move_taken_back_against_the_computer_is_one_more_log_entry(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), COMPUTER]
        async with a_table(url, "mabula", seats) as (runtime, room, (ana, _bob)):
            to_ana = connect(runtime, room, ana)
            await until(lambda: room.to_move() == 0)
            before = room.state.history()
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            await until(lambda: room.to_move() == 0)  # the computer answered
            assert len(room.state.history()) == len(before) + 2
            told(to_ana)
            answer = await runtime.ask_takeback(room, 0)  # only a computer to ask: done
            assert answer.asked_by is None and answer.moves == 2
            assert room.state.history() == before and room.to_move() == 0
            assert room.log[-1].entry == Takeback(len(before), 0)
            messages = told(to_ana)
            assert [m["type"] for m in messages] == ["state", "takeback"]
            line = messages[0]["last_moves"][-1]
            assert line["words"] == f"took back the moves after no. {len(before)}"
            assert messages[0]["legal_moves"], "Ana's turn again, with her moves"
            # The log only grew: every entry is stored, the withdrawn ones too.
            stored = await stored_entries(runtime, room)
            assert len(stored) == room.seq == len(before) + 3
            assert effective(stored) == before
            # Recovery: the table read again from its log stands where it stood.
            again = await load(runtime.storage, room.id)
            assert again.state.history() == before and again.seq == room.seq
            # Play on, then give up: the record holds the game as played.
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[-1])
            await until(lambda: room.to_move() == 0)
            played = room.state.history()
            await runtime.hand_over(room.id, ana, None)
            async with runtime.database.session() as session:
                record = await finished_record(session, room.id)
            assert record["history"] == played

    run(scenario)


def test_the_others_accept_or_decline_and_a_move_ends_the_request(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), COMPUTER]
        async with a_table(url, "mahe", seats) as (runtime, room, (_ana, bob)):
            to_bob = connect(runtime, room, bob)
            await play_until_ana_moved_and_bob_is_to_move(runtime, room)
            position, seq = room.state.history(), room.seq
            asked = await runtime.ask_takeback(room, 0)
            assert asked.asked_by == 0 and asked.waiting == [1] and asked.moves == 1
            assert [m for m in told(to_bob) if m["type"] == "takeback"][-1]["waiting"] == [1]
            with pytest.raises(Refusal) as again:
                await runtime.ask_takeback(room, 0)
            assert again.value.code == Code.CONFLICT
            with pytest.raises(Refusal) as not_asked:
                await runtime.answer_takeback(room, 0, True)  # Ana answers nothing
            assert not_asked.value.code == Code.FORBIDDEN

            declined = await runtime.answer_takeback(room, 1, False)
            assert declined.asked_by is None and declined.declined_by == 1
            assert room.seq == seq and room.state.history() == position

            await runtime.ask_takeback(room, 0)
            done = await runtime.answer_takeback(room, 1, True)
            assert done.asked_by is None and room.seq == seq + 1
            assert room.state.history() == position[:-1] and room.to_move() == 0

            # Ana moves again; she asks; Bob moves instead of answering: the request ends.
            await play_until_ana_moved_and_bob_is_to_move(runtime, room)
            await runtime.ask_takeback(room, 0)
            await runtime.submit(room, 1, room.seq, room.state.legal_moves()[0])
            assert room.asked is None
            with pytest.raises(Refusal) as ended:
                await runtime.answer_takeback(room, 1, True)
            assert ended.value.code == Code.CONFLICT

    run(scenario)


def test_no_takeback_past_a_die_or_in_a_game_of_hidden_cards(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), COMPUTER]
        async with a_table(url, "mahe", seats) as (runtime, room, _accounts):
            await until(lambda: room.to_move() == 0)
            with pytest.raises(Refusal) as nothing:
                await runtime.ask_takeback(room, 1)  # Bob has not moved
            assert nothing.value.code == Code.CONFLICT
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            assert room.log[-1].seat is None, "a die was rolled after Ana's choice"
            with pytest.raises(Refusal) as rolled:
                await runtime.ask_takeback(room, 0)
            assert rolled.value.code == Code.CONFLICT and "chance outcome" in rolled.value.message
        cards = [SeatIn(kind="me"), COMPUTER, COMPUTER]
        async with a_table(url, "david_goliath", cards) as (runtime, room, _accounts):
            with pytest.raises(Refusal) as hidden:
                await runtime.ask_takeback(room, 0)
            assert hidden.value.code == Code.FORBIDDEN and "hidden cards" in hidden.value.message

    run(scenario)


def test_one_answer_through_the_route_reads_the_request_once_for_all_seats_of_the_account(
    database_url: str,
) -> None:
    """Ana plays two seats; Bob asks to take his move back. Her one answer through the
    route accepts (or declines) for both seats, and the request is read once, in the
    transaction that holds the table's row (the route read it once more before asking
    which seats it waits for)."""

    async def scenario() -> None:
        async with an_app(database_url, migrate=True) as (client, svc):
            _ana, as_ana = await guest(client, "Ana")
            _bob, as_bob = await guest(client, "Bob")
            client.cookies.clear()  # each asks with its own token
            seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "me"}]
            made = await client.post(
                "/api/tables", json={"game": "mahe", "seats": seats}, headers=as_ana
            )
            table_id = made.json()["id"]
            joined = await client.post(f"/api/tables/{table_id}/join", headers=as_bob)
            assert joined.is_success, joined.text
            assert (await client.post(f"/api/tables/{table_id}/start", headers=as_ana)).is_success
            room = await svc.runtime.room(table_id)

            async def bob_moves() -> None:
                while not (room.log and room.log[-1].seat == 1 and room.to_move() != 1):
                    await until(lambda: room.to_move() is not None)
                    legal = room.state.legal_moves()
                    seat = room.to_move()
                    assert seat is not None
                    move = "stop" if "stop" in legal else legal[0]
                    await svc.runtime.submit(room, seat, room.seq, move)

            async def answer(accept: bool) -> tuple[dict[str, object], list[str]]:
                with statements(svc.database) as seen:
                    answered = await client.post(
                        f"/api/tables/{table_id}/takeback/answer",
                        json={"accept": accept},
                        headers=as_ana,
                    )
                assert answered.status_code == 200, answered.text
                reads = [s for s in seen if s.startswith("SELECT game_tables.takeback")]
                return answered.json(), reads

            await bob_moves()
            seq = room.seq
            asked = await client.post(f"/api/tables/{table_id}/takeback", headers=as_bob)
            assert asked.json()["waiting"] == [0, 2], asked.text
            done, reads = await answer(True)
            assert done["asked_by"] is None and room.seq == seq + 1 and room.to_move() == 1
            assert len(reads) == 1, reads

            await bob_moves()
            await client.post(f"/api/tables/{table_id}/takeback", headers=as_bob)
            declined, reads = await answer(False)
            assert declined["declined_by"] == 0 and len(reads) == 1, reads

    run(scenario)
