"""Bodies of the notification settings: only ever in answers to the account itself."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from spieltisch.server.schemas.rest import Strict

Kind = Literal["turn", "reminder", "finished", "invitation", "chat"]
Channel = Literal["email", "browser", "webhook"]
EMAIL_PATTERN = r"^[^@\s<>,;]{1,64}@[^@\s<>,;]+\.[^@\s<>,;]+$"


class NotificationsOut(BaseModel):
    email: str | None
    """The verified address (only the account itself is ever told it)."""
    email_pending: str | None
    """An address waiting for its verification link to be opened."""
    email_possible: bool
    """Whether this server sends email at all (a host configured SMTP)."""
    choices: dict[Kind, list[Channel]]
    digest: bool
    language: str | None
    webhook_url: str | None


class ChoicesIn(Strict):
    choices: dict[Kind, list[Channel]] | None = None
    digest: bool | None = None
    language: Literal["de", "en", "fr"] | None = None


class EmailIn(Strict):
    email: str = Field(max_length=254, pattern=EMAIL_PATTERN, description="name@example.org")


class WebhookIn(Strict):
    url: str = Field(min_length=8, max_length=500, description="http(s)://... to POST to.")


class WebhookOut(BaseModel):
    url: str
    secret: str
    """The key of the signature: shown this once (a new one with every PUT)."""


class TokenIn(Strict):
    token: str = Field(min_length=10, max_length=500)


class ForgotIn(Strict):
    username: str = Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")


class ResetIn(Strict):
    token: str = Field(min_length=10, max_length=500)
    password: str = Field(min_length=8, max_length=200)


class PushKeys(Strict):
    p256dh: str = Field(min_length=16, max_length=200, description="The browser's public key.")
    auth: str = Field(min_length=8, max_length=100, description="The browser's auth secret.")


class PushIn(Strict):
    """A browser's push subscription, as `PushSubscription.toJSON()` gives it."""

    endpoint: str = Field(min_length=10, max_length=1000)
    expirationTime: int | None = None
    keys: PushKeys


class PushOff(Strict):
    endpoint: str = Field(min_length=10, max_length=1000)


class PushKeyOut(BaseModel):
    public_key: str | None
    """The server's VAPID public key (base64url) browsers subscribe with; None: this
    server sends no Web Push (its host configured no key)."""


class PushOut(BaseModel):
    devices: int
    """How many browsers of yours get Web Push notifications (yours alone)."""
