"""Leaving, in-process with a wall clock the test moves (no sleeping): aborting before
every person has moved, the away countdown and the others' choice (a substitute at the
person's level, or the win in a game of two), the person taking their seat back, seats
and watchers apart, and the two chat rooms."""

from __future__ import annotations

import pytest

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.services.records import finished_record
from spieltisch.server.table.leaving import Choice
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.models import Account
from tests.server.in_process import (
    TWO_PEOPLE,
    Now,
    a_table,
    connect,
    everyone_moves_once,
    run,
    time_passes,
    told,
    until,
)


async def _first_move(runtime: Runtime, room: Room) -> int:
    """The person to move makes a move (the first legal one); their seat."""
    await until(lambda: room.to_move() is not None)
    seat = room.to_move()
    assert seat is not None
    await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
    return seat


def test_a_person_aborts_before_everyone_moved_and_not_after(migrated_url: str) -> None:
    async def scenario() -> None:
        async with a_table(migrated_url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            to_ana, to_bob = connect(runtime, room, ana), connect(runtime, room, bob)
            told(to_ana), told(to_bob)
            mover = await _first_move(runtime, room)  # one person moved, the other not yet
            assert room.abortable()
            with pytest.raises(Refusal) as stranger:
                await runtime.leaving.abort(room.id, 999)
            assert stranger.value.code == Code.FORBIDDEN
            described = await runtime.leaving.abort(room.id, bob)
            assert described.status == "aborted"
            assert described.ending == {"how": "aborted", "by": 1}
            assert described.result is None
            seen = told(to_ana)
            assert [m["status"] for m in seen if m["type"] == "table"] == ["aborted"]
            assert any(m["type"] == "state" and m["status"] == "aborted" for m in seen)
            with pytest.raises(Refusal) as again:
                await runtime.leaving.abort(room.id, ana)
            assert again.value.code == Code.CONFLICT
            assert mover in (0, 1)

    run(scenario)


def test_no_abort_once_every_person_has_moved(migrated_url: str) -> None:
    async def scenario() -> None:
        async with a_table(migrated_url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            first = await _first_move(runtime, room)
            second = await _first_move(runtime, room)
            assert {first, second} == {0, 1} and not room.abortable()
            with pytest.raises(Refusal, match="resign"):
                await runtime.leaving.abort(room.id, ana)
            assert room.table.status == "running"

    run(scenario)


def test_the_away_countdown_then_a_substitute_and_the_person_takes_the_seat_back(
    migrated_url: str,
) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(away_seconds=45)
        async with a_table(migrated_url, "mahe", seats, clock, now=now) as (
            runtime,
            room,
            (ana, bob),
        ):
            to_ana = connect(runtime, room, ana)
            bobs = connect(runtime, room, bob)
            runtime.leave(room, bobs)  # Bob's connection is gone
            presence = [m for m in told(to_ana) if m["type"] == "presence"][-1]
            assert presence["claim_after_ms"] == 45_000
            assert presence["seats"][1]["here"] is False
            now.advance(40.5)
            with pytest.raises(Refusal, match="45 s") as early:
                await runtime.hand_over(room.id, ana, 1, Choice.COMPUTER)
            assert early.value.retry_after == 5  # when to offer it again (4.5 s, rounded up)
            briefly = connect(runtime, room, bob)  # back for a moment: nobody chooses
            with pytest.raises(Refusal, match="is at the table"):
                await runtime.hand_over(room.id, ana, 1, Choice.COMPUTER)
            runtime.leave(room, briefly)
            now.advance(44)
            with pytest.raises(Refusal, match="45 s"):
                await runtime.hand_over(room.id, ana, 1, Choice.COMPUTER)
            now.advance(2)
            described = await runtime.hand_over(room.id, ana, 1, Choice.COMPUTER)
            bob_seat = described.seats[1]
            assert bob_seat.left == "substitute" and not bob_seat.resigned
            assert room.controller(1) == bob_seat.level
            presence = [m for m in told(to_ana) if m["type"] == "presence"][-1]
            assert presence["seats"][1]["substitute"] == bob_seat.level
            back = connect(runtime, room, bob)  # Bob returns: he watches his seat played
            assert back.seat is None
            assert not any(m["type"] == "presence" and m["watching"] for m in told(back))
            taken = await runtime.leaving.take_back(room.id, bob)
            assert taken.seats[1].left is None and taken.seats[1].level is None
            assert back.seat == 1 and room.controller(1) is None
            with pytest.raises(Refusal) as twice:
                await runtime.leaving.take_back(room.id, bob)
            assert twice.value.code == Code.CONFLICT

    run(scenario)


def test_in_a_game_of_two_the_win_is_claimed(migrated_url: str) -> None:
    async def scenario() -> None:
        now = Now()
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, now=now) as (
            runtime,
            room,
            (ana, bob),
        ):
            connect(runtime, room, ana)
            runtime.leave(room, connect(runtime, room, bob))
            now.advance(runtime.presence_of.away_after(room))
            described = await runtime.hand_over(room.id, ana, 1, Choice.WIN)
            assert described.status == "finished"
            assert described.seats[1].left == "claimed" and described.seats[1].resigned
            assert described.result is not None and described.result["ranking"] == [1, 2]

    run(scenario)


def test_a_player_who_lost_on_time_is_no_watcher_and_watchers_cannot_pass_for_players(
    migrated_url: str,
) -> None:
    async def scenario() -> None:
        clock = ClockIn(mode="move", seconds=60, on_timeout="lose")
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, clock) as (
            runtime,
            room,
            (ana, bob),
        ):
            async with runtime.database.session() as session:
                eve = Account(name="Red · ana (you)")
                session.add(eve)
                await session.commit()
            to_ana, to_bob = connect(runtime, room, ana), connect(runtime, room, bob)
            to_ana.name, to_bob.name = "Ana", "Bob"
            watcher = connect(runtime, room, eve.id)
            watcher.name = "Red · ana (you)"
            await everyone_moves_once(runtime, room)  # a loss on time, not an abort
            time_passes(runtime, room, 60)  # the minute is over, not waited out
            await until(lambda: room.table.status == "finished")
            lost = next(s for s in room.seats if s.left is not None)
            assert lost.left == "timed_out"
            presence = runtime.presence(room)
            # Eve's name without the decorations would be a player's: shown as nameless.
            assert presence.watching == ["?"]
            seen = told(to_ana) + told(to_bob)
            assert not any("Ana" in m.get("watching", []) for m in seen)
            assert not any("Bob" in m.get("watching", []) for m in seen)

    run(scenario)


def test_players_and_watchers_chat_apart_while_the_game_runs(migrated_url: str) -> None:
    async def scenario() -> None:
        async with a_table(migrated_url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            async with runtime.database.session() as session:
                eve = Account(name="Eve")
                session.add(eve)
                await session.commit()
            to_ana, to_eve = connect(runtime, room, ana), connect(runtime, room, eve.id)
            told(to_ana), told(to_eve)
            await runtime.say(room, ana, "good luck")
            await runtime.say(room, eve.id, "Ana should push the corner")
            ana_heard = [m["text"] for m in told(to_ana) if m["type"] == "chat"]
            eve_heard = [m for m in told(to_eve) if m["type"] == "chat"]
            assert ana_heard == ["good luck"]
            assert [(m["text"], m["watchers"]) for m in eve_heard] == [
                ("Ana should push the corner", True)
            ]
            assert [line.text for line in await runtime.chat.readable(room, ana)] == ["good luck"]
            await runtime.hand_over(room.id, bob, None)  # Bob resigns: the game is over
            after = [line.text for line in await runtime.chat.readable(room, ana)]
            assert after == ["good luck", "Ana should push the corner"]

    run(scenario)


def test_a_game_against_computers_pauses_while_its_person_is_away(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(mode="game", seconds=600)
        async with a_table(migrated_url, "mabula", seats, clock) as (runtime, room, (ana, _bob)):
            to_ana = connect(runtime, room, ana)
            await until(lambda: room.to_move() == 0)
            runtime.leave(room, to_ana)
            await until(lambda: room.table.paused_at is not None)
            assert "clock" not in room.tasks and "ai" not in room.tasks  # nothing runs
            left = room.seats[0].time_left_ms
            assert left is not None and 0 < left <= 600_000
            watcher = connect(runtime, room, None)
            state = next(m for m in told(watcher) if m["type"] == "state")
            assert state["clock"]["running"] is None
            found = await runtime.storage.described(room.id)
            assert found is not None and found[2].paused and found[2].status == "running"
            back = connect(runtime, room, ana)
            await until(lambda: room.table.paused_at is None)
            assert "clock" in room.tasks and room.seats[0].time_left_ms == left
            assert any(m["type"] == "table" and not m["paused"] for m in told(back))

    run(scenario)


def test_a_game_against_computers_recovered_while_its_person_is_away_is_paused(
    migrated_url: str,
) -> None:
    """A restart while the person is away: the table is taken up without anyone joining
    it, and pauses (before, it ran its clock until someone connected)."""

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(mode="game", seconds=600)
        async with a_table(migrated_url, "mabula", seats, clock) as (runtime, room, (ana, _bob)):
            restarted = Runtime(runtime.database, runtime.pool, runtime.settings)
            try:
                assert await restarted.recover() == 1
                again = restarted.rooms[room.id]
                await until(lambda: again.table.paused_at is not None, 20, "the pause")
                assert "clock" not in again.tasks and "ai" not in again.tasks
                found = await restarted.storage.described(room.id)
                assert found is not None and found[2].paused
                connect(restarted, again, ana)  # she comes back: it goes on
                await until(lambda: again.table.paused_at is None, what="the game going on")
                assert "clock" in again.tasks
            finally:
                await restarted.close()

    run(scenario)


def test_a_table_nobody_was_at_for_the_abandon_time_ends_as_abandoned(migrated_url: str) -> None:
    async def scenario() -> None:
        now = Now()
        days = 3 * 24 * 3600.0
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, now=now) as (
            runtime,
            room,
            (ana, bob),
        ):
            assert runtime.abandoning.after == days  # the default: a few days
            watcher = connect(runtime, room, None)
            await _first_move(runtime, room)
            assert await runtime.abandoning.sweep() == []  # just started
            now.advance(days - 60)
            assert await runtime.abandoning.sweep() == []
            to_ana = connect(runtime, room, ana)  # Ana is here: never abandoned
            now.advance(120)
            assert await runtime.abandoning.sweep() == []
            runtime.leave(room, to_ana)
            now.advance(days + 1)
            assert await runtime.abandoning.sweep() == [room.id]
            assert room.table.status == "abandoned"
            seen = told(watcher)
            assert any(m["type"] == "table" and m["status"] == "abandoned" for m in seen)
            assert any(m["type"] == "state" and m["to_move"] is None for m in seen)
            async with runtime.database.session() as session:
                record = await finished_record(session, room.id)
            assert record["result"] is None and record["ended"]["how"] == "abandoned"
            assert len(record["history"]) >= 2  # the moves are kept
            with pytest.raises(Refusal):
                await runtime.submit(room, room.to_move() or 0, room.seq, "x")
            assert bob != ana

    run(scenario)
