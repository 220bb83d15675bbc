"""One-time codes for handing a tournament over to a browser account.

A tournament made on the command line is directed by a login name, which no account of
the server is. `spieltisch tournament director ID --code` prints a short code; whoever is
signed in on the server and types it on the tournament's page directs it from then on.
The code proves that the person in the browser was given it by someone at the command
line, who has the database and with it the right to direct. The ledger keeps only a
salted hash of it, the code works once and only for `MINUTES` minutes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

MINUTES = 30
"""How long a code can be used."""
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0/O, 1/I/L: a code is read off a terminal and typed by hand."""
LENGTH = 10
"""31**10, about 8 * 10**14 codes: guessing one in 30 minutes is out of reach."""


def new_code() -> str:
    """A fresh code, written in two groups of five: `K7M2Q-XR4TB`."""
    letters = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{letters[:5]}-{letters[5:]}"


def normalised(code: str) -> str:
    """The code as typed, without case, spaces or dashes."""
    return "".join(code.split()).replace("-", "").upper()


def new_salt() -> str:
    return secrets.token_hex(8)


def code_hash(code: str, salt: str) -> str:
    return hashlib.sha256(f"{salt}:{normalised(code)}".encode()).hexdigest()


def matches(code: str, salt: str, expected: str) -> bool:
    """Whether `code` is the one hashed, in constant time."""
    return hmac.compare_digest(code_hash(code, salt), expected)
