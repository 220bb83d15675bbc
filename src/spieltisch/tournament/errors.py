"""The errors a tournament director can act on: each names what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from spieltisch.core.errors import SpieltischError, shorten
from spieltisch.tournament.messages import _


class TournamentError(SpieltischError, ValueError):
    """A director's request was refused; nothing was changed."""


class NotFound(TournamentError):
    """What was asked for (a tournament, a club, a member, a season) is not there."""


class UnknownTournament(NotFound):
    """No tournament has the id asked for."""


class UnknownIdentity(TournamentError):
    """No hall player of any tournament has the identity asked for."""


class InvalidInput(TournamentError):
    """A value pydantic refused for its type or range, in pydantic's own (English) words;
    `what` and `problems` let an interface word it again in the reader's language (the
    server does, with its sentences for validation errors)."""

    def __init__(self, message: str, what: str, problems: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.what = what
        self.problems = problems


def explain_validation(what: str, error: ValidationError) -> TournamentError:
    """The first problem of a pydantic validation as a TournamentError naming the field.

    A rule of ours (a `ValueError` in a validator) is in our catalog already; anything
    else is pydantic's wording, kept beside the message for the interfaces."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    value = first.get("input")
    if where and not isinstance(value, dict):
        text = _("bad {what} {where} (got {value}): {message}")
    elif where:
        text = _("bad {what} {where}: {message}")
    else:
        text = _("bad {what}: {message}")
    message = text.format(what=what, where=where, value=shorten(value), message=message)
    if first["type"] == "value_error":
        return TournamentError(message)
    return InvalidInput(message, what, [dict(problem) for problem in error.errors()])
