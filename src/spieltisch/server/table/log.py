"""The move log of a table in memory: entries in notation, their words made lazily.

An entry is put in words only when it is first shown in a language (most tables are
watched in one or two of the three), and kept. The words are made from the position
before the entry, which the last KEEP_BEFORE entries keep (the states the move's apply
passed through, no extra copies); an older entry's words are made by one replay to it,
stepping forward from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from spieltisch.core import State
from spieltisch.core.i18n import language
from spieltisch.server.i18n import _
from spieltisch.server.table import parts
from spieltisch.store.log_entries import Chance, LogEntry, Move, Takeback, effective

RECENT = 50
"""How many entries a state message carries at most, and keeps described in memory."""
KEEP_BEFORE = 8
"""How many of the last entries keep the position before them."""


@dataclass(eq=False)
class LogItem:
    seq: int
    entry: LogEntry
    before: State | None = None
    """The position before this entry, while it is one of the last KEEP_BEFORE; never
    changed (a move is applied to a copy)."""
    words: dict[str, str] = field(default_factory=dict)
    """The entry in words, by language, made when first shown in that language."""
    turn: int | None = None
    """For a chance outcome: whose turn it belongs to (whose die), where there is one."""

    @property
    def seat(self) -> int | None:
        """The seat that moved (or took back); None for a chance outcome or an event."""
        return self.entry.seat


chance_turn = parts.chance_turn


def last_entry(state: State, seat: int | None) -> Move | Chance:
    """The entry `seat` (None: nobody) just applied (`history()[-1]` would convert the
    whole history to notation)."""
    entry = state.action_history()[-1]
    notation = entry if isinstance(entry, str) else state.game.action_to_move(entry)
    return Chance(notation) if seat is None else Move(notation, seat)


def describe(items: Sequence[LogItem], lang: str, now: State, log: Sequence[LogItem]) -> None:
    """Put `items` (consecutive entries of `log`, the log that led to `now`) in words in
    `lang` where they are not yet: from the position kept before an entry, else by
    replaying the log once up to the first such entry and stepping forward."""
    walker: State | None = None
    for item in items:
        if lang not in item.words:
            position = item.before
            if isinstance(item.entry, Takeback):
                item.words[lang] = takeback_words(item.entry, lang)
            else:
                if position is None:
                    if walker is None:
                        walker = replayed(now, log, item.seq - 1)
                    position = walker
                item.words[lang] = parts.describe(position, item.entry.notation, lang)
        if walker is not None:
            walker = advanced(walker, item.entry, log, item.seq)


def replayed(now: State, log: Sequence[LogItem], seq: int) -> State:
    """The position after the first `seq` entries of `log` (takebacks withdrawn)."""
    return now.game.replay(effective(item.entry for item in log[:seq]))


def advanced(state: State, entry: LogEntry, log: Sequence[LogItem], seq: int) -> State:
    """The position after `entry` (seq `seq` of `log`, whose earlier entries led to
    `state`): the entry applied to `state` in place, or for a takeback the log replayed."""
    if isinstance(entry, Takeback):
        return replayed(state, log, seq)
    state.apply(entry.notation)
    return state


def takeback_words(entry: Takeback, lang: str) -> str:
    """A takeback entry in words: the number of the entry the game went back to."""
    with language(lang):
        return _("took back the moves after no. {seq}").format(seq=entry.keep)


def forget_old(log: list[LogItem]) -> None:
    """Let go of the positions before all but the last KEEP_BEFORE entries, and of the
    words of all but the last RECENT (made again when someone asks for them)."""
    # Newest first, and no copy of the log: at each move only the entry that just left
    # the last KEEP_BEFORE (RECENT) has anything to let go of.
    for index in range(len(log) - KEEP_BEFORE - 1, -1, -1):
        if log[index].before is None:
            break
        log[index].before = None
    for index in range(len(log) - RECENT - 1, -1, -1):
        if not log[index].words:
            break
        log[index].words = {}
