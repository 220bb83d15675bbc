"""The signed tokens in the links an email carries: verify an address, unsubscribe,
reset a password. Each is signed with the server's key under its own salt (a token of
one kind is no token of another) and names what it is good for, so that it stops
working when that changes: an unsubscribe token names the address (a new address needs
a new link), a reset token a digest of the password hash (used once, it is spent)."""

from __future__ import annotations

import hashlib

from itsdangerous import BadSignature, URLSafeTimedSerializer

VERIFY_SECONDS = 3 * 24 * 3600
"""A verification link works three days."""
RESET_SECONDS = 3600
"""A password reset link works an hour."""
UNSUBSCRIBE_SECONDS = 400 * 24 * 3600
"""An unsubscribe link works as long as anyone keeps an email (a good year)."""


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
        return self._verify.dumps([account, email])

    def unsubscribe(self, account: int, email: str) -> str:
        return self._unsubscribe.dumps([account, email])

    def reset(self, account: int, password_hash: str | None) -> str:
        return self._reset.dumps([account, password_mark(password_hash)])

    def verified(self, token: str) -> tuple[int, str] | None:
        """(account, address) of a good verification token, else None."""
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
