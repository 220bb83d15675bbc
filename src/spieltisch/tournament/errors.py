"""The errors a tournament director can act on: each names what was wrong and what is allowed."""

from __future__ import annotations

from pydantic import ValidationError

from spieltisch.core.errors import SpieltischError, shorten
from spieltisch.tournament.messages import _


class TournamentError(SpieltischError, ValueError):
    """A director's request was refused; nothing was changed."""


class UnknownTournament(TournamentError):
    """No tournament has the id asked for."""


def explain_validation(what: str, error: ValidationError) -> TournamentError:
    """The first problem of a pydantic validation as a TournamentError naming the field."""
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
    return TournamentError(
        text.format(what=what, where=where, value=shorten(value), message=message)
    )
