"""Refusals translated for the wire: a `Refusal` (and a tournament's `TournamentError`,
through the same table) becomes an HTTP status with `{"detail", "code"}`, a WebSocket
`error` message, or the close code of a WebSocket that cannot open."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from spieltisch.server.infra.metrics import REFUSALS
from spieltisch.server.refusal import AWAY_SECONDS, Code, Refusal
from spieltisch.server.routes.validation import explain_bad
from spieltisch.tournament.errors import InvalidInput, NotFound, TournamentError

STATUS: dict[Code, int] = {
    Code.NOT_FOUND: 404,
    Code.FORBIDDEN: 403,
    Code.NOT_SIGNED_IN: 401,
    Code.CONFLICT: 409,
    Code.INVALID: 422,
    Code.DATABASE_UNAVAILABLE: 503,
    Code.BUSY: 503,
    Code.DRAINING: 503,
    Code.TOO_MANY: 429,
    Code.NOT_RUNNING: 409,
    Code.STALE_SEQ: 409,
    Code.NOT_YOUR_TURN: 409,
    Code.ILLEGAL_MOVE: 422,
    Code.NOT_SEATED: 403,
    Code.BAD_MESSAGE: 422,
    Code.CHAT_TOO_LONG: 422,
    Code.BAD_JSON: 400,
    Code.TOO_LARGE: 413,
    Code.RATE_LIMITED: 429,
    Code.CHAT_TOO_FAST: 429,
}
"""The HTTP status of each refusal."""

CLOSE: dict[Code, int] = {
    Code.NOT_FOUND: 4404,
    Code.FORBIDDEN: 4403,
    Code.DATABASE_UNAVAILABLE: 1013,
    Code.DRAINING: 1012,
}
"""The close code of a WebSocket refused before it opens (4xxx: the HTTP status + 4000;
1013: try again later; 1012: the service restarts, connect again); others close with
1008 (policy)."""


def close_code(refusal: Refusal) -> int:
    return CLOSE.get(refusal.code, 1008)


def refusal_response(refusal: Refusal) -> JSONResponse:
    REFUSALS.labels(refusal.code.value, "http").inc()
    wait = refusal.retry_after
    if wait is None and refusal.code is Code.DATABASE_UNAVAILABLE:
        wait = AWAY_SECONDS
    headers = None if wait is None else {"Retry-After": str(wait)}
    return JSONResponse(
        {"detail": refusal.message, "code": refusal.code},
        status_code=STATUS[refusal.code],
        headers=headers,
    )


def of_tournament(exc: TournamentError) -> Refusal:
    """A refused director's step as a refusal: an unknown tournament, club, member or
    season is not found; bad input is worded by our catalog (pydantic's is English only);
    the rest is a conflict with the tournament's state."""
    if isinstance(exc, NotFound):
        return Refusal(Code.NOT_FOUND, str(exc))
    if isinstance(exc, InvalidInput):
        return Refusal(Code.CONFLICT, explain_bad(exc.what, exc.problems))
    return Refusal(Code.CONFLICT, str(exc))


def refused(_request: Request, exc: Exception) -> JSONResponse:
    """The handler of `Refusal` and `TournamentError`: nothing was changed."""
    if isinstance(exc, TournamentError):
        exc = of_tournament(exc)
    assert isinstance(exc, Refusal)
    return refusal_response(exc)
