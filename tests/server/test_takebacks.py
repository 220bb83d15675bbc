"""Takebacks at the live table, in-process: asked, accepted or declined, stored as one more
log entry, and what a replay, a record and a reload make of it (`server/table/takebacks.py`,
`store/takebacks.py`)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.services.lobby import finished_record
from spieltisch.server.table.loading import load
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.models import MoveEntry
from spieltisch.store.takebacks import effective
from tests.server.in_process import (
    a_table,
    connect,
    play_until_ana_moved_and_bob_is_to_move,
    run,
    told,
    until,
)

COMPUTER = SeatIn(kind="ai", level="easy")


async def stored_entries(runtime: Runtime, room: Room) -> list[str]:
    async with runtime.database.session() as session:
        rows = await session.execute(
            select(MoveEntry.entry).filter_by(table_id=room.id).order_by(MoveEntry.seq)
        )
        return list(rows.scalars())


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
            answer = await runtime.takebacks.ask(room, 0)  # only a computer to ask: done
            assert answer.asked_by is None and answer.moves == 2
            assert room.state.history() == before and room.to_move() == 0
            assert room.log[-1].entry == f"takeback:{len(before)}" and room.log[-1].seat == 0
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
            asked = await runtime.takebacks.ask(room, 0)
            assert asked.asked_by == 0 and asked.waiting == [1] and asked.moves == 1
            assert [m for m in told(to_bob) if m["type"] == "takeback"][-1]["waiting"] == [1]
            with pytest.raises(Refusal) as again:
                await runtime.takebacks.ask(room, 0)
            assert again.value.code == Code.CONFLICT
            with pytest.raises(Refusal) as not_asked:
                await runtime.takebacks.answer(room, 0, True)  # Ana answers nothing
            assert not_asked.value.code == Code.FORBIDDEN

            declined = await runtime.takebacks.answer(room, 1, False)
            assert declined.asked_by is None and declined.declined_by == 1
            assert room.seq == seq and room.state.history() == position

            await runtime.takebacks.ask(room, 0)
            done = await runtime.takebacks.answer(room, 1, True)
            assert done.asked_by is None and room.seq == seq + 1
            assert room.state.history() == position[:-1] and room.to_move() == 0

            # Ana moves again; she asks; Bob moves instead of answering: the request ends.
            await play_until_ana_moved_and_bob_is_to_move(runtime, room)
            await runtime.takebacks.ask(room, 0)
            await runtime.submit(room, 1, room.seq, room.state.legal_moves()[0])
            assert room.asked is None
            with pytest.raises(Refusal) as ended:
                await runtime.takebacks.answer(room, 1, True)
            assert ended.value.code == Code.CONFLICT

    run(scenario)


def test_no_takeback_past_a_die_or_in_a_game_of_hidden_cards(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), COMPUTER]
        async with a_table(url, "mahe", seats) as (runtime, room, _accounts):
            await until(lambda: room.to_move() == 0)
            with pytest.raises(Refusal) as nothing:
                await runtime.takebacks.ask(room, 1)  # Bob has not moved
            assert nothing.value.code == Code.CONFLICT
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            assert room.log[-1].seat is None, "a die was rolled after Ana's choice"
            with pytest.raises(Refusal) as rolled:
                await runtime.takebacks.ask(room, 0)
            assert rolled.value.code == Code.CONFLICT and "chance outcome" in rolled.value.message
        cards = [SeatIn(kind="me"), COMPUTER, COMPUTER]
        async with a_table(url, "david_goliath", cards) as (runtime, room, _accounts):
            with pytest.raises(Refusal) as hidden:
                await runtime.takebacks.ask(room, 0)
            assert hidden.value.code == Code.FORBIDDEN and "hidden cards" in hidden.value.message

    run(scenario)
