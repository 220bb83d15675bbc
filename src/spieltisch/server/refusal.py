"""The one refusal of the server's services: a code for programs, a sentence for people,
and nothing changed. The routes translate it for their transport — an HTTP status
(`routes/refusals.py`), a WebSocket `error` message or close code — so a service never
names one.
"""

from __future__ import annotations

from enum import StrEnum

from spieltisch.core.i18n import sentence
from spieltisch.server.i18n import _


class Code(StrEnum):
    """What kind of refusal: the only type of a refusal's code on every transport (an
    HTTP answer's `code`, the WebSocket `error` message's `code`)."""

    NOT_FOUND = "not_found"
    """No such table, seat, player or tournament."""
    FORBIDDEN = "forbidden"
    """Not yours to do (not the creator, not seated here, not the director)."""
    NOT_SIGNED_IN = "not_signed_in"
    CONFLICT = "conflict"
    """Not in this state (already started, full, finished, not away long enough...)."""
    INVALID = "invalid"
    """The request itself is wrong: the sentence says what is allowed."""
    DATABASE_UNAVAILABLE = "database_unavailable"
    BUSY = "busy"
    """The server has too much of this work at once (sign-ins hashing passwords)."""
    DRAINING = "draining"
    """This server process is stopping (a restart, an upgrade): the same request
    succeeds on another process, or on this server once it is back."""
    TOO_MANY = "too_many"
    """Over a limit of how many or how often (tables of computers only, requests)."""
    # At a table in play:
    NOT_RUNNING = "not_running"
    STALE_SEQ = "stale_seq"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_MOVE = "illegal_move"
    NOT_SEATED = "not_seated"
    BAD_MESSAGE = "bad_message"
    """A message of the wrong shape (binary, an unknown type, a field missing)."""
    BAD_JSON = "bad_json"
    TOO_LARGE = "too_large"
    """A message over the size a connection may send."""
    RATE_LIMITED = "rate_limited"
    """Moves that change nothing or positions asked for, too often."""
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_TOO_FAST = "chat_too_fast"


class Refusal(Exception):
    """A refused request: `code` says which kind, `message` what was wrong and what is
    allowed, in the current language, as a sentence (a capital first, whatever the
    composed text started with). Nothing was changed. (Not a `SpieltischError`: the
    routes catch those as bad input of the engine.)"""

    def __init__(
        self, code: Code, message: str, retry_after: int | None = None, rule: str | None = None
    ) -> None:
        message = sentence(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (over a rate, database away)."""
        self.rule = rule
        """An illegal move's rule: its anchor in the game's rules summary (`rule-5`)."""


def database_away() -> str:
    """The one sentence for a database that cannot be reached."""
    return _("the database cannot be reached just now: nothing was changed; try again")


def unavailable() -> Refusal:
    return Refusal(Code.DATABASE_UNAVAILABLE, database_away(), retry_after=AWAY_SECONDS)


def draining() -> Refusal:
    """The one refusal of a process that is stopping."""
    return Refusal(
        Code.DRAINING,
        _("this server process is restarting: nothing was changed; try again in a moment"),
        retry_after=DRAINING_SECONDS,
    )


AWAY_SECONDS = 2
"""When to try again after the database was away."""
DRAINING_SECONDS = 1
"""When to try again after a stopping process refused (another one answers at once)."""
