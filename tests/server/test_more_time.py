"""More time for a person, given by the table's creator during the game (issue 45, WCAG
2.2.1): a clock per move grows for every move of that seat, a clock per game by the
time given, a turn-based bank by days; each extension is kept in the table's clock for
the log; refused with a reason to anyone else, in a tournament game, without a clock, for
a computer's seat, with days for a real-time clock or seconds for a turn-based one."""

from __future__ import annotations

import pytest

from spieltisch.core.i18n import language
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.table.events import TurnStarted
from spieltisch.server.table.room import Room
from tests.server.in_process import (
    TWO_PEOPLE,
    Now,
    a_table,
    an_app,
    connect,
    guest,
    run,
    told,
    until,
)
from tests.server.test_turn_based import stored_deadline
from tests.server.turn_tables import DAY, a_runtime, heard, made_table, move, person_to_move

MOVE_CLOCK = ClockIn(mode="move", seconds=30)
TURN_CLOCK = ClockIn(mode="turn", days=2, bank_hours=12, bank_max_days=1)
HOUR = 3600.0


async def _to_move(room: Room) -> int:
    await until(lambda: room.to_move() is not None)
    seat = room.to_move()
    assert seat is not None
    return seat


def test_a_clock_per_move_grows_for_the_seat_given_more_time(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE, MOVE_CLOCK) as (runtime, room, (ana, bob)):
            to_bob = connect(runtime, room, bob)
            told(to_bob)
            seat = await _to_move(room)
            described = await runtime.extending.extend(room.id, ana, seat, 300, False)
            assert described.clock is not None
            assert described.clock["extra"] == {str(seat): 300.0}
            assert described.clock["extensions"] == [
                {"seat": seat, "seconds": 300.0, "double": False, "seq": room.seq}
            ]
            # the move under way has the time too: its clock and the scheduler's deadline
            state = [m for m in told(to_bob) if m["type"] == "state"][-1]
            assert state["clock"]["time_left_ms"][seat] > 300_000
            assert room.wake_at is not None and room.wake_at - room.turn_started > 300
            # doubling doubles the seat's time per move (30 + 300 -> 660), the other's stays
            await runtime.extending.extend(room.id, ana, seat, None, True)
            assert room.clock is not None
            assert room.clock.move_ms(seat) == 660_000 and room.clock.move_ms(1 - seat) == 30_000
            await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
            other = await _to_move(room)
            assert other != seat and room.wake_at - room.turn_started == pytest.approx(30, abs=1)

    run(scenario)


def test_a_clock_per_game_gives_the_time_once_and_doubling_doubles_what_is_left(
    url: str,
) -> None:
    async def scenario() -> None:
        clock = ClockIn(mode="game", seconds=120)
        async with a_table(url, "mabula", TWO_PEOPLE, clock) as (runtime, room, (ana, _bob)):
            seat = await _to_move(room)
            other = 1 - seat
            await runtime.extending.extend(room.id, ana, other, 60, False)
            assert room.seats[other].time_left_ms == 180_000
            await runtime.extending.extend(room.id, ana, other, None, True)
            assert room.seats[other].time_left_ms == 360_000
            assert room.seats[seat].time_left_ms == 120_000
            extensions = (room.table.clock or {})["extensions"]
            assert [(e["seconds"], e["double"]) for e in extensions] == [(60, False), (180, True)]

    run(scenario)


def test_refused_with_a_reason(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), SeatIn(kind="ai", level="easy")]
        async with a_table(url, "mahe", seats, MOVE_CLOCK) as (runtime, room, (ana, bob)):
            cases = [
                (bob, 0, 60, False, Code.FORBIDDEN, "only the table's creator"),
                (ana, 2, 60, False, Code.CONFLICT, "played by the computer"),
                (ana, 5, 60, False, Code.INVALID, "no seat 5: the seats are 0 to 2"),
                (ana, 0, 60, True, Code.INVALID, "one of the three"),
                (ana, 0, None, False, Code.INVALID, "one of the three"),
                (ana, 0, 7 * 24 * 3600, False, Code.CONFLICT, "more than 7 days"),
            ]
            for account, seat, seconds, double, code, words in cases:
                with pytest.raises(Refusal) as refused:
                    await runtime.extending.extend(room.id, account, seat, seconds, double)
                assert refused.value.code == code and words.lower() in refused.value.message.lower()
            with pytest.raises(Refusal, match=r"(?i)days go to a turn-based game's time bank"):
                await runtime.extending.extend(room.id, ana, 0, None, False, 1)
            room.table.tournament_id = "a tournament"
            with language("de"), pytest.raises(Refusal) as tournament:
                await runtime.extending.extend(room.id, ana, 0, 60, False)
            assert tournament.value.code == Code.CONFLICT
            assert "Turnierpartie" in tournament.value.message
            assert (room.table.clock or {}).get("extensions") is None  # nothing changed

    run(scenario)


def test_without_a_clock_there_is_nothing_to_extend(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            with pytest.raises(Refusal, match="no clock"):
                await runtime.extending.extend(room.id, ana, 1, 60, False)

    run(scenario)


def test_a_turn_based_bank_is_given_days_and_keeps_them_past_its_cap(url: str) -> None:
    """Turn-based: the creator gives the seat to move days in its time bank while the bank
    runs; the stored deadline moves with them (and is told again for the reminders), and
    the move made keeps what is left of them although the bank's cap is one day."""

    async def scenario() -> None:
        now = Now()
        table_id, (ana, bob, _cleo) = await made_table(url, "mabula", TWO_PEOPLE, TURN_CLOCK)
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            now.advance(2 * DAY + 60)  # the move's two days are over: the bank runs
            assert await runtime.turns.sweep() == [table_id]
            bank_ends = room.turn_started + 2 * DAY + 12 * HOUR
            assert await stored_deadline(url, table_id) == pytest.approx(bank_ends)
            for words, seconds, double, days in [
                ("whole days", 60, False, None),
                ("whole days", None, True, None),
                ("one of the three", 60, False, 1),
            ]:
                with pytest.raises(Refusal, match=f"(?i){words}"):
                    await runtime.extending.extend(table_id, ana, seat, seconds, double, days)
            with pytest.raises(Refusal, match=r"(?i)only the table's creator"):
                await runtime.extending.extend(table_id, bob, seat, None, False, 1)
            described = await runtime.extending.extend(table_id, ana, seat, None, False, 3)
            assert described.clock is not None
            assert described.clock["extensions"] == [
                {"seat": seat, "seconds": 3 * DAY, "double": False, "seq": room.seq}
            ]
            assert room.seats[seat].time_left_ms == (12 * HOUR + 3 * DAY) * 1000
            assert await stored_deadline(url, table_id) == pytest.approx(bank_ends + 3 * DAY)
            assert heard(runtime, TurnStarted)[-1].deadline.timestamp() == pytest.approx(
                bank_ends + 3 * DAY
            )
            now.advance(12 * HOUR + 60)  # the bank's first 12 hours are gone: days remain
            assert await runtime.turns.sweep() == []
            seq = room.seq
            await move(runtime, room, seat)
            await until(lambda: room.seq > seq, what="the move")
            # 3 days 12 hours less the 12 hours 2 minutes spent past the move's days:
            # over the cap of one day, kept (the move's portion is not added past the cap)
            left = room.seats[seat].time_left_ms
            assert left == pytest.approx((3 * DAY - 120) * 1000, abs=5000)
            # at most 30 days in a bank
            other = 1 - seat
            for _ in range(4):
                await runtime.extending.extend(table_id, ana, other, None, False, 7)
            with pytest.raises(Refusal, match="more than 30 days"):
                await runtime.extending.extend(table_id, ana, other, None, False, 7)

    run(scenario)


def test_the_api_gives_more_time_and_a_rematch_starts_without_it(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, _services):
            _ana, as_ana = await guest(client, "Ana")
            _bob, as_bob = await guest(client, "Bob")
            client.cookies.clear()  # each acts by its own header
            created = await client.post(
                "/api/tables",
                json={
                    "game": "mabula",
                    "seats": [{"kind": "me"}, {"kind": "open"}],
                    "clock": {"mode": "move", "seconds": 30},
                },
                headers=as_ana,
            )
            table = created.json()["id"]
            joined = await client.post(f"/api/tables/{table}/join", json={}, headers=as_bob)
            assert joined.status_code == 200, joined.text
            started = await client.post(f"/api/tables/{table}/start", headers=as_ana)
            assert started.status_code == 200, started.text
            assert started.json()["status"] == "running", started.text
            url_more = f"/api/tables/{table}/more-time"
            given = await client.post(url_more, json={"seat": 1, "seconds": 60}, headers=as_ana)
            assert given.status_code == 200, given.text
            assert given.json()["clock"]["extra"] == {"1": 60.0}
            refused = await client.post(
                url_more,
                json={"seat": 0, "double": True},
                headers={**as_bob, "Accept-Language": "fr"},
            )
            assert refused.status_code == 403
            assert "créateur de la table" in refused.json()["detail"]
            bad = await client.post(url_more, json={"seat": 0, "seconds": 0}, headers=as_ana)
            assert bad.status_code == 422
            resigned = await client.post(f"/api/tables/{table}/resign", headers=as_bob)
            assert resigned.json()["status"] == "finished"
            again = await client.post(f"/api/tables/{table}/rematch", headers=as_ana)
            assert again.json()["clock"] == {
                k: v for k, v in given.json()["clock"].items() if k not in ("extra", "extensions")
            }

    run(scenario)
