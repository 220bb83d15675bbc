"""The table's clock and its move log as types (`store/clock.py`, `store/log_entries.py`):
read once from what the database keeps, and written back the same."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.store.clock import ClockMode, OnTimeout, TableClock
from spieltisch.store.log_entries import (
    Chance,
    LogEntry,
    Move,
    Takeback,
    effective,
    parse_entry,
    standing,
    standing_newest_first,
)


def test_a_stored_clock_is_read_once_into_a_type() -> None:
    assert TableClock.of(None) is None and TableClock.of({}) is None
    game = TableClock.of({"mode": "game", "seconds": 60, "increment": 2, "on_timeout": None})
    assert game == TableClock(ClockMode.GAME, 60.0, OnTimeout.COMPUTER, 2.0, None)
    assert game.seconds_ms == 60_000 and game.increment_ms == 2_000
    rounds = TableClock.of({"mode": None, "seconds": None, "round_seconds": 900})
    assert rounds is not None and rounds.mode is None and rounds.round_seconds == 900.0
    lose = TableClock.of({"mode": "move", "seconds": 30, "on_timeout": "lose"})
    assert lose is not None and lose.on_timeout == OnTimeout.LOSE
    with pytest.raises(ValueError):
        TableClock.of({"mode": "hourglass", "seconds": 30})


def test_the_time_left_after_a_move() -> None:
    game = TableClock(ClockMode.GAME, 60.0, increment=2.0)
    assert game.left_after_move(10_000, 4_000) == 8_000  # 6 s left, plus the increment
    assert game.left_after_move(3_000, 4_000) == 0  # out of time: no increment
    move = TableClock(ClockMode.MOVE, 30.0)
    assert move.left_after_move(1_000, 25_000) == 30_000  # set again for the next move


def test_a_log_entry_is_parsed_once_and_written_back_the_same() -> None:
    assert parse_entry("d6", None) == Chance("d6")
    assert parse_entry("a1-b2", 1) == Move("a1-b2", 1)
    assert parse_entry("takeback:4", 0) == Takeback(4, 0)
    for entry in (Chance("d6"), Move("a1-b2", 1), Takeback(4, 0)):
        assert parse_entry(entry.text, entry.seat) == entry
    with pytest.raises(ValueError):
        parse_entry("takeback:four", 0)


def test_a_takeback_withdraws_the_entries_after_the_one_it_keeps() -> None:
    log: list[LogEntry] = [Chance("d6"), Move("m1", 0), Chance("d3"), Move("m2", 1), Takeback(2, 1)]
    assert standing(log) == [1, 2]
    assert effective(log) == ["d6", "m1"]
    assert effective([*log, Move("m3", 1), Takeback(0, 0)]) == []


@st.composite
def _logs(draw: st.DrawFn) -> list[LogEntry]:
    """Moves, chance outcomes and takebacks to any earlier seq, in any order."""
    log: list[LogEntry] = []
    for _step in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from(["move", "chance", "takeback"]))
        if kind == "takeback":
            log.append(Takeback(draw(st.integers(0, len(log))), 0))
        else:
            log.append(Move("m", 1) if kind == "move" else Chance("d1"))
    return log


@given(_logs())
def test_the_entries_that_stand_walked_back_from_the_newest_are_the_same(
    log: list[LogEntry],
) -> None:
    walked = standing_newest_first(len(log), lambda seq: log[seq - 1])
    assert list(walked) == standing(log)[::-1]
