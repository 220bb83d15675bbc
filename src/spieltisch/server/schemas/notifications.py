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
