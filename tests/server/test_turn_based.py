"""Turn-based play in-process, days passing at once on a clock the test moves: the
deadline kept in the database, the time bank used, the clock run out (the computer plays
that turn at the person's level, or in a game of two the person loses), a restart that
finds the deadline again, and none of the real-time away rules."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.table.events import (
    ClockRanOut,
    GameFinished,
    GamePaused,
    SeatHandedOver,
    TimeBankUsed,
    TurnStarted,
    VacationStarted,
)
from spieltisch.server.table.leaving import own_level
from spieltisch.store import Database
from spieltisch.store.models import GameTable, TableNotice
from spieltisch.store.turns import take_vacation
from spieltisch.tournament.ratings import Rating
from tests.server.in_process import Now, an_app, connect, guest, run, told, until
from tests.server.servers import drop_postgres_database, new_postgres_database
from tests.server.turn_tables import (
    DAY,
    a_runtime,
    a_table_at_two_apps,
    heard,
    made_table,
    move,
    person_to_move,
)

THREE_AND_A_COMPUTER = [
    SeatIn(kind="me"),
    SeatIn(kind="open"),
    SeatIn(kind="open"),
    SeatIn(kind="ai", level="easy"),
]
TWO_DAYS_AND_A_BANK = ClockIn(mode="turn", days=2, bank_hours=12, bank_max_days=1)


async def stored_deadline(url: str, table_id: str) -> float | None:
    database = Database(url)
    try:
        async with database.session() as session:
            table = await session.get(GameTable, table_id)
            assert table is not None
            deadline = table.deadline
    finally:
        await database.close()
    if deadline is None:
        return None
    from spieltisch.store.turns import seconds

    return seconds(deadline)


async def notices(url: str, table_id: str) -> list[tuple[str, int, dict[str, object]]]:
    database = Database(url)
    try:
        async with database.session() as session:
            rows = await session.execute(select(TableNotice).filter_by(table_id=table_id))
            return [(row.kind, row.seat, row.data) for row in rows.scalars()]
    finally:
        await database.close()


def test_the_move_days_then_the_time_bank_then_the_computer_plays_that_turn(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        table_id, (ana, _bob, _cleo) = await made_table(
            url, "mahe", THREE_AND_A_COMPUTER, TWO_DAYS_AND_A_BANK
        )
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            started = heard(runtime, TurnStarted)[-1]
            # Two days for the move and the bank's first portion of 12 hours.
            assert started.seat == seat
            assert started.deadline.timestamp() == pytest.approx(
                room.turn_started + 2 * DAY + 12 * 3600
            )
            assert started.move_ends.timestamp() == pytest.approx(room.turn_started + 2 * DAY)
            assert await stored_deadline(url, table_id) == pytest.approx(
                room.turn_started + 2 * DAY
            )
            watcher = connect(runtime, room, None)
            clock = [m for m in told(watcher) if m["type"] == "state"][-1]["clock"]
            assert clock["mode"] == "turn" and clock["running"] == seat
            assert clock["on_timeout"] == "computer"
            assert clock["time_left_ms"][seat] == pytest.approx((2 * DAY + 12 * 3600) * 1000, abs=5)
            assert clock["bank_ms"] == [12 * 3600 * 1000, 12 * 3600 * 1000, 12 * 3600 * 1000, None]

            now.advance(DAY)  # a day: nothing due yet
            assert await runtime.turns.sweep() == []
            assert heard(runtime, TimeBankUsed) == []

            now.advance(DAY + 60)  # the move's two days are over: the bank runs
            assert await runtime.turns.sweep() == [table_id]
            used = heard(runtime, TimeBankUsed)
            assert [(u.seat, u.bank_ms) for u in used] == [(seat, 12 * 3600 * 1000)]
            assert await stored_deadline(url, table_id) == pytest.approx(
                room.turn_started + 2 * DAY + 12 * 3600
            )
            words = [m for m in told(watcher) if m["type"] == "notice"]
            assert [w["kind"] for w in words] == ["bank"]
            assert "time bank" in words[0]["words"] and "12 hours" in words[0]["words"]
            assert await runtime.turns.sweep() == []  # told once, not at every sweep

            now.advance(12 * 3600)  # the bank is gone too
            seq = room.seq
            assert await runtime.turns.sweep() == [table_id]
            await until(lambda: room.seq > seq, what="the computer's move for the person")
            ran_out = heard(runtime, ClockRanOut)
            assert [(r.seat, r.turn_based, r.level) for r in ran_out] == [(seat, True, "easy")]
            assert room.log[seq].seat == seat  # played in the person's name
            [said] = [m for m in told(watcher) if m["type"] == "notice"]
            assert said["kind"] == "ran_out" and said["seq"] == seq  # told after that entry
            assert "the computer played this turn" in said["words"]
            assert room.seats[seat].substituted is None  # the seat is still theirs
            assert room.seats[seat].time_left_ms == 0  # the bank is used up
            assert heard(runtime, SeatHandedOver) == []
            kinds = [kind for kind, _seat, _data in await notices(url, table_id)]
            assert kinds == ["bank", "ran_out"]
            assert ana in [s.account_id for s in room.seats]

    run(scenario)


def test_a_strong_players_turn_is_played_at_their_own_level_when_their_time_runs_out(
    url: str,
) -> None:
    """ "At the player's level": the level nearest the person's rating in the game, not
    the table's default (the test above has everyone at the starting rating: easy). A
    person rated well above Mahé's "hard" reference is played for at "hard"."""

    async def scenario() -> None:
        now = Now()
        table_id, _accounts = await made_table(
            url, "mahe", THREE_AND_A_COMPUTER, ClockIn(mode="turn", days=1)
        )
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            strong = room.seats[seat].account_id

            async def rating_of(game: str, account: int) -> Rating:
                return Rating(40.0, 2.0) if (game, account) == ("mahe", strong) else Rating()

            runtime.leaving.rating_of = rating_of
            assert own_level("mahe", Rating(40.0, 2.0)) == "hard" != own_level("mahe", Rating())
            seq = room.seq
            now.advance(DAY + 60)
            assert await runtime.turns.sweep() == [table_id]
            await until(lambda: room.seq > seq, what="the computer's move for the person")
            ran_out = heard(runtime, ClockRanOut)
            assert [(r.seat, r.turn_based, r.level) for r in ran_out] == [(seat, True, "hard")]
            assert room.log[seq].seat == seat and room.seats[seat].substituted is None

    run(scenario)


def test_a_notice_written_by_a_process_behind_the_log_comes_after_its_last_entry(
    url: str,
) -> None:
    """A vacation taken through a process whose copy of the table is behind the log (on
    PostgreSQL with two processes, the one not holding the table: its copy was still at
    position 0) wrote its notice at that position, under the first entry, and the
    pages showed it nowhere (seen 1 run in 3 in web/test_notice_across_pages.py). It
    is stored after the log's last entry."""

    async def scenario() -> None:
        now = Now()
        table_id, _accounts = await made_table(
            url, "mahe", THREE_AND_A_COMPUTER, TWO_DAYS_AND_A_BANK
        )
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            await move(runtime, room, seat)
            await until(lambda: room.seq >= 2, what="a move in the log")
            last = room.seq
            until_ = datetime.fromtimestamp(now() + 3 * DAY, UTC).isoformat()
            await runtime.turns.store.add_notices(
                table_id, 0, [("vacation", seat, {"until": until_})], now()
            )
        database = Database(url)
        try:
            async with database.session() as session:
                rows = await session.execute(select(TableNotice).filter_by(table_id=table_id))
                assert [(row.kind, row.seq) for row in rows.scalars()] == [("vacation", last)]
        finally:
            await database.close()

    run(scenario)


def test_a_move_in_time_fills_the_bank_up_to_its_cap(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        table_id, _people = await made_table(url, "mahe", THREE_AND_A_COMPUTER, TWO_DAYS_AND_A_BANK)
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            now.advance(3600)
            await move(runtime, room, seat)
            assert room.seats[seat].time_left_ms == DAY * 1000  # 12 h + 12 h, the cap
            # Days later, another person's deadline counts from their turn's start.
            other = await person_to_move(runtime, room)
            if other == seat:
                return  # Mahé: the same person goes on rolling
            assert room.deadline == pytest.approx(room.turn_started + 2 * DAY)
            assert room.turn_started == pytest.approx(now())

    run(scenario)


def test_in_a_game_of_two_the_person_out_of_time_loses(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open")]
        table_id, _people = await made_table(url, "mabula", seats, ClockIn(mode="turn", days=1))
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            assert room.clock is not None and room.clock.on_timeout == "lose"
            seat = await person_to_move(runtime, room)
            now.advance(DAY + 1)
            assert await runtime.turns.sweep() == [table_id]
            assert [r.seat for r in heard(runtime, ClockRanOut)] == [seat]
            handed = heard(runtime, SeatHandedOver)
            assert [(h.seat, h.reason) for h in handed] == [(seat, "timed_out")]
            assert heard(runtime, GameFinished)
            assert room.table.status == "finished"
            assert await stored_deadline(url, table_id) is None

    run(scenario)


def test_a_restarted_server_finds_the_deadline_and_acts(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open")]
        clock = ClockIn(mode="turn", days=3, on_timeout="computer")
        table_id, _people = await made_table(url, "mabula", seats, clock)
        async with a_runtime(url, now) as first:
            room = await first.room(table_id)
            seat = await person_to_move(first, room)
            deadline, seq = room.deadline, room.seq
            assert deadline is not None
        assert await stored_deadline(url, table_id) == pytest.approx(deadline)
        now.advance(3 * DAY + 1)  # the server was down when the time ran out
        async with a_runtime(url, now) as second:
            assert await second.turns.sweep() == [table_id]
            room = await second.room(table_id)
            await until(lambda: room.seq > seq, what="the computer's move for the person")
            assert room.log[seq].seat == seat
            assert [r.seat for r in heard(second, ClockRanOut)] == [seat]
            assert room.table.status == "running"
            assert room.seats[seat].substituted is None

    run(scenario)


def test_no_real_time_away_rule_touches_a_turn_based_game(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(mode="turn", days=7)
        table_id, (ana, _bob, _cleo) = await made_table(url, "mabula", seats, clock)
        async with a_runtime(
            url, now, abort_unplayed_seconds=1.0, abandon_after_seconds=3600.0
        ) as runtime:
            room = await runtime.room(table_id)
            await person_to_move(runtime, room)
            assert "abort" not in room.tasks and "clock" not in room.tasks
            connection = connect(runtime, room, ana)
            runtime.leave(room, connection)  # the one person against a computer leaves
            now.advance(5 * DAY)
            assert await runtime.abandoning.sweep() == []
            assert heard(runtime, GamePaused) == []
            assert room.table.paused_at is None and room.table.status == "running"

    run(scenario)


def test_nobody_claims_the_seat_of_a_person_away_for_days(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open")]
        table_id, (ana, _bob, _cleo) = await made_table(
            url, "mabula", seats, ClockIn(mode="turn", days=7)
        )
        async with a_runtime(url, now) as runtime:
            room = await runtime.room(table_id)
            connect(runtime, room, ana)  # Bob never comes
            now.advance(4 * DAY)
            with pytest.raises(Refusal) as refused:
                await runtime.leaving.hand_over(table_id, ana, 1)
            assert refused.value.code == Code.CONFLICT
            assert "turn-based" in refused.value.message

    run(scenario)


def test_a_turn_based_table_is_made_through_the_api_and_bad_clocks_are_named(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, _services):
            _ana, as_ana = await guest(client, "Ana")
            made = await client.post(
                "/api/tables",
                json={
                    "game": "mahe",
                    "options": {"players": 3},
                    "clock": {"mode": "turn", "days": 3},
                },
                headers=as_ana,
            )
            assert made.status_code in (200, 201), made.text
            assert made.json()["clock"]["mode"] == "turn"
            assert made.json()["clock"]["on_timeout"] == "computer"  # three players
            two = await client.post(
                "/api/tables",
                json={
                    "game": "mabula",
                    "clock": {"mode": "turn", "days": 1, "bank_hours": 6, "bank_max_days": 2},
                },
                headers=as_ana,
            )
            assert two.status_code in (200, 201), two.text
            assert two.json()["clock"]["on_timeout"] == "lose"  # two players
            assert two.json()["clock"]["bank_max_seconds"] == 2 * DAY
            assert made.json()["speed"] == two.json()["speed"] == "turn"
            listed = await client.get("/api/tables?speed=turn")
            assert {t["id"] for t in listed.json()["tables"]} == {
                made.json()["id"],
                two.json()["id"],
            }
            assert (await client.get("/api/tables?speed=slow")).json()["tables"] == []
            for clock, named in [
                ({"mode": "turn"}, "days"),
                ({"mode": "turn", "days": 15}, "days"),
                ({"mode": "turn", "days": 2, "seconds": 60}, "seconds"),
                ({"mode": "move", "seconds": 60, "days": 2}, "turn"),
                ({"mode": "turn", "days": 2, "bank_max_days": 3}, "bank_hours"),
            ]:
                refused = await client.post(
                    "/api/tables", json={"game": "mabula", "clock": clock}, headers=as_ana
                )
                assert refused.status_code in (400, 422), (clock, refused.text)
                assert named in refused.text, (clock, refused.text)

    run(scenario)


async def _three_and_a_computer(client: Any, clock: dict[str, Any]) -> tuple[str, list[Any]]:
    """Ana, Bob and Cleo (guests) and a computer at a started turn-based Mahé table."""
    people = []
    for name in ("Ana", "Bob", "Cleo"):
        people.append(await guest(client, name))
        client.cookies.clear()  # each acts by its own header
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
    made = await client.post(
        "/api/tables",
        json={"game": "mahe", "seats": seats, "clock": clock},
        headers=people[0][1],
    )
    assert made.status_code in (200, 201), made.text
    table = made.json()["id"]
    for _account, headers in people[1:]:
        joined = await client.post(f"/api/tables/{table}/join", json={}, headers=headers)
        assert joined.status_code == 200, joined.text
    started = await client.post(f"/api/tables/{table}/start", headers=people[0][1])
    assert started.status_code == 200, started.text
    return table, people


def test_my_games_list_the_games_waiting_for_me_first(migrated_url: str) -> None:
    """On both backends: on PostgreSQL the list once answered 500 (`SELECT DISTINCT`
    over the tables' JSON columns, which PostgreSQL's json type cannot compare)."""
    url = migrated_url

    async def scenario() -> None:
        now = Now()
        async with an_app(url, now=now) as (client, services):
            first, people = await _three_and_a_computer(client, {"mode": "turn", "days": 2})
            room = await services.runtime.room(first)
            seat = await person_to_move(services.runtime, room)
            mover = people[seat]
            others = [p for i, p in enumerate(people) if i != seat]
            mine = (await client.get("/api/me/turns?lang=de", headers=mover[1])).json()
            assert mine["waiting"] == 1
            [game] = mine["games"]
            assert game["table"] == first and game["mine"] and game["title"] == "Mahé"
            assert game["time_left_ms"] == pytest.approx(2 * DAY * 1000, abs=2000)
            assert game["link"].endswith(first)
            theirs = (await client.get("/api/me/turns", headers=others[0][1])).json()
            assert theirs["waiting"] == 0 and not theirs["games"][0]["mine"]
            # A person moves: the last move in words, by name, for everyone.
            now.advance(3600)
            legal = room.state.legal_moves()
            await services.runtime.submit(room, seat, room.seq, legal[0])
            seen = (await client.get("/api/me/turns?lang=en", headers=others[1][1])).json()
            assert seen["games"][0]["last_by"] == ["Ana", "Bob", "Cleo"][seat]
            assert seen["games"][0]["last_move"]
            stranger = await client.get("/api/me/turns")
            assert stranger.status_code == 401
            # Listed once: not again among the real-time games to go back to.
            running = (await client.get("/api/me/running", headers=mover[1])).json()
            assert first not in [table["id"] for table in running["tables"]]

    run(scenario)


def test_a_vacation_stops_the_clock_in_every_turn_based_game_and_is_told(
    migrated_url: str,
) -> None:
    """On both backends (on PostgreSQL taking a vacation once answered 500)."""
    url = migrated_url

    async def scenario() -> None:
        now = Now()
        async with an_app(url, now=now, vacation_days=10) as (client, services):
            runtime = services.runtime
            table, people = await _three_and_a_computer(client, {"mode": "turn", "days": 2})
            room = await runtime.room(table)
            seat = await person_to_move(runtime, room)
            _account, headers = people[seat]
            deadline = room.deadline
            assert deadline is not None
            watcher = connect(runtime, room, None)
            told(watcher)
            now.advance(DAY)
            taken = await client.post("/api/me/vacation", json={"days": 3}, headers=headers)
            assert taken.status_code == 200, taken.text
            assert taken.json()["left_days"] == 7 and taken.json()["until"]
            notices_seen = [m for m in told(watcher) if m["type"] == "notice"]
            assert [n["kind"] for n in notices_seen] == ["vacation"]
            assert "vacation" in notices_seen[0]["words"]
            await until(lambda: room.deadline == pytest.approx(deadline + 3 * DAY), what="moved")
            assert [kind for kind, *_rest in await notices(url, table)] == ["vacation"]
            # The page's clock stands still: how long the vacation lasts, and the day left
            # of the move's two days (the time to the deadline less the vacation).
            clock = [m for m in told(connect(runtime, room, None)) if m["type"] == "state"][-1][
                "clock"
            ]
            assert clock["vacation_ms"] == pytest.approx(3 * DAY * 1000, abs=2000)
            left = clock["time_left_ms"][seat] - clock["vacation_ms"]
            assert left == pytest.approx(DAY * 1000, abs=2000)
            now.advance(DAY + 60)  # past the old deadline: nothing happens
            assert await runtime.turns.sweep() == []
            again = await client.post("/api/me/vacation", json={"days": 1}, headers=headers)
            assert again.status_code == 409 and "vacation already" in again.text
            ended = await client.delete("/api/me/vacation", headers=headers)
            assert ended.status_code == 200 and ended.json()["until"] is None
            assert ended.json()["left_days"] == pytest.approx(10 - 1 - 1 / 24 / 60, abs=1e-3)
            too_long = await client.post("/api/me/vacation", json={"days": 9.5}, headers=headers)
            assert too_long.status_code == 409 and "left" in too_long.text
            # The clock ran two days and a minute of real play time: the vacation's day
            # and a minute did not count; the deadline is a day and a minute later.
            await until(
                lambda: room.deadline == pytest.approx(deadline + DAY + 60, abs=1),
                what="the deadline back",
            )

    run(scenario)


def test_of_two_processes_on_postgresql_only_the_one_holding_the_table_acts(
    postgres: str, migrated_postgres: str
) -> None:
    url = new_postgres_database(postgres, migrated_postgres)

    async def scenario() -> None:
        now = Now()
        clock = {"mode": "turn", "days": 1, "on_timeout": "computer"}
        async with a_table_at_two_apps(url, now, clock) as two:
            owner, other, table = two.owner, two.other, two.table
            room = await owner.runtime.room(table)
            seat = await person_to_move(owner.runtime, room)
            seq = room.seq
            now.advance(DAY + 1)
            assert await other.runtime.turns.sweep() == []  # it does not hold the table
            assert await owner.runtime.turns.sweep() == [table]
            await until(lambda: room.seq > seq, what="the computer's move for the person")
            assert room.log[seq].seat == seat
            ran_out = [e for app in (owner, other) for e in app.heard if isinstance(e, ClockRanOut)]
            assert [(e.seat, e.turn_based) for e in ran_out] == [(seat, True)]  # once

    try:
        run(scenario)
    finally:
        drop_postgres_database(url)


def test_a_waiting_turn_based_table_leaves_memory_and_its_deadline_brings_it_back(
    url: str,
) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="open")]
        clock = ClockIn(mode="turn", days=2, on_timeout="computer")
        table_id, _people = await made_table(url, "mabula", seats, clock)
        async with a_runtime(url, now, idle_seconds=0.05) as runtime:
            room = await runtime.room(table_id)
            seat = await person_to_move(runtime, room)
            seq = room.seq
            await until(lambda: table_id not in runtime.rooms, what="the table forgotten")
            now.advance(2 * DAY + 1)
            assert await runtime.turns.sweep() == [table_id]
            again = runtime.rooms[table_id]
            assert again is not room
            await until(lambda: again.seq > seq, what="the computer's move for the person")
            assert again.log[seq].seat == seat

    run(scenario)


def test_a_vacation_does_not_stop_a_tournament_game(url: str) -> None:
    async def scenario() -> None:
        now = Now()
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        clock = ClockIn(mode="turn", days=2)
        casual, (ana, _bob, _cleo) = await made_table(url, "mabula", seats, clock)
        cup, (ana_too, _b, _c) = await made_table(url, "mabula", seats, clock, tournament="cup")
        async with a_runtime(url, now) as runtime:
            rooms = [await runtime.room(casual), await runtime.room(cup)]
            for room in rooms:
                await person_to_move(runtime, room)
            before = [room.deadline for room in rooms]
            until_then = now() + 5 * DAY
            database = Database(url)
            try:
                async with database.session() as session:
                    await take_vacation(session, ana, now(), until_then)
                    await take_vacation(session, ana_too, now(), until_then)
                    await session.commit()
            finally:
                await database.close()
            assert await runtime.turns.vacation_taken(ana, until_then) == 1
            assert await runtime.turns.vacation_taken(ana_too, until_then) == 0
            assert rooms[0].deadline == pytest.approx((before[0] or 0) + 5 * DAY)
            async with runtime.publisher.holding(rooms[1]) as events:
                events += await runtime.turns.refresh(rooms[1], force=True)  # worked out again
            assert rooms[1].deadline == before[1]  # the tournament's clock runs on
            told = heard(runtime, VacationStarted)
            assert [(v.account, v.seat) for v in told] == [(ana, 0)]

    run(scenario)
