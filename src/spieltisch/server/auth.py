"""Who is asking: a signed, HttpOnly, SameSite cookie carries the account id.

Guests get an account at once; claiming sets a username and an argon2 password hash so
the same account can sign in elsewhere. Passwords never reach a log.
"""

from __future__ import annotations

import secrets

from fastapi import HTTPException, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from spieltisch.server.i18n import _
from spieltisch.store.models import ServerSecret

COOKIE = "spieltisch_session"
MAX_AGE = 60 * 60 * 24 * 365


async def signing_key(session: AsyncSession) -> str:
    """The server's cookie key, made on first start and shared by every process."""
    found = await session.get(ServerSecret, "cookie_key")
    if found is not None:
        return found.value
    session.add(ServerSecret(name="cookie_key", value=secrets.token_urlsafe(48)))
    try:
        await session.commit()
    except IntegrityError:  # another process made it first
        await session.rollback()
    key = (await session.execute(select(ServerSecret.value).filter_by(name="cookie_key"))).scalar()
    assert key is not None
    return key


class Sessions:
    """Signs and reads the session cookie."""

    def __init__(self, key: str, secure: bool) -> None:
        self._serializer = URLSafeTimedSerializer(key, salt="spieltisch-session")
        self.secure = secure

    def token(self, account_id: int) -> str:
        return self._serializer.dumps(account_id)

    def account_id(self, token: str | None) -> int | None:
        if not token:
            return None
        try:
            value = self._serializer.loads(token, max_age=MAX_AGE)
        except BadSignature:
            return None
        return value if isinstance(value, int) else None

    def sign_in(self, response: Response, account_id: int) -> None:
        response.set_cookie(
            COOKIE,
            self.token(account_id),
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=self.secure,
        )

    def sign_out(self, response: Response) -> None:
        response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=self.secure)

    def of(self, connection: HTTPConnection) -> int | None:
        """The account of a request or WebSocket: the cookie, or `Authorization: Bearer`."""
        token = connection.cookies.get(COOKIE)
        header = connection.headers.get("authorization", "")
        if not token and header.lower().startswith("bearer "):
            token = header[7:].strip()
        return self.account_id(token)

    def required(self, connection: HTTPConnection) -> int:
        account = self.of(connection)
        if account is None:
            raise HTTPException(
                401, _("not signed in: POST /api/session/guest with a name, or sign in")
            )
        return account
