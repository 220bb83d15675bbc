"""A webhook: a JSON POST to the URL an account gave, signed with its own secret so the
receiver knows it came from this server and was not replayed.

The signature is HMAC-SHA256, keyed with the account's secret, of the timestamp, a dot
and the body exactly as sent (`docs/notifications.md` shows how to check it):

    X-Spieltisch-Timestamp: 1765030000
    X-Spieltisch-Signature: sha256=<hex>

A notification delivered again (the server died before it stored the bot's answer) has
the same body and `Idempotency-Key` (the notification's `id`), and its delivery's number
in `X-Spieltisch-Attempt`: a bot that keeps the keys it has seen acts once.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from spieltisch.server.i18n import _

TIMEOUT_SECONDS = 10.0
TIMESTAMP_HEADER = "X-Spieltisch-Timestamp"
SIGNATURE_HEADER = "X-Spieltisch-Signature"
KEY_HEADER = "Idempotency-Key"
ATTEMPT_HEADER = "X-Spieltisch-Attempt"


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """`sha256=<hex>` of the HMAC-SHA256 of `timestamp.body` keyed with `secret`."""
    signed = str(timestamp).encode() + b"." + body
    return "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def verify(
    secret: str, timestamp: str, body: bytes, given: str, now: float, within: float = 300
) -> bool:
    """What a receiver checks: the signature matches and the timestamp is recent."""
    if not timestamp.isdigit() or abs(now - int(timestamp)) > within:
        return False
    return hmac.compare_digest(signature(secret, int(timestamp), body), given)


def check_url(url: str) -> str:
    """The URL if a webhook may be sent to it (http or https with a host), else
    ValueError naming what is allowed."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or len(url) > 500:
        raise ValueError(
            _("a webhook needs an http:// or https:// address of at most 500 characters")
        )
    return url


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


async def post(url: str, secret: str, body: bytes, key: str, attempt: int) -> int:
    """POST `body` signed with `secret`, as the delivery `attempt` of the notification
    `key`; the receiver's status (OSError when unreachable)."""
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "spieltisch-webhook/1",
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(secret, timestamp, body),
        KEY_HEADER: key,
        ATTEMPT_HEADER: str(attempt),
    }
    return await asyncio.to_thread(_post, url, body, headers)
