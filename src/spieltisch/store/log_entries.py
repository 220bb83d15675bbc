"""A table's move log as types: a seat's move, a chance outcome (or a referee's event),
a takeback. The log's text is parsed once, where it is read (the store's queries, the
live table's storage, the news of another process's append), and written once, where
it is stored; nothing else reads the text (`tests/test_layers.py` checks it).

A takeback is stored as one more log entry, `takeback:N` (its seat: who asked), which
withdraws every entry after seq N. Nothing is deleted or renumbered: the log stays
append-only, so a takeback races a move for the next seq like any other append (one of
them commits), other processes catch up with it as with a move, and the log keeps who
took what back. Whoever replays a log (the live table, records, replays, reviews,
recovery) replays its `effective` entries: the game as it stands after the takebacks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

TAKEBACK = "takeback:"
"""How a takeback's text starts (none of the games' notations does)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A seat's move, in the game's notation."""

    notation: str
    seat: int

    @property
    def text(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Chance:
    """What no seat did: a chance outcome (a die, a deal) or a referee's event (the
    round time up), in the game's notation."""

    notation: str

    @property
    def text(self) -> str:
        return self.notation

    @property
    def seat(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class Takeback:
    """`seat` took back every entry after seq `keep` (all the people agreed)."""

    keep: int
    seat: int

    @property
    def text(self) -> str:
        return f"{TAKEBACK}{self.keep}"


LogEntry = Move | Chance | Takeback
"""One entry of a table's move log."""


def parse_entry(text: str, seat: int | None) -> LogEntry:
    """The entry stored as `text` by `seat` (None: nobody's)."""
    if seat is None:
        return Chance(text)
    if text.startswith(TAKEBACK):
        return Takeback(int(text.removeprefix(TAKEBACK)), seat)
    return Move(text, seat)


def effective(entries: Iterable[LogEntry]) -> list[str]:
    """The notation of the entries of a log (seq 1, 2, ... in order) that stand: the
    moves and chance outcomes, less those a later takeback withdrew."""
    listed = list(entries)
    return [listed[seq - 1].text for seq in standing(listed)]


def standing(entries: Iterable[LogEntry]) -> list[int]:
    """The seqs of the entries of a log that stand (see `effective`), in order."""
    seqs: list[int] = []
    for seq, entry in enumerate(entries, start=1):
        if not isinstance(entry, Takeback):
            seqs.append(seq)
            continue
        while seqs and seqs[-1] > entry.keep:
            seqs.pop()
    return seqs


def standing_newest_first(count: int, entry_at: Callable[[int], LogEntry]) -> Iterator[int]:
    """`standing` of a log of `count` entries (`entry_at(seq)`) newest first, walking back
    only as far as the caller asks (the live table asks at every position about the last
    few, without copying its log): an entry stands unless it is a takeback or a later
    takeback kept fewer entries than its seq."""
    low = count
    for seq in range(count, 0, -1):
        entry = entry_at(seq)
        if isinstance(entry, Takeback):
            low = min(low, entry.keep)
        elif seq <= low:
            yield seq


@dataclass(frozen=True, slots=True)
class LoggedEntry:
    """One entry as the log holds it: its seq, the entry, when it was stored (read from
    the database, or carried by the news of another process's append)."""

    seq: int
    entry: LogEntry
    created_at: datetime

    @property
    def seat(self) -> int | None:
        return self.entry.seat
