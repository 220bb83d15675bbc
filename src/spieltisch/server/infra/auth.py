"""Who is asking: a signed, HttpOnly, SameSite cookie (or a bearer token) names a
session of an account, kept in the database so it can end.

Guests get an account at once; claiming sets a username and an argon2 password hash so
the same account can sign in elsewhere. Passwords never reach a log.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets

from fastapi import Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import HTTPConnection

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.store import Database
from spieltisch.store.sessions import (
    end_session,
    end_sessions_of,
    live_session,
    open_session,
    server_secret,
)

COOKIE = "spieltisch_session"
MAX_AGE = 60 * 60 * 24 * 365
"""The longest a token's signature is good for (its session usually ends long before)."""
IDLE_SECONDS = 60 * 60 * 24 * 30
"""A session unused for 30 days ends."""
SEEN_EVERY = 60 * 60
"""A session's last use is written at most hourly (not one write per request)."""
COOKIE_KEY = "cookie_key"
"""The name of the signing key's row in `server_secrets`."""


async def signing_key(database: Database) -> str:
    """The server's cookie key, made on first start and shared by every process."""
    return await server_secret(database, COOKIE_KEY)


class Sessions:
    """Signs the session token and checks it against its row in `account_sessions`.

    The token is the signed pair (account id, session id): the signature stops forgery,
    the row lets a session end before its cookie does. Signing out deletes the row;
    claiming an account deletes all its rows and opens a new one (a token someone else
    knew of the guest does not carry over); a session unused for `idle` seconds ends by
    itself (`seen_at` is written at most every `SEEN_EVERY` seconds, not per request).
    """

    def __init__(
        self, key: str, secure: bool, database: Database, idle: float = IDLE_SECONDS
    ) -> None:
        self._serializer = URLSafeTimedSerializer(key, salt="spieltisch-session-2")
        self._address_key = hashlib.sha256(f"address:{key}".encode()).digest()
        self.secure = secure
        self.database = database
        self.idle = idle

    def address_mark(self, address: str | None) -> str | None:
        """A keyed digest of a network address: what one address made can be grouped
        (the lobby's listing) without the address being stored or guessable from it."""
        if address is None:
            return None
        return hmac.new(self._address_key, address.encode(), hashlib.sha256).hexdigest()[:32]

    def ids(self, token: str | None) -> tuple[int, str] | None:
        """The (account, session) a token names, if its signature holds (whether the
        session is live is not asked)."""
        return self._ids(token) if token else None

    def _ids(self, token: str) -> tuple[int, str] | None:
        try:
            value = self._serializer.loads(token, max_age=MAX_AGE)
        except BadSignature:
            return None
        match value:
            case [int() as account, str() as session]:
                return account, session
        return None

    async def open(self, account_id: int) -> str:
        """A new session of the account; its token."""
        session_id = secrets.token_urlsafe(32)
        await open_session(self.database, account_id, session_id)
        return self._serializer.dumps([account_id, session_id])

    async def close(self, token: str | None) -> None:
        """Ends the session of `token` (nothing when it names none)."""
        ids = self._ids(token) if token else None
        if ids is None:
            return
        await end_session(self.database, *ids)

    async def rotate(self, account_id: int) -> str:
        """Ends every session of the account and opens a new one: its token."""
        await end_sessions_of(self.database, account_id)
        return await self.open(account_id)

    async def account_of(self, token: str) -> int | None:
        """The account whose live session `token` names; None when forged, signed out,
        or idle too long (an idle one is deleted)."""
        ids = self._ids(token)
        if ids is None:
            return None
        account_id, session_id = ids
        moment = dt.datetime.now(dt.UTC)
        live = await live_session(
            self.database, account_id, session_id, moment, self.idle, SEEN_EVERY
        )
        return account_id if live else None

    def sign_in(self, response: Response, token: str) -> None:
        response.set_cookie(
            COOKIE,
            token,
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=self.secure,
        )

    def sign_out(self, response: Response) -> None:
        response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=self.secure)

    @staticmethod
    def token_of(connection: HTTPConnection) -> str | None:
        """The token a request or WebSocket brings: the cookie, or `Authorization: Bearer`."""
        token = connection.cookies.get(COOKIE)
        header = connection.headers.get("authorization", "")
        if not token and header.lower().startswith("bearer "):
            token = header[7:].strip()
        return token or None

    async def authenticate(self, connection: HTTPConnection) -> int | None:
        """Checks the connection's token once and remembers the account on it (for `of`)."""
        token = self.token_of(connection)
        account = await self.account_of(token) if token else None
        connection.state.account = account
        connection.state.token_refused = token is not None and account is None
        return account

    def of(self, connection: HTTPConnection) -> int | None:
        """The account `authenticate` found for this request or WebSocket."""
        account: int | None = getattr(connection.state, "account", None)
        return account

    def required(self, connection: HTTPConnection) -> int:
        account = self.of(connection)
        if account is None:
            raise Refusal(
                Code.NOT_SIGNED_IN,
                _("not signed in: choose a name to play as a guest, or sign in"),
            )
        return account


async def authenticated(connection: HTTPConnection) -> None:
    """The dependency of every HTTP route: who is asking, checked against the database."""
    await connection.app.state.services.sessions.authenticate(connection)
