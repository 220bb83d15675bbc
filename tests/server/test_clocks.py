"""Clocks: at zero the easy level moves for the seat; a round time ends MADN by rule 18.

In-process on both backends, each seat's messages as its connection is told them. A
clock's end is brought forward (`time_passes`), not waited out: the scheduler's timer
fires at the deadline it works out from the clock, and the test waits for that event."""

from __future__ import annotations

import random
import time

from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.table.loading import load
from spieltisch.server.table.room import Room
from tests.server.in_process import (
    TWO_PEOPLE,
    a_table,
    connect,
    run,
    state_where,
    states,
    time_passes,
    until,
)

MOVE_SECONDS, GAME_SECONDS, ROUND_SECONDS = 60, 600, 3600


async def moved_on(room: Room, seq: int) -> None:
    """Until the table is past position `seq`, or finished."""
    await until(lambda: room.seq > seq or room.table.status == "finished")


def test_at_zero_on_a_move_clock_the_easy_level_plays_the_move(migrated_url: str) -> None:
    async def scenario() -> None:
        clock = ClockIn(mode="move", seconds=MOVE_SECONDS)
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, clock) as (runtime, room, (ana, _)):
            to_ana = connect(runtime, room, ana)
            first = await state_where(to_ana, lambda m: m["to_move"] == 0)
            assert first["clock"]["mode"] == "move"
            assert 0 < first["clock"]["time_left_ms"][0] <= MOVE_SECONDS * 1000
            time_passes(runtime, room, MOVE_SECONDS - 10)
            assert room.wake_at is not None  # the timer is set for the clock's end
            assert 9 < room.wake_at - time.time() <= 10
            time_passes(runtime, room, 10)
            moved = await state_where(to_ana, lambda m: m["seq"] > first["seq"])
            assert moved["last_moves"][-1]["seat"] == 0
            assert moved["to_move"] == 1

    run(scenario)


def test_a_used_up_game_clock_hands_the_seat_to_the_easy_level(migrated_url: str) -> None:
    async def scenario() -> None:
        clock = ClockIn(mode="game", seconds=GAME_SECONDS)
        async with a_table(migrated_url, "mabula", TWO_PEOPLE, clock) as (runtime, room, (_, bob)):
            to_bob = connect(runtime, room, bob)
            rng, used_up = random.Random(2), False
            while room.table.status != "finished":  # Ana never moves: her time runs out
                seq, seat = room.seq, room.to_move()
                if seat == 1:
                    await runtime.submit(room, 1, seq, rng.choice(room.state.legal_moves()))
                    continue
                if seat == 0 and not used_up:
                    time_passes(runtime, room, GAME_SECONDS)
                    used_up = True
                await moved_on(room, seq)
            final = await state_where(to_bob, lambda m: m["status"] == "finished")
            assert final["clock"]["time_left_ms"][0] == 0
            assert final["clock"]["time_left_ms"][1] > 0

    run(scenario)


def test_a_round_time_ends_mensch_aergere_dich_nicht_by_rule_18(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(round_seconds=ROUND_SECONDS)
        async with a_table(migrated_url, "madn", seats, clock) as (runtime, room, (ana, _)):
            to_ana = connect(runtime, room, ana)
            rng, called = random.Random(3), False
            while room.table.status != "finished":
                await until(lambda: room.to_move() == 0 or room.table.status == "finished")
                if room.table.status == "finished":
                    break
                await runtime.submit(room, 0, room.seq, rng.choice(room.state.legal_moves()))
                if not called:  # the round time is up after Ana's first move
                    time_passes(runtime, room, ROUND_SECONDS)
                    called = True
            stored = await load(runtime.storage, room.id)  # the log as the record has it
            assert "time" in stored.state.history()
            events = [e for m in states(to_ana) for e in m["last_moves"] if e["move"] == "time"]
            assert events and events[0]["seat"] is None

    run(scenario)
