"""Sending email through the SMTP server the host configured (`serve --smtp`).

The server is named by a URL: `smtp://HOST:PORT` (plain, as a local relay takes it),
`smtp+starttls://USER:PASSWORD@HOST:587` or `smtps://USER:PASSWORD@HOST:465`. smtplib
runs in a thread, so a slow mail server never stalls a table.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import unquote, urlsplit

from spieltisch.server.i18n import _

logger = logging.getLogger("spieltisch.notify")
SCHEMES = ("smtp", "smtp+starttls", "smtps")
TIMEOUT_SECONDS = 30.0


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    scheme: str = "smtp"
    user: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """The server of a URL; ValueError naming what is wrong and what is allowed."""
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES or not parts.hostname:
            raise ValueError(
                _(
                    "not an SMTP server: {url}; write smtp://HOST:PORT, "
                    "smtp+starttls://USER:PASSWORD@HOST:587 or smtps://USER:PASSWORD@HOST:465"
                ).format(url=url.split("@")[-1])
            )
        default = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}[parts.scheme]
        try:
            port = parts.port or default
        except ValueError:
            raise ValueError(_("the SMTP server's port must be a number from 1 to 65535")) from None
        return cls(
            host=parts.hostname,
            port=port,
            scheme=parts.scheme,
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )

    def send(self, message: EmailMessage, accepted: Callable[[], None] = lambda: None) -> None:
        """Deliver `message` (blocking: call it through `send_mail`); `accepted` is called
        once the server has taken it, before QUIT (a server that never answers QUIT, or
        a process killed then, has delivered it all the same)."""
        context = ssl.create_default_context()
        client: smtplib.SMTP
        if self.scheme == "smtps":
            client = smtplib.SMTP_SSL(
                self.host, self.port, timeout=TIMEOUT_SECONDS, context=context
            )
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT_SECONDS)
        with client:
            if self.scheme == "smtp+starttls":
                client.starttls(context=context)
            if self.user is not None:
                client.login(self.user, self.password or "")
            client.send_message(message)
            accepted()


async def send_mail(
    server: SmtpServer,
    message: EmailMessage,
    accepted: Callable[[], Coroutine[Any, Any, None]] | None = None,
) -> None:
    """Deliver `message` off the event loop (OSError / smtplib.SMTPException on failure);
    `accepted` runs on the loop as soon as the server has taken it, before QUIT (the
    sender marks the notification sent then)."""
    loop = asyncio.get_running_loop()

    def taken() -> None:
        if accepted is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(accepted(), loop).result(TIMEOUT_SECONDS)
        except Exception:  # marked after QUIT instead (or sent again: docs/notifications.md)
            logger.warning("an email taken by the mail server could not be marked sent yet")

    await asyncio.to_thread(server.send, message, taken)
