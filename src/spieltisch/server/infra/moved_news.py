"""What a "moved" notification carries: the new log entries themselves and the clocks
they changed, so a process following a table another process plays applies them
without reading them back from the database.

Reading them back was a query per move for every table with connections in two
processes, about a tenth of the event loop's time with two processes at 200 tables
(issue 30). The database stays the truth: the follower reads the log instead whenever
the news does not continue exactly where its position is (news missed or out of
order), or did not fit in a notification (PostgreSQL takes at most 8,000 bytes).

The words after the notification's "/": the time of the entries in milliseconds since
the epoch, then `e<seat>:<entry>` for each entry (`e-:` for a chance outcome), then
`c<seat>:<milliseconds left>` for each changed clock. Entries are quoted as names are
(`quote_name`): they hold no space or "/" then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from urllib.parse import quote, unquote

from spieltisch.store.log_entries import LogEntry, LoggedEntry, parse_entry

PAYLOAD_LIMIT = 7_900
"""Bytes a notification may take here (PostgreSQL's limit is 8,000); longer news goes
without its entries."""


def quote_name(name: str) -> str:
    """A name as one word of a notification (no spaces, no "/")."""
    return quote(name, safe="")


@dataclass(frozen=True)
class AppendNews:
    """The entries one append stored, in order, and the clocks it changed."""

    entries: tuple[LoggedEntry, ...]
    time_left: Mapping[int, int] = field(default_factory=dict)

    def follows(self, seq: int) -> bool:
        """Whether these entries continue a log that ends at `seq`."""
        return bool(self.entries) and self.entries[0].seq == seq + 1


def encode(
    entries: Sequence[tuple[int | None, str]], at: datetime, time_left: Mapping[int, int]
) -> list[str]:
    """The words of the news of these (seat, entry) pairs, stored at `at`."""
    words = [str(round(at.timestamp() * 1000))]
    words += [
        f"e{'-' if seat is None else seat}:{quote(entry, safe='')}" for seat, entry in entries
    ]
    words += [f"c{seat}:{left}" for seat, left in time_left.items()]
    return words


def decode(last_seq: int, words: Sequence[str]) -> AppendNews | None:
    """The news of the entries up to `last_seq` from its words; None when they are not
    news this version can read (the follower reads the log instead)."""
    try:
        at = datetime.fromtimestamp(int(words[0]) / 1000, UTC)
        parsed: list[LogEntry] = []
        clocks: dict[int, int] = {}
        for word in words[1:]:
            head, _colon, value = word[1:].partition(":")
            if word[0] == "e":
                parsed.append(parse_entry(unquote(value), None if head == "-" else int(head)))
            elif word[0] == "c":
                clocks[int(head)] = int(value)
            else:
                return None
    except (IndexError, ValueError, OverflowError, OSError):
        return None
    first = last_seq - len(parsed) + 1
    entries = tuple(LoggedEntry(first + index, entry, at) for index, entry in enumerate(parsed))
    return AppendNews(entries, clocks) if entries else None
