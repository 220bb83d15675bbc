"""Questions a player may ask at any time, answered in words (issue 45: play by screen
reader): where the pieces are, what stands on a field, the score, one's own hand.

A game answers them in its `questions` part from a seat's *view* only, never from the
state: what a seat may not see (another player's hand) cannot reach its answer. The
part has `questions(game)`, the questions it answers in the current language, and
`answer(game, view, seat, key, argument)`, the answer in words (seat None: a watcher).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spieltisch.core.errors import SpieltischError
from spieltisch.core.i18n import before_punctuation, sentence
from spieltisch.core.messages import _


@dataclass(frozen=True)
class Question:
    """One question: `key` (what the interface sends back), `label` (the question in
    words), `argument` (what it asks for, e.g. "Field (1–40)", or None)."""

    key: str
    label: str
    argument: str | None = None


class QuestionError(SpieltischError):
    """A question the game cannot answer as asked: its message says what was wrong and
    what is allowed."""


class Questions(Protocol):
    """`questions.questions(game)`: the questions the game answers."""

    def __call__(self, game: Any) -> Sequence[Question]: ...


class Answer(Protocol):
    """`questions.answer(game, view, seat, key, argument)`: the answer in words."""

    def __call__(
        self, game: Any, view: Mapping[str, Any], seat: int | None, key: str, argument: str = ""
    ) -> str: ...


def field_number(argument: str, highest: int, unknown: str) -> int:
    """A field's number typed by a person (1..highest); `unknown` (already in words, with
    `{typed}` and `{highest}`) when it is none."""
    typed = argument.strip().removeprefix("#")
    if typed.isdigit() and 1 <= int(typed) <= highest:
        return int(typed)
    raise QuestionError(unknown.format(typed=argument.strip(), highest=highest))


def joined(parts: Sequence[str]) -> str:
    """Parts of an answer in one sentence, between semicolons (with the space French
    sets before one); the sentence ends with a full stop."""
    text = f"{before_punctuation()}; ".join(part for part in parts if part)
    return text if text.endswith((".", "!", "?")) else text + "."


def sentences(parts: Sequence[str]) -> str:
    """Each part as a sentence of its own: a capital first, a full stop last."""
    return " ".join(sentence(part).rstrip(".") + "." for part in parts if part)


def unknown_question(key: str, known: Sequence[Question]) -> QuestionError:
    """The error for a question the game does not answer, naming those it does."""
    return QuestionError(
        _("There is no question “{key}”: ask {known}.").format(
            key=key, known=", ".join(question.key for question in known)
        )
    )
