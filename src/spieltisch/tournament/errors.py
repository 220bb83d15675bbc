"""The errors a tournament director can act on: each names what was wrong and what is allowed."""

from __future__ import annotations

from pydantic import ValidationError

from spieltisch.core.errors import SpieltischError


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
    shown = f" (got {value!r})" if where and not isinstance(value, dict) else ""
    return TournamentError(f"bad {what}{' ' + where if where else ''}{shown}: {message}")
