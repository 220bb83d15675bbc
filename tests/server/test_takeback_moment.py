"""Takebacks that mean something (issue 42), in-process on both backends: in a casual
dice game the next player's roll waits a moment after a person's move and the page is
offered the takeback exactly then; a move that turned a hidden card face up is never
taken back (Mahé's pile); a move taken back gives back the increment it earned."""

from __future__ import annotations

import time

import pytest

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.table.loading import load
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.server.table.takeback_rule import held_roll_at
from spieltisch.server.table.view import state_message
from tests.server.in_process import a_table, connect, run, states, told, until

COMPUTER = SeatIn(kind="ai", level="easy")


async def until_ana_decides(runtime: Runtime, room: Room) -> None:
    """Until Ana (seat 0) may roll on or stop: she chooses her turtle when asked."""
    while True:
        await until(lambda: room.to_move() == 0)
        legal = room.state.legal_moves()
        if "stop" in legal:
            return
        await runtime.submit(room, 0, room.seq, legal[0])


def cards_left(room: Room) -> int:
    """The cards left in Mahé's pile, as everyone sees it."""
    left = dict(room.state.view(None))["cards_left"]
    assert isinstance(left, int)
    return left


async def roll_now(runtime: Runtime, room: Room) -> None:
    """The takeback moment is over (its end brought forward, not waited for)."""
    room.turn_started = time.time() - room.hold_seconds
    async with runtime.publisher.holding(room) as events:
        events += await runtime.scheduler.advance(room)


def test_the_next_roll_waits_for_the_takeback_moment(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), COMPUTER, COMPUTER]
        async with a_table(migrated_url, "mahe", seats, takeback_seconds=3600) as table:
            runtime, room, (ana, _bob) = table
            to_ana = connect(runtime, room, ana)
            while True:  # her second turtle's die comes at once: it is still her turn
                await until_ana_decides(runtime, room)
                first = states(to_ana)[-1]
                assert first["takeback"] is False and first["roll_in_ms"] is None
                before = room.state.history()
                await runtime.submit(room, 0, room.seq, "stop")
                if room.to_move() != 0:
                    break
            # The next player (a computer) chooses its turtle; its die waits: nobody to
            # move, the takeback offered with the time left until the roll.
            await until(lambda: room.state.is_chance_node())
            assert room.to_move() is None
            held = states(to_ana)[-1]
            assert held["takeback"] is True and held["to_move"] is None
            assert 0 < held["roll_in_ms"] <= 3600 * 1000
            # Read again from the log (another process, a restart): the roll is due alike.
            again = await load(runtime.storage, room.id)
            again.hold_seconds = room.hold_seconds
            due, due_again = held_roll_at(room), held_roll_at(again)
            assert due is not None and due_again == pytest.approx(due, abs=0.01)
            await runtime.ask_takeback(room, 0)  # computers accept at once
            assert room.state.history() == before and room.to_move() == 0
            back = states(to_ana)[-1]
            taken = back["last_moves"][-1]
            assert taken["keep"] == len(before) and taken["move"] == f"takeback:{len(before)}"
            assert back["takeback"] is False and back["legal_moves"]
            # Again, and this time the moment passes: the die comes, no takeback now.
            await runtime.submit(room, 0, room.seq, "stop")
            await until(lambda: room.state.is_chance_node())
            assert states(to_ana)[-1]["takeback"] is True
            await roll_now(runtime, room)
            assert room.log[-1].seat is None, "the next player's die was rolled"
            rolled = states(to_ana)[-1]
            assert rolled["takeback"] is False and rolled["roll_in_ms"] is None
            with pytest.raises(Refusal) as late:
                await runtime.ask_takeback(room, 0)
            assert late.value.code == Code.CONFLICT

    run(scenario)


def test_two_people_take_a_move_back_when_the_other_accepts_and_not_when_they_decline(
    migrated_url: str,
) -> None:
    """A casual Mahé of two people: Ana stops, the page offers her the takeback while Bob
    has not moved, she asks, it waits for Bob's answer; he accepts: the move is taken
    back, marked in the log. Again: he declines, the move stands, and once he has moved
    and his die has come it is too late."""

    async def scenario() -> None:
        people = [SeatIn(kind="me"), SeatIn(kind="open")]
        async with a_table(
            migrated_url, "mahe", people, rated=False, takeback_seconds=3600
        ) as table:
            runtime, room, (ana, bob) = table
            to_ana, to_bob = connect(runtime, room, ana), connect(runtime, room, bob)
            while True:  # until Ana's stop hands the turn to Bob
                await until_ana_decides(runtime, room)
                before = room.state.history()
                await runtime.submit(room, 0, room.seq, "stop")
                if room.to_move() != 0:
                    break
            assert states(to_ana)[-1]["takeback"] is True  # offered: Bob has not moved
            asked = await runtime.ask_takeback(room, 0)
            assert asked.asked_by == 0 and asked.waiting == [1]
            told_bob = [m for m in told(to_bob) if m["type"] == "takeback"]
            assert told_bob[-1]["asked_by"] == 0 and told_bob[-1]["waiting"] == [1]
            await runtime.answer_takeback(room, 1, True)
            assert room.state.history() == before and room.to_move() == 0
            taken = states(to_ana)[-1]["last_moves"][-1]
            assert taken["move"] == f"takeback:{len(before)}"
            # Again; this time Bob declines: the move stands and his die comes.
            await runtime.submit(room, 0, room.seq, "stop")
            stands = room.state.history()
            await runtime.ask_takeback(room, 0)
            declined = await runtime.answer_takeback(room, 1, False)
            assert declined.declined_by == 1 and room.state.history() == stands
            await until(lambda: room.to_move() == 1, what="Bob's turn")
            await runtime.submit(room, 1, room.seq, room.state.legal_moves()[0])
            await roll_now(runtime, room)
            await until(lambda: room.log[-1].seat is None, what="Bob's die")
            assert room.state.history()[: len(stands)] == stands
            assert states(to_ana)[-1]["takeback"] is False
            with pytest.raises(Refusal) as late:
                await runtime.ask_takeback(room, 0)
            assert late.value.code == Code.CONFLICT

    run(scenario)


def test_a_roll_within_the_players_own_turn_does_not_wait(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), COMPUTER, COMPUTER]
        async with a_table(migrated_url, "mahe", seats, takeback_seconds=3600) as table:
            runtime, room, (ana, _bob) = table
            to_ana = connect(runtime, room, ana)
            await until_ana_decides(runtime, room)
            await runtime.submit(room, 0, room.seq, "roll")
            # Her own next die comes at once (no takeback after "roll": it is not offered).
            assert room.log[-1].seat is None
            assert states(to_ana)[-1]["takeback"] is False

    run(scenario)


def test_a_takeback_never_shows_a_hidden_card(migrated_url: str) -> None:
    """The audit's case: one person at both seats of Mahé stops, so the next card of the
    pile turns face up, and takes the stop back; the pile's order is one chance outcome
    at the start, so no die stands between."""

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="me")]
        async with a_table(migrated_url, "mahe", seats) as (runtime, room, (ana, _bob)):
            connect(runtime, room, ana)
            for _move in range(2000):
                await until(lambda: room.to_move() in (0, 1))
                seat = room.to_move()
                assert seat is not None
                cards = cards_left(room)
                legal = room.state.legal_moves()
                await runtime.submit(room, seat, room.seq, "stop" if "stop" in legal else legal[0])
                if cards_left(room) != cards and room.log[-1].seat == seat:
                    break  # a card won, and no die since (the other seat chooses next)
            else:
                pytest.fail("no card was won by a turn's last move in 2000 moves")
            shown = cards_left(room)
            assert state_message(room, seat, "en", 0).takeback is False
            with pytest.raises(Refusal) as refused:
                await runtime.ask_takeback(room, seat)
            assert refused.value.code == Code.CONFLICT
            assert "hidden card" in refused.value.message
            assert cards_left(room) == shown

    run(scenario)


def test_a_move_taken_back_gives_back_no_increment(migrated_url: str) -> None:
    """The audit's case: 60 s + 30 s a move, five moves made and taken back. Before, each
    kept its 30 s: 208 s left."""

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), COMPUTER]
        clock = ClockIn(mode="game", seconds=60, increment=30)
        async with a_table(migrated_url, "mabula", seats, clock) as (runtime, room, _accounts):
            for _time in range(5):
                await until(lambda: room.to_move() == 0)
                moved = room.seq
                await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
                assert (room.seats[0].time_left_ms or 0) > 60_000  # the increment, earned
                answered = moved + 1
                await until(lambda: room.to_move() == 0 and room.seq > answered)  # noqa: B023
                await runtime.ask_takeback(room, 0)
                assert room.seq > moved and room.to_move() == 0
            left = room.seats[0].time_left_ms
            assert left is not None and 0 < left <= 60_000

    run(scenario)
