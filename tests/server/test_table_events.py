"""The table as a stream of events, in-process: a command in, the events out
(`server/table/events.py`), and the one publisher that tells them (`publish.py`).

Each test listens as a subscriber of the publisher, which hears every batch a command
published; a command itself sends nothing to a connection."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.table import view
from spieltisch.server.table.events import (
    ChatLine,
    ClockRanOut,
    EntriesCommitted,
    EntriesFollowed,
    Event,
    GameFinished,
    HandOverReason,
    PositionAsked,
    PresenceChanged,
    Refused,
    Replied,
    SeatHandedOver,
    TableAborted,
    TableChanged,
    TakebackApplied,
    TakebackAsked,
)
from spieltisch.server.table.leaving import Choice, own_level
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.tournament.ratings import Rating
from tests.server.in_process import (
    QUICK_SECONDS,
    TWO_PEOPLE,
    a_quick_clock,
    a_table,
    connect,
    everyone_moves_once,
    run,
    states,
    time_passes,
    told,
    until,
)

COMPUTER = SeatIn(kind="ai", level="easy")


class EventRecorder:
    """Every batch of events the publisher published, as a subscriber hears them."""

    def __init__(self, runtime: Runtime) -> None:
        self.batches: list[list[Event]] = []
        runtime.publisher.subscribers.append(self)

    def __call__(self, room: Room, events: Sequence[Event]) -> None:
        self.batches.append(list(events))

    def take(self) -> list[Event]:
        """The events heard since the last take, in order."""
        events = [event for batch in self.batches for event in batch]
        self.batches.clear()
        return events


def listening(
    runtime: Runtime, room: Room, *accounts: int | None
) -> tuple[EventRecorder, list[Connection]]:
    """An event recorder, and a connection for each of `accounts` (None: a guest), both
    emptied of what opening the connections told."""
    heard = EventRecorder(runtime)
    connections = [connect(runtime, room, account) for account in accounts]
    for connection in connections:
        told(connection)
    heard.take()
    return heard, connections


def test_a_move_and_the_chance_after_it_are_one_batch_and_sent_nothing_themselves(
    url: str,
) -> None:
    async def scenario() -> None:
        async with a_table(url, "madn", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            to_ana = connect(runtime, room, ana)
            told(to_ana)
            seq, seat = room.seq, room.state.current_player
            async with room.lock:  # the command alone: events out, no message
                _ack, events = await runtime.moves.submit(
                    room, seat, seq, room.state.legal_moves()[0]
                )
            assert told(to_ana) == []
            assert events == [EntriesCommitted(seq + 1, room.seq, seat)]
            assert room.seq >= seq + 2  # the move, then the next die
            assert [item.seat for item in room.log[seq:]] == [seat] + [None] * (room.seq - seq - 1)
            runtime.publisher.publish(room, events)
            assert [m["seq"] for m in states(to_ana)] == [room.seq]

    run(scenario)


def test_a_refused_move_is_no_event_and_the_refusal_goes_to_its_connection(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            heard, (to_ana,) = listening(runtime, room, ana)
            edge = room.state.legal_moves()[0].split("-")[0]
            with pytest.raises(Refusal) as refused:  # a marble moves at least one square
                await runtime.submit(room, 0, room.seq, f"{edge}-{edge}")
            assert heard.take() == []
            runtime.refuse(room, to_ana, refused.value, room.seq)
            message = refused.value.message
            assert heard.take() == [Refused(to_ana, Code.ILLEGAL_MOVE, message, room.seq, "rule-1")]
            (error,) = told(to_ana)
            assert (error["type"], error["code"], error["rule"]) == (
                "error",
                "illegal_move",
                "rule-1",
            )
            assert isinstance(refused.value.code, Code)

    run(scenario)


def test_resigning_hands_the_seat_over_and_ends_a_game_of_two(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            heard, (to_bob,) = listening(runtime, room, bob)
            await runtime.hand_over(room.id, ana, None)
            events = heard.take()
            handed = [event for event in events if isinstance(event, SeatHandedOver)]
            assert [(e.seat, e.reason) for e in handed] == [(0, HandOverReason.RESIGNED)]
            assert handed[0].table is not None and handed[0].table.seats[0].resigned
            (finished,) = [event for event in events if isinstance(event, GameFinished)]
            assert finished.result is not None and finished.result["resigned"] == [0]
            kinds = [m["type"] for m in told(to_bob)]
            assert kinds[:2] == ["table", "state"]  # the seats, then the final position

    run(scenario)


def test_a_seat_away_long_enough_is_played_by_a_substitute_at_its_level(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="open"), SeatIn(kind="ai", level="easy")]
        async with a_table(url, "mahe", seats, claim_after_seconds=0.0) as (
            runtime,
            room,
            (ana, _bob),
        ):
            heard = EventRecorder(runtime)
            connect(runtime, room, ana)  # Bob never comes: away
            heard.take()
            with pytest.raises(Refusal, match="game of two"):  # three seats: no win to claim
                await runtime.hand_over(room.id, ana, 1, Choice.WIN)
            await runtime.hand_over(room.id, ana, 1)
            handed = [e for e in heard.take() if isinstance(e, SeatHandedOver)]
            assert [(e.seat, e.reason) for e in handed] == [(1, HandOverReason.SUBSTITUTE)]
            assert room.controller(1) == own_level("mahe", Rating())
            assert room.table.status == "running" and not room.seats[1].handed

    run(scenario)


def test_a_clock_run_out_under_lose_hands_the_seat_over(url: str) -> None:
    async def scenario() -> None:
        clock = ClockIn(mode="move", seconds=60, on_timeout="lose")
        async with a_table(url, "mabula", TWO_PEOPLE, clock) as (runtime, room, _accounts):
            await everyone_moves_once(runtime, room)  # before, it is an abort
            heard = EventRecorder(runtime)
            seat = room.to_move()
            time_passes(runtime, room, 60)  # the minute is over, not waited out
            await until(lambda: room.table.status == "finished")
            events = heard.take()
            assert ClockRanOut(seat) in events  # type: ignore[arg-type]
            handed = [e for e in events if isinstance(e, SeatHandedOver)]
            assert [(e.seat, e.reason) for e in handed] == [(seat, HandOverReason.TIMED_OUT)]
            assert any(isinstance(e, GameFinished) for e in events)

    run(scenario)


def test_a_clock_run_out_lets_the_computer_move_for_the_seat(url: str) -> None:
    async def scenario() -> None:
        clock = a_quick_clock(mode="move", seconds=QUICK_SECONDS)  # nobody moves against it
        async with a_table(url, "mabula", TWO_PEOPLE, clock) as (runtime, room, _accounts):
            heard = EventRecorder(runtime)
            seat, seq = room.to_move(), room.seq
            await until(lambda: room.seq > seq)
            batch = heard.batches[0]
            assert batch[0] == ClockRanOut(seat)  # type: ignore[arg-type]
            assert isinstance(batch[1], EntriesCommitted) and batch[1].seat == seat

    run(scenario)


def test_a_table_nobody_moved_at_is_aborted(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE, abort_unplayed_seconds=0.0) as (
            runtime,
            room,
            _accounts,
        ):
            heard = EventRecorder(runtime)
            runtime.scheduler.schedule(room)  # set going again, now heard
            await until(lambda: room.table.status == "aborted")
            aborted = [e for e in heard.take() if isinstance(e, TableAborted)]
            assert [e.by for e in aborted] == [None]
            assert room.table.ending == {"how": "aborted", "by": None}

    run(scenario)


def test_a_takeback_is_asked_answered_and_applied(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (_ana, bob)):
            heard, (to_bob,) = listening(runtime, room, bob)
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            heard.take()
            told(to_bob)
            await runtime.ask_takeback(room, 0)
            (asked,) = heard.take()
            assert isinstance(asked, TakebackAsked)
            assert (asked.request.seat, asked.request.waiting) == (0, {1})
            await runtime.answer_takeback(room, 1, False)
            (declined,) = heard.take()
            assert isinstance(declined, TakebackAsked) and declined.request.declined_by == 1
            assert asked.request.declined_by is None  # an event is never changed after
            await runtime.ask_takeback(room, 0)
            heard.take()
            await runtime.answer_takeback(room, 1, True)
            committed, applied = heard.take()
            assert committed == EntriesCommitted(room.seq, room.seq, 0)
            assert applied == TakebackApplied(room.seq, 1)
            kinds = [m["type"] for m in told(to_bob)]
            assert kinds == ["takeback", "takeback", "takeback", "state", "takeback"]

    run(scenario)


def test_a_chat_line_goes_to_whoever_hears_the_chat(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            heard, (to_bob, guest) = listening(runtime, room, bob, None)
            await runtime.say(room, ana, "hello")
            (line,) = heard.take()
            assert isinstance(line, ChatLine) and line.line.text == "hello" and line.to is None
            assert [m["text"] for m in told(to_bob)] == ["hello"]
            # A watcher of the public table: not the players' room while the game runs.
            assert [m["text"] for m in told(guest)] == []

    run(scenario)


def test_presence_is_told_to_a_connection_that_opens_and_everyone_when_it_changes(
    url: str,
) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            heard = EventRecorder(runtime)
            to_ana = connect(runtime, room, ana)
            asked, presence = heard.take()[:2]
            assert asked == PositionAsked(to_ana, 0)
            assert isinstance(presence, PresenceChanged) and presence.changed
            to_bob = connect(runtime, room, bob)
            heard.take()
            runtime.leave(room, to_bob)
            (gone,) = [e for e in heard.take() if isinstance(e, PresenceChanged)]
            assert gone.changed and [s.here for s in gone.presence.seats] == [True, False]
            watcher = Connection(None, None, "en")
            runtime.enter(room, watcher)
            events = heard.take()
            (shown,) = [e for e in events if isinstance(e, PresenceChanged)]
            assert shown.to is watcher
            assert [m["type"] for m in told(watcher)] == ["state", "presence"]

    run(scenario)


def test_news_from_another_process_is_entries_followed(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, _accounts):
            other = Runtime(runtime.database, runtime.pool, runtime.settings)
            try:
                there = await other.room(room.id)
                heard = EventRecorder(runtime)
                seq = room.seq
                await other.submit(there, 0, seq, there.state.legal_moves()[0])
                await runtime.hearing.on_moved(room.id, there.seq)
                assert heard.take() == [EntriesFollowed(seq + 1, there.seq)]
                assert room.state.history() == there.state.history()
            finally:
                await other.close()

    run(scenario)


def test_the_lobby_changing_a_table_is_table_changed(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            heard, (to_ana,) = listening(runtime, room, ana)
            await runtime.changed(room.id)
            changed = [e for e in heard.take() if isinstance(e, TableChanged)]
            assert [(e.was, e.now) for e in changed] == [("running", "running")]
            assert [m["type"] for m in told(to_ana)][:2] == ["table", "state"]

    run(scenario)


def test_a_reply_goes_to_its_connection_alone(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            to_ana, to_bob = connect(runtime, room, ana), connect(runtime, room, bob)
            told(to_ana), told(to_bob)
            ack = await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            told(to_ana), told(to_bob)
            runtime.reply(room, to_ana, ack)
            assert [m["type"] for m in told(to_ana)] == ["ack"] and told(to_bob) == []
            assert Replied(to_ana, ack).to is to_ana

    run(scenario)


def test_the_state_message_is_rendered_once_per_audience_not_per_connection(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twelve connections in three audiences (Ana in English, spectators in English and
    in German): three state messages built, each connection its audience's text."""
    rendered: list[tuple[int | None, str]] = []
    real = view.state_message

    def counting(
        room: Room, seat: int | None, lang: str, since: int, layers: bool = False, now: Any = None
    ) -> Any:
        rendered.append((seat, lang))
        return real(room, seat, lang, since, layers, now)

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            audiences = [(ana, "en")] * 4 + [(None, "en")] * 4 + [(None, "de")] * 4
            connections = [connect(runtime, room, who, lang) for who, lang in audiences]
            for connection in connections:
                told(connection)
            monkeypatch.setattr(view, "state_message", counting)
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            assert sorted(rendered, key=str) == sorted(
                [(0, "en"), (None, "en"), (None, "de")], key=str
            )
            texts = [connection.queue.get_nowait() for connection in connections]
            assert len(set(texts)) == 3

    run(scenario)


def test_a_move_overtaken_by_another_process_is_refused_after_the_catch_up_is_told(
    url: str,
) -> None:
    """Two processes on one log: the one behind commits second and is refused (stale),
    but its connections are still shown the position it caught up with."""

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            other = Runtime(runtime.database, runtime.pool, runtime.settings)
            try:
                there = await other.room(room.id)
                heard, (to_ana,) = listening(runtime, room, ana)
                seq = room.seq
                first, second = room.state.legal_moves()[:2]
                await other.submit(there, 0, seq, first)  # this runtime hears nothing
                with pytest.raises(Refusal) as refused:
                    await runtime.submit(room, 0, seq, second)
                assert refused.value.code == Code.STALE_SEQ
                assert heard.take() == [EntriesFollowed(seq + 1, there.seq)]
                assert [m["seq"] for m in states(to_ana)] == [there.seq]
                assert room.state.history() == there.state.history()
            finally:
                await other.close()

    run(scenario)
