"""The live table in-process: the runtime with its storage on an SQLite file and
connections as plain outboxes, no server process and no HTTP (`server/table/`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select

from spieltisch.core.i18n import sentence
from spieltisch.server.infra.cluster import SingleProcess
from spieltisch.server.infra.moved_news import PAYLOAD_LIMIT, AppendNews
from spieltisch.server.infra.postgres_cluster import PostgresCluster
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn
from spieltisch.server.table import parts
from spieltisch.server.table.chat import clean
from spieltisch.server.table.log import KEEP_BEFORE
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.log_entries import Chance, LoggedEntry, Move
from spieltisch.store.models import MoveEntry
from tests.server.in_process import (
    TWO_PEOPLE,
    a_table,
    connect,
    run,
    states,
    told,
    until,
)


def test_a_move_is_stored_then_each_seat_is_shown_its_own_position(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            to_ana, to_bob, to_guest = (connect(runtime, room, who) for who in (ana, bob, None))
            first = states(to_ana)[-1]
            assert first["seat"] == 0 and first["to_move"] == 0 and first["legal_moves"]
            assert states(to_bob)[-1]["legal_moves"] == []
            assert states(to_guest)[-1]["seat"] is None
            move = first["legal_moves"][0]["move"]
            ack = await runtime.submit(room, 0, room.seq, move)
            assert ack.duplicate is False and ack.seq == room.seq
            async with runtime.database.session() as session:
                stored = (
                    await session.execute(select(MoveEntry.entry).order_by(MoveEntry.seq))
                ).scalars()
                assert list(stored) == room.state.history()
            after_bob = states(to_bob)
            assert len(after_bob) == 1 and after_bob[0]["seq"] == room.seq
            assert after_bob[0]["to_move"] == 1 and after_bob[0]["legal_moves"]
            assert after_bob[0]["last_moves"][-1]["move"] == move
            assert states(to_ana)[0]["legal_moves"] == []

    run(scenario)


def test_a_repeated_move_is_acked_with_the_same_seq_as_when_it_was_new(url: str) -> None:
    """`ack.seq` is the position after the move and the chance drawn with it (the next
    die in Mensch ärgere Dich nicht), for a repeated move too (issue 35: a duplicate was
    acked with the position right after the move)."""

    async def scenario() -> None:
        async with a_table(url, "madn", TWO_PEOPLE) as (runtime, room, _accounts):
            seq, seat = room.seq, room.state.current_player
            move = room.state.legal_moves()[0]
            new = await runtime.submit(room, seat, seq, move)
            again = await runtime.submit(room, seat, seq, move)
            assert new.seq == room.seq and new.seq >= seq + 2  # the move, then the die
            assert again.duplicate is True and (again.seq, again.move) == (new.seq, new.move)

    run(scenario)


def test_refused_moves_change_nothing_and_say_why(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, _accounts):
            seq, history = room.seq, room.state.history()
            move = room.state.legal_moves()[0]
            with pytest.raises(Refusal) as wrong_seat:
                await runtime.submit(room, 1, seq, move)
            assert wrong_seat.value.code == "not_your_turn"
            with pytest.raises(Refusal) as illegal:
                await runtime.submit(room, 0, seq, "zz")
            assert illegal.value.code == "illegal_move" and "<from>-<to>" in illegal.value.message
            assert illegal.value.rule is None  # no rule of the book says so
            edge = move.split("-")[0]
            with pytest.raises(Refusal) as standing:  # a marble moves at least one square
                await runtime.submit(room, 0, seq, f"{edge}-{edge}")
            assert standing.value.rule == "rule-1"  # the anchor in the rules summary
            assert room.seq == seq and room.state.history() == history
            await runtime.submit(room, 0, seq, move)
            again = await runtime.submit(room, 0, seq, move)
            assert again.duplicate is True and room.seq == seq + 1
            with pytest.raises(Refusal) as stale:
                await runtime.submit(room, 1, seq, room.state.legal_moves()[0])
            assert stale.value.code == "stale_seq"

    run(scenario)


def test_a_table_loads_again_from_its_log(url: str) -> None:
    """Recovery: a new runtime over the same database rebuilds the same position."""

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, _accounts):
            for _turn in range(3):
                seat = room.state.current_player
                await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
            other = Runtime(runtime.database, runtime.pool, runtime.settings)
            try:
                assert await other.recover() == 1
                again = await other.room(room.id)
                assert again.state.history() == room.state.history()
                assert [i.entry for i in again.log] == [i.entry for i in room.log]
            finally:
                await other.close()

    run(scenario)


def test_a_runtime_catches_up_with_moves_another_committed(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (_ana, bob)):
            other = Runtime(runtime.database, runtime.pool, runtime.settings)
            try:
                behind = await other.room(room.id)
                to_bob = connect(other, behind, bob)
                told(to_bob)
                await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
                assert behind.seq == room.seq - 1  # heard nothing yet
                await other.hearing.on_moved(room.id, room.seq)
                assert behind.state.history() == room.state.history()
                assert states(to_bob)[-1]["to_move"] == 1
            finally:
                await other.close()

    run(scenario)


def test_a_computer_seat_plays_by_itself(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        async with a_table(url, "mabula", seats) as (runtime, room, _accounts):
            assert room.state.current_player == 0
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            await until(lambda: room.state.current_player == 0 or room.state.is_terminal())
            assert room.log[-1].seat == 1

    run(scenario)


def test_presence_counts_away_seats_and_forgets_every_process_that_died(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            to_ana = connect(runtime, room, ana)
            here = runtime.presence(room)
            assert [(s.seat, s.here) for s in here.seats] == [(0, True), (1, False)]
            await runtime.hearing.on_here(room.id, "p1", 1, [1])
            await runtime.hearing.on_here(room.id, "p2", 1, [1])
            assert runtime.presence(room).seats[1].here
            await runtime.hearing.on_gone({"p1", "p2"})
            assert room.elsewhere == {}
            assert not runtime.presence(room).seats[1].here
            runtime.leave(room, to_ana)
            assert 0 in room.away_since

    run(scenario)


def test_handing_over_in_a_game_of_two_ends_it(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            with pytest.raises(Refusal) as not_away:
                await runtime.hand_over(room.id, ana, 1)
            assert not_away.value.code is Code.CONFLICT
            await runtime.hand_over(room.id, bob, None)
            assert room.table.status == "finished"
            assert room.table.result is not None and room.table.result["ranking"][1] == 2

    run(scenario)


def test_chat_is_checked_stored_and_told(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            to_bob = connect(runtime, room, bob)
            told(to_bob)
            await runtime.say(room, ana, clean("  hello\x07 ", 500))
            line = told(to_bob)[-1]
            assert line["type"] == "chat" and line["text"] == "hello" and line["author"] == "Ana"
            watcher = Connection(None, None, "en")  # the players' room is not theirs
            assert await runtime.chat.history(room, watcher) == []
            late = Connection(bob, None, "en")
            history = await runtime.chat.history(room, late)
            assert [(event.line.text, event.to) for event in history] == [("hello", late)]
            runtime.publisher.publish(room, history)
            assert [m["text"] for m in told(late)] == ["hello"]
        with pytest.raises(Refusal, match="at most 3"):
            clean("four", 3)
        with pytest.raises(Refusal) as empty:
            clean(" \x07 ", 3)
        assert empty.value.code == "bad_message"

    run(scenario)


def test_a_move_is_applied_once_and_an_illegal_one_says_the_engines_words(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, _accounts):
            kind = type(room.state)
            applied: list[object] = []
            original = kind.apply

            def counting(self: Any, move: Any) -> Any:
                applied.append(move)
                return original(self, move)

            monkeypatch.setattr(kind, "apply", counting)
            expected = room.state.clone().explain("a1-a1")
            applied.clear()
            with pytest.raises(Refusal) as illegal:
                await runtime.submit(room, 0, room.seq, "a1-a1")
            assert expected is not None and illegal.value.message == sentence(expected)
            move = room.state.legal_moves()[0]
            applied.clear()
            await runtime.submit(room, 0, room.seq, move)
            assert applied.count(move) == 1

    run(scenario)


def test_log_words_are_made_in_the_languages_shown_and_match_the_engine(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mahe", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            connect(runtime, room, ana, "en")
            for _turn in range(12):
                if room.state.is_terminal():
                    break
                seat = room.state.current_player
                await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
            assert all(set(item.words) <= {"en"} for item in room.log)
            assert room.log[-1].words
            late = connect(runtime, room, None, "de")
            shown = states(late)[-1]["last_moves"]
            game, history = room.state.game, room.state.history()
            for out in shown:
                before = game.replay(history[: out["seq"] - 1])
                assert out["words"] == parts.describe(before, history[out["seq"] - 1], "de")
            assert len(shown) > KEEP_BEFORE  # some were described by replaying

    run(scenario)


def test_a_position_is_drawn_once_per_language_for_the_seats_not_to_move(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat to move gets its own board (its moves clickable); the other seats and the
    spectators of one language share one, which each page marks "(you)" itself."""
    drawn: list[tuple[int | None, str]] = []
    draw = parts.board_svg

    def counted(*arguments: Any, **named: Any) -> str | None:
        drawn.append((arguments[1], arguments[4]))
        return draw(*arguments, **named)

    monkeypatch.setattr(parts, "board_svg", counted)

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            to_ana, to_bob, to_guest = (connect(runtime, room, who) for who in (ana, bob, None))
            to_french = connect(runtime, room, None, "fr")
            move = room.state.legal_moves()[0]
            drawn.clear()
            await runtime.submit(room, 0, room.seq, move)
            assert sorted(drawn, key=str) == [(1, "en"), (None, "en"), (None, "fr")]
            ana_sees, bob_sees = states(to_ana)[-1], states(to_bob)[-1]
            guest_sees, french_sees = states(to_guest)[-1], states(to_french)[-1]
            assert ana_sees["board_svg"] == guest_sees["board_svg"]
            assert 'data-you="0"' in ana_sees["board_svg"] and "(you)" in ana_sees["board_svg"]
            assert "(you)" in bob_sees["board_svg"] and 'data-you="1"' not in bob_sees["board_svg"]
            assert "(vous)" in french_sees["board_svg"]
            assert bob_sees["legal_moves"] and not ana_sees["legal_moves"]

    run(scenario)


def test_a_game_without_hidden_information_takes_only_the_spectators_view(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat of an open game sees what a spectator sees: only the spectator's view
    is taken, not one per seat (and each seat still gets it)."""

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, bob)):
            to_ana, to_bob, to_guest = (connect(runtime, room, who) for who in (ana, bob, None))
            seen: list[int | None] = []
            view = type(room.state).view

            def counted(state: Any, player: int | None) -> Any:
                seen.append(player)
                return view(state, player)

            monkeypatch.setattr(type(room.state), "view", counted)
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            assert None in seen and [seat for seat in seen if seat is not None] == []
            shown = [states(connection)[-1]["view"] for connection in (to_ana, to_bob, to_guest)]
            assert shown[0] == shown[1] == shown[2] == view(room.state, None)

    run(scenario)


class Announcements(SingleProcess):
    """A cluster that notes what this process tells the others of who is here."""

    def __init__(self) -> None:
        self.here: list[tuple[list[int], tuple[str, ...]]] = []

    async def announce_here(
        self, table_id: str, number: int, seats: list[int], watchers: tuple[str, ...]
    ) -> None:
        self.here.append((seats, watchers))


def test_watchers_are_told_across_processes_and_forgotten_with_their_process(url: str) -> None:
    """Issue 31: the list of who watches was per process; with `serve --workers 2` a
    player saw only the watchers connected to their own process."""

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (ana, _bob)):
            announced = Announcements()
            runtime.publisher.cluster = announced
            to_ana = connect(runtime, room, ana)
            zoe = Connection(None, None, "en", name="Zoë")
            runtime.enter(room, zoe)
            await until(lambda: bool(announced.here) and announced.here[-1][1] == ("Zoë",))
            assert announced.here[-1][0] == [0]
            told(to_ana)
            await runtime.hearing.on_here(room.id, "p2", 1, [], ("Cleo", "?"))
            assert runtime.presence(room).watching == ["Cleo", "Zoë", "?"]
            presence = [m for m in told(to_ana) if m["type"] == "presence"]
            assert presence and presence[-1]["watching"] == ["Cleo", "Zoë", "?"]
            await runtime.hearing.on_here(room.id, "p2", 0, [], ("Old",))  # an older announcement
            assert runtime.presence(room).watching == ["Cleo", "Zoë", "?"]
            await runtime.hearing.on_gone({"p2"})
            assert runtime.presence(room).watching == ["Zoë"]
            runtime.leave(room, zoe)
            await until(lambda: announced.here[-1][1] == ())

    run(scenario)


def test_watcher_names_and_takeback_news_cross_a_notification_whole() -> None:
    heard: list[tuple[str, str, int, list[int], tuple[str, ...]]] = []

    class Listener:
        async def on_here(self, *args: Any) -> None:
            heard.append(args)

        async def on_takeback(self, table_id: str) -> None:
            heard.append(("takeback", table_id, 0, [], ()))

    async def scenario() -> None:
        sender = PostgresCluster("postgresql+psycopg://nobody@localhost/none")
        receiver = PostgresCluster("postgresql+psycopg://nobody@localhost/none")
        receiver._listener = Listener()  # type: ignore[assignment]
        names = ("Zoë Müller", "a / b", "%20", "?")
        receiver._dispatch(sender.here_payload("t1", 3, [0, 2], names))
        receiver._dispatch(sender.here_payload("t1", 4, [], ()))
        receiver._dispatch(sender._payload("takeback", "t1", ()))
        await until(lambda: len(heard) == 3)
        assert heard[0] == ("t1", sender.me, 3, [0, 2], names)
        assert heard[1] == ("t1", sender.me, 4, [], ())
        assert heard[2][:2] == ("takeback", "t1")  # a takeback changed in another process

    run(scenario)


def test_the_news_of_a_move_carries_its_entries_and_clocks_whole() -> None:
    heard: list[tuple[str, int, AppendNews | None]] = []

    class Listener:
        async def on_moved(self, table_id: str, seq: int, news: AppendNews | None = None) -> None:
            heard.append((table_id, seq, news))

    async def scenario() -> None:
        sender = PostgresCluster("postgresql+psycopg://nobody@localhost/none")
        receiver = PostgresCluster("postgresql+psycopg://nobody@localhost/none")
        receiver._listener = Listener()  # type: ignore[assignment]
        at = datetime(2026, 11, 28, 10, 0, 0, 123000, tzinfo=UTC)
        entries = [(2, "a1-b2 / x%"), (None, "d6")]
        notice = sender.moved_notice("t1", 8, entries, at, {2: 41_500})
        assert notice is not None
        receiver._dispatch(notice[1])
        long = [(0, "m" * 100)] * 100  # more than a notification takes
        notice = sender.moved_notice("t1", 108, long, at, {})
        assert notice is not None and len(notice[1].encode()) <= PAYLOAD_LIMIT
        receiver._dispatch(notice[1])
        await until(lambda: len(heard) == 2)
        assert heard[0] == (
            "t1",
            8,
            AppendNews(
                (LoggedEntry(7, Move("a1-b2 / x%", 2), at), LoggedEntry(8, Chance("d6"), at)),
                {2: 41_500},
            ),
        )
        assert heard[1] == ("t1", 108, None)  # the others read the log instead

    run(scenario)


def test_a_runtime_takes_the_moves_another_announced_without_reading_them(url: str) -> None:
    """The news carries the entries: the follower applies them and reads the log only
    when the news does not continue its position (issue 30: a read per move)."""

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (_ana, bob)):
            other = Runtime(runtime.database, runtime.pool, runtime.settings)
            reads: list[int] = []
            read = other.storage.entries_after

            async def counted(table_id: str, seq: int) -> list[LoggedEntry]:
                reads.append(seq)
                return await read(table_id, seq)

            other.storage.entries_after = counted  # type: ignore[method-assign]
            try:
                behind = await other.room(room.id)
                to_bob = connect(other, behind, bob)
                told(to_bob)
                for _move in range(2):
                    seq = room.seq
                    await runtime.submit(
                        room, room.state.current_player, seq, room.state.legal_moves()[0]
                    )
                    news = AppendNews(
                        tuple(
                            LoggedEntry(item.seq, item.entry, datetime.now(UTC))
                            for item in room.log[seq:]
                        )
                    )
                    await other.hearing.on_moved(room.id, room.seq, news)
                    assert behind.state.history() == room.state.history()
                assert reads == []
                assert states(to_bob)[-1]["seq"] == room.seq
                # News that skips an entry (one notification missed): the log is read.
                for _move in range(2):
                    await runtime.submit(
                        room, room.state.current_player, room.seq, room.state.legal_moves()[0]
                    )
                last = room.log[-1]
                skipped = AppendNews((LoggedEntry(last.seq, last.entry, datetime.now(UTC)),))
                await other.hearing.on_moved(room.id, room.seq, skipped)
                assert reads == [last.seq - 2]
                assert behind.state.history() == room.state.history()
            finally:
                await other.close()

    run(scenario)


def _abort_checked(room: Room) -> bool:
    task = room.tasks.get("abort")
    return task is None or task.done()


def test_a_started_table_nobody_came_to_is_aborted_and_leaves_memory(url: str) -> None:
    """Issue 35: a table whose start was committed but whose answer was lost (nobody ever
    connects) ran forever; after `abort_unplayed_seconds` it ends, with no result."""

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE, abort_unplayed_seconds=0.2) as (
            runtime,
            room,
            _accounts,
        ):
            await until(lambda: room.table.status == "aborted")
            assert room.id not in runtime.rooms
            assert room.id not in await runtime.storage.running()
            stored = await runtime.storage.load(room.id)
            assert stored is not None
            assert stored.table.status == "aborted" and stored.table.result is None
            again = await runtime.room(room.id)  # opened later: nobody to move on the board
            shown = states(connect(runtime, again, None))[-1]
            assert shown["status"] == "aborted" and shown["to_move"] is None
            assert shown["view"]["turn"] is None and "◀" not in shown["board_svg"]

    run(scenario)


def test_a_person_at_the_table_or_a_persons_move_keeps_it_running(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE, abort_unplayed_seconds=0.2) as (
            runtime,
            room,
            (ana, _bob),
        ):
            assert "abort" in room.tasks
            to_ana = connect(runtime, room, ana)
            await until(lambda: _abort_checked(room))
            assert room.table.status == "running"
            move = states(to_ana)[-1]["legal_moves"][0]["move"]
            await runtime.submit(room, 0, room.seq, move)
            assert "abort" not in room.tasks  # a person has played: never aborted
            room.table.tournament_id = "a tournament"
            room.log.clear()  # as if nobody had moved, at a tournament's table
            runtime.scheduler.schedule(room)
            assert "abort" not in room.tasks  # the director decides there

    run(scenario)


def test_a_follower_takes_the_clocks_with_the_moves_read_or_announced(url: str) -> None:
    """Catching up at a table with a clock brings the movers' time left along: read from
    the database with the log when no news came (a submit that found the table moved on),
    taken from the news when it carried the entries."""

    async def scenario() -> None:
        clock = ClockIn(mode="game", seconds=600, increment=5)
        async with a_table(url, "mabula", TWO_PEOPLE, clock=clock) as (runtime, room, _):
            other = Runtime(runtime.database, runtime.pool, runtime.settings)
            try:
                behind = await other.room(room.id)
                seat = room.state.current_player
                await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
                left = room.seats[seat].time_left_ms
                assert left is not None and left > 600_000  # the increment
                assert behind.seats[seat].time_left_ms == 600_000
                await other.hearing.on_moved(room.id, room.seq)  # no news: the log is read
                assert behind.seats[seat].time_left_ms == left
                seq, seat = room.seq, room.state.current_player
                await runtime.submit(room, seat, seq, room.state.legal_moves()[0])
                left = room.seats[seat].time_left_ms
                news = AppendNews(
                    tuple(
                        LoggedEntry(item.seq, item.entry, datetime.now(UTC))
                        for item in room.log[seq:]
                    ),
                    {seat: left} if left is not None else {},
                )
                await other.hearing.on_moved(room.id, room.seq, news)
                assert behind.seats[seat].time_left_ms == left
                assert behind.state.history() == room.state.history()
            finally:
                await other.close()

    run(scenario)
