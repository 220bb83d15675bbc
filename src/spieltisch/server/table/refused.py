"""A table's refusal: a code for programs and a sentence for people; nothing changed."""

from __future__ import annotations

from spieltisch.server.i18n import _


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def database_away() -> str:
    return _("the database cannot be reached just now: your move was not played; try again")


def stale(seq: int, now: int) -> Refused:
    """A move for an old position."""
    return Refused(
        "stale_seq",
        _(
            "your move was for position {seq}, the table is at {now}: "
            "look at the new position and move again"
        ).format(seq=seq, now=now),
    )
