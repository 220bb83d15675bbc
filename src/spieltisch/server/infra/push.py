"""Web Push (RFC 8030) with VAPID (RFC 8292): the server's key pair, and one encrypted
message (RFC 8291, aes128gcm) posted to a browser's push service.

The host makes the key pair once (`spieltisch push-keys FILE`) and gives the server the
private key's file (`serve --vapid-key`); browsers subscribe with the public key
(`GET /api/push/key`). `pywebpush` (the `push` extra) does the encryption and the
signed `Authorization: vapid t=…, k=…` header; its HTTP call blocks, so it runs in a
thread."""

from __future__ import annotations

import asyncio
import base64
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal

TTL_SECONDS = 24 * 3600
"""How long a push service keeps a message for a browser that is offline."""
URGENT = ("turn", "reminder")
"""The kinds a push service may wake a sleeping phone for (`Urgency: high`)."""


def topic(key: str) -> str:
    """The `Topic` of a notification's messages (RFC 8030 5.4: at most 32 characters of
    the URL-safe base64 alphabet): a message sent again replaces the one the push
    service still holds for an offline browser, rather than coming twice."""
    return _b64(hashlib.sha256(key.encode()).digest())[:32]


def urgency(kind: str) -> str:
    """RFC 8030 5.3: your turn and reminders are `high`; the others `normal`."""
    return "high" if kind in URGENT else "normal"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def make_keys(path: Path) -> str:
    """Write a new VAPID private key (PEM, readable by its owner only) to `path`; the
    public key as browsers take it (base64url of the uncompressed point)."""
    from py_vapid import Vapid

    vapid = Vapid()
    vapid.generate_keys()
    path.write_bytes(vapid.private_pem())
    path.chmod(0o600)
    return public_of(vapid)


def public_of(vapid: Any) -> str:
    from cryptography.hazmat.primitives import serialization

    raw = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(raw)


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str


class Pusher:
    """Posts Web Push messages signed with the host's VAPID key."""

    def __init__(self, key_file: str, subject: str) -> None:
        from py_vapid import Vapid

        self.vapid = Vapid.from_file(key_file)
        self.public_key = public_of(self.vapid)
        self.subject = subject

    async def post(
        self, subscription: Subscription, data: str, topic: str, urgency: str = "normal"
    ) -> int:
        """Post `data` encrypted to the browser of `subscription`, under `topic` (a repeat
        replaces it) and `urgency`; the push service's HTTP status (201: taken; 404 or
        410: the subscription is gone)."""
        return await asyncio.to_thread(self._post, subscription, data, topic, urgency)

    def _post(self, subscription: Subscription, data: str, topic: str, urgency: str) -> int:
        from pywebpush import WebPushException, webpush

        info = {
            "endpoint": subscription.endpoint,
            "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
        }
        try:
            answer = webpush(
                info,
                data,
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.subject},
                ttl=TTL_SECONDS,
                headers={"Topic": topic, "Urgency": urgency},
                timeout=10,
            )
        except WebPushException as failed:
            if failed.response is not None:
                return int(failed.response.status_code)
            raise OSError(str(failed)) from None
        return int(getattr(answer, "status_code", 201))


def subject_of(mail_from: str, site: str) -> str:
    """The VAPID `sub` claim push services may write to: the sender's address, else the
    site."""
    address = mail_from.rsplit("<", 1)[-1].rstrip(">").strip()
    return f"mailto:{address}" if "@" in address else site


def check_endpoint(endpoint: str) -> str:
    """A push service's address as a browser gives it: https (http only on this
    machine, for tests), a host, at most 1000 characters."""
    parts = urlsplit(endpoint)
    local = parts.hostname in ("127.0.0.1", "localhost", "::1")
    if (
        not parts.hostname
        or len(endpoint) > 1000
        or not (parts.scheme == "https" or (parts.scheme == "http" and local))
    ):
        raise Refusal(
            Code.INVALID,
            _("a push subscription needs the https:// address of a push service"),
        )
    return endpoint
