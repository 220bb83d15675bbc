"""Takebacks in the append-only move log: an entry that withdraws the entries after a seq.

A takeback is stored as one more log entry, `takeback:N` (its seat: who asked), which
withdraws every entry after seq N. Nothing is deleted or renumbered: the log stays
append-only, so a takeback races a move for the next seq like any other append (one of
them commits), other processes catch up with it as with a move, and the log keeps who took
what back. Whoever replays a log (the live table, records, replays, reviews, recovery)
replays its `effective` entries: the game as it stands after the takebacks.
"""

from __future__ import annotations

from collections.abc import Iterable

PREFIX = "takeback:"


def takeback_entry(keep: int) -> str:
    """The entry that withdraws every entry after seq `keep`."""
    return f"{PREFIX}{keep}"


def kept_by(entry: str) -> int | None:
    """The seq a takeback entry keeps up to; None for any other entry (a move, a chance
    outcome, an event: none of the games' notations starts with `takeback:`)."""
    if not entry.startswith(PREFIX):
        return None
    return int(entry.removeprefix(PREFIX))


def effective(entries: Iterable[str]) -> list[str]:
    """The entries of a log (seq 1, 2, ... in order) that stand: the moves and chance
    outcomes, less those a later takeback withdrew."""
    listed = list(entries)
    return [listed[seq - 1] for seq in standing(listed)]


def standing(entries: Iterable[str]) -> list[int]:
    """The seqs of the entries of a log that stand (see `effective`), in order."""
    seqs: list[int] = []
    for seq, entry in enumerate(entries, start=1):
        keep = kept_by(entry)
        if keep is None:
            seqs.append(seq)
            continue
        while seqs and seqs[-1] > keep:
            seqs.pop()
    return seqs
