"""The move log of a table in memory: entries in notation, with their words for the
recent ones (older words are made again when someone asks for them)."""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.core import State
from spieltisch.core.i18n import LANGUAGES
from spieltisch.server.table import parts

RECENT = 50
"""How many entries a state message carries at most, and keeps described in memory."""


@dataclass
class LogItem:
    seq: int
    entry: str
    seat: int | None
    words: dict[str, str] | None = None


def words(state: State, entry: str) -> dict[str, str]:
    """`entry` in words in every language, described in `state` (before it is applied)."""
    return {lang: parts.describe(state, entry, lang) for lang in LANGUAGES}


def last_entry(state: State) -> str:
    """The entry just applied, in notation (`history()[-1]` converts the whole history)."""
    entry = state.action_history()[-1]
    return entry if isinstance(entry, str) else state.game.action_to_move(entry)


def forget_old_words(log: list[LogItem]) -> None:
    """Keep the words of the last RECENT entries only (older ones are described again
    when someone asks for them)."""
    for old in reversed(log[: max(0, len(log) - RECENT)]):
        if old.words is None:
            break
        old.words = None
