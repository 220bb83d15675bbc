"""A table's clock as a type: the table row keeps it as JSON (`GameTable.clock`, what the
lobby stored from the request's `ClockIn`); `TableClock.of` reads it once, and the
live table asks it questions instead of reading keys."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class ClockMode(StrEnum):
    MOVE = "move"
    """`seconds` for every move, set again after each."""
    GAME = "game"
    """`seconds` for each seat's whole game (plus `increment` after each move in time)."""
    TURN = "turn"
    """Turn-based: days for every move (`seconds`, a whole number of days), plus each
    seat's time bank (`bank_seconds` added after each move, at most `bank_max_seconds`);
    the deadline is kept in the database (`server/table/turns.py`)."""


class OnTimeout(StrEnum):
    COMPUTER = "computer"
    """The `easy` computer level plays the move (the default); in a turn-based game the
    computer plays that turn at the person's own level."""
    LOSE = "lose"
    """The person loses as if they had resigned."""


@dataclass(frozen=True, slots=True)
class TableClock:
    mode: ClockMode | None
    """None: no clock for the moves (only a round time)."""
    seconds: float | None
    on_timeout: OnTimeout = OnTimeout.COMPUTER
    increment: float = 0.0
    """Seconds added after each move made in time (mode game)."""
    round_seconds: float | None = None
    """A round time for games with a referee `time` event."""
    away_seconds: float | None = None
    """How long a person's connection may be gone before the others choose what happens
    to their seat (None: `away_after`'s default for the table's speed)."""
    bank_seconds: float = 0.0
    """Turn-based: time added to a seat's bank after each of its moves made in time."""
    bank_max_seconds: float = 0.0
    """Turn-based: the most a seat's bank holds."""
    extra: Mapping[int, float] = field(default_factory=dict)
    """Seconds the table's creator added to each move of a seat (mode move), by seat: a
    person who needs longer (WCAG 2.2.1, `server/table/extending.py`)."""

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> TableClock | None:
        """The clock a table row keeps (None: the table has none)."""
        if not stored:
            return None
        mode = stored.get("mode")
        return cls(
            mode=None if mode is None else ClockMode(mode),
            seconds=None if stored.get("seconds") is None else float(stored["seconds"]),
            on_timeout=OnTimeout(stored.get("on_timeout") or OnTimeout.COMPUTER),
            increment=float(stored.get("increment") or 0),
            round_seconds=(
                None if stored.get("round_seconds") is None else float(stored["round_seconds"])
            ),
            away_seconds=(
                None if stored.get("away_seconds") is None else float(stored["away_seconds"])
            ),
            bank_seconds=float(stored.get("bank_seconds") or 0),
            bank_max_seconds=float(stored.get("bank_max_seconds") or 0),
            extra={int(seat): float(more) for seat, more in (stored.get("extra") or {}).items()},
        )

    @property
    def turn_based(self) -> bool:
        """Whether moves take days: no real-time away rules, deadlines in the database."""
        return self.mode == ClockMode.TURN

    @property
    def bank_ms(self) -> int:
        return int(self.bank_seconds * 1000)

    @property
    def bank_max_ms(self) -> int:
        return int(self.bank_max_seconds * 1000)

    @property
    def start_ms(self) -> int:
        """Each seat's time at the start: the game's time, the move's, or (turn-based)
        the bank's first portion."""
        if self.mode == ClockMode.TURN:
            return min(self.bank_ms, self.bank_max_ms)
        return self.seconds_ms

    @property
    def seconds_ms(self) -> int:
        """A move's time (mode move), or each seat's time at the start (mode game)."""
        return int((self.seconds or 0) * 1000)

    def move_ms(self, seat: int) -> int:
        """A move's time for `seat` (mode move): the table's, and what was added to it."""
        return int(((self.seconds or 0) + self.extra.get(seat, 0.0)) * 1000)

    @property
    def increment_ms(self) -> int:
        return int(self.increment * 1000)

    def left_after_move(self, left_before: int, spent_ms: int) -> int:
        """The mover's time left once its move is made, having `left_before` and spent
        `spent_ms` on it: what is left of the game clock (the increment after a move in
        time, none once it ran out), or the move clock set again; turn-based: the bank, less
        what the move took beyond its days, plus a portion after a move in time (`spent_ms`
        without the mover's vacation). A bank over its cap (days the table's creator gave,
        `server/table/extending.py`) keeps what is left of it: the cap limits what moves
        add."""
        if self.mode == ClockMode.TURN:
            bank = max(0, left_before - max(0, spent_ms - self.seconds_ms))
            in_time = spent_ms <= self.seconds_ms + left_before
            return min(max(self.bank_max_ms, bank), bank + (self.bank_ms if in_time else 0))
        if self.mode != ClockMode.GAME:
            return self.seconds_ms
        left = max(0, left_before - spent_ms)
        return left + (self.increment_ms if left > 0 else 0)


EXTENDED = ("extra", "extensions")
"""The keys of a stored clock that a game's extensions added (not the creator's setting)."""


def as_set(stored: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored clock as its table's creator set it, without the time added during the
    game (a rematch turns the seats: what one seat was given is not another's)."""
    if stored is None:
        return None
    return {key: value for key, value in stored.items() if key not in EXTENDED}


AWAY_AT_LEAST = 30.0
"""The shortest default away time: a reload or a tunnel must not cost a seat."""


def away_after(clock: TableClock | None, longest: float) -> float:
    """Seconds a person's connection may be gone before the others choose what happens to
    their seat: the table's own `away_seconds`, else by its speed — twice a move's time,
    a tenth of a game's time, at least AWAY_AT_LEAST — and never more than `longest`
    (the server's `claim_after_seconds`, also the time of a table without a clock)."""
    if clock is not None and clock.away_seconds is not None:
        return clock.away_seconds
    if clock is not None and clock.turn_based:
        return longest
    if clock is None or clock.mode is None or clock.seconds is None:
        return longest
    by_speed = 2 * clock.seconds if clock.mode == ClockMode.MOVE else clock.seconds / 10
    return min(longest, max(AWAY_AT_LEAST, by_speed))
