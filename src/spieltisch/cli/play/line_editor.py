"""Line editing for plain mode at a terminal: the arrows, a history kept between games,
and Tab completing moves (in the table's language too) and command words.

It is prompt_toolkit's (extra `tui`); without it, or when the input is not a terminal
(a pipe, a script), plain mode reads lines as they come, and nothing changes for scripts.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

Candidates = Callable[[], Iterable[tuple[str, str]]]
"""What may be typed now: (word, what it does), e.g. ("würfeln", "roll the die")."""


class LineEditor:
    """Reads one line with editing, history and completion; None at the end of input
    (Ctrl+D). Ctrl+C raises KeyboardInterrupt, as plain input does."""

    def __init__(self, history: Path | None, candidates: Candidates, **session: Any) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, InMemoryHistory

        kept: Any = InMemoryHistory()
        if history is not None:
            try:
                history.parent.mkdir(parents=True, exist_ok=True)
                history.touch()
                kept = FileHistory(str(history))
            except OSError:
                pass  # a read-only home: the history lasts one game
        self.session: Any = PromptSession(
            history=kept,
            completer=move_completer(candidates),
            complete_while_typing=False,
            **session,
        )

    def read(self, prompt: str) -> str | None:
        try:
            return str(self.session.prompt(prompt))
        except EOFError:
            return None


def move_completer(candidates: Candidates) -> Any:
    """A completer of the whole line: the candidates that start with what was typed (any
    case), each with what it does beside it."""
    from prompt_toolkit.completion import Completer, Completion

    class MoveCompleter(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterator[Completion]:
            typed = document.text_before_cursor
            start = typed.lstrip().lower()
            seen: set[str] = set()
            for word, meaning in candidates():
                if word.lower().startswith(start) and word not in seen:
                    seen.add(word)
                    yield Completion(word, start_position=-len(typed), display_meta=meaning)

    return MoveCompleter()


def line_editor(stream: TextIO, history: Path | None, candidates: Candidates) -> LineEditor | None:
    """A line editor when `stream` is the terminal's input and prompt_toolkit is there;
    None otherwise (lines are read as they come)."""
    if stream is not sys.stdin or not (stream.isatty() and sys.stdout.isatty()):
        return None
    try:
        return LineEditor(history, candidates)
    except ImportError:
        return None
