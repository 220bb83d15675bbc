"""The signed tokens in the links an email carries: verify an address, unsubscribe,
reset a password. Each is signed with the server's key under its own salt (a token of
one kind is no token of another) and names what it is good for, by a digest, so that it
stops working when that changes: a verification or unsubscribe token the address (a new
address needs a new link), a reset token the password hash (used once, it is spent).
No token carries the address itself."""

from __future__ import annotations

import hashlib

from itsdangerous import BadSignature, URLSafeTimedSerializer

VERIFY_SECONDS = 3 * 24 * 3600
"""A verification link works three days."""
RESET_SECONDS = 3600
"""A password reset link works an hour."""
UNSUBSCRIBE_SECONDS = 400 * 24 * 3600
"""An unsubscribe link works as long as anyone keeps an email (a good year)."""


def address_mark(email: str | None) -> str:
    """A short digest of an address: what a token names, so that the token (in a URL,
    perhaps in a proxy's log) does not carry the address itself."""
    return hashlib.sha256((email or "").strip().lower().encode()).hexdigest()[:24]


def password_mark(password_hash: str | None) -> str:
    """A short digest of the password hash: a reset token bound to it is spent once the
    password changes."""
    return hashlib.sha256((password_hash or "").encode()).hexdigest()[:16]


class LinkTokens:
    def __init__(self, key: str) -> None:
        self._verify = URLSafeTimedSerializer(key, salt="spieltisch-verify-email")
        self._unsubscribe = URLSafeTimedSerializer(key, salt="spieltisch-unsubscribe")
        self._reset = URLSafeTimedSerializer(key, salt="spieltisch-reset-password")

    def verify(self, account: int, email: str) -> str:
        return self._verify.dumps([account, address_mark(email)])

    def unsubscribe(self, account: int, email: str) -> str:
        return self._unsubscribe.dumps([account, address_mark(email)])

    def reset(self, account: int, password_hash: str | None) -> str:
        return self._reset.dumps([account, password_mark(password_hash)])

    def verified(self, token: str) -> tuple[int, str] | None:
        """(account, address mark) of a good verification token, else None."""
        return _pair(self._verify, token, VERIFY_SECONDS)

    def unsubscribing(self, token: str) -> tuple[int, str] | None:
        return _pair(self._unsubscribe, token, UNSUBSCRIBE_SECONDS)

    def resetting(self, token: str) -> tuple[int, str] | None:
        """(account, password mark) of a good reset token, else None."""
        return _pair(self._reset, token, RESET_SECONDS)


def _pair(serializer: URLSafeTimedSerializer, token: str, seconds: int) -> tuple[int, str] | None:
    try:
        value = serializer.loads(token, max_age=seconds)
    except BadSignature:
        return None
    match value:
        case [int() as account, str() as text]:
            return account, text
    return None
