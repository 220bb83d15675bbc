"""A real SMTP server for the tests (aiosmtpd on 127.0.0.1 and a free port, in its own
thread): every email it accepts is kept, parsed, for the test to read."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from tests.server.servers import free_port


class Mailbox:
    """What arrived: each email as the receiver sees it. With `answering` cleared the
    server hangs at the recipient, as a mail server that stalls."""

    def __init__(self) -> None:
        self.received: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.answering = threading.Event()
        self.answering.set()
        self.waiting = 0
        """Emails held at their recipient (nothing of them delivered yet)."""
        self.refused: set[str] = set()
        """Recipients answered "451 try again later" (a delivery that fails for now)."""
        self.closing = threading.Event()
        self.closing.set()
        self.quitting = 0
        """Sessions held at QUIT (with `closing` cleared): their email accepted already."""

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        """Not answering, the server waits here before the message is sent: a sender killed now
        has delivered nothing."""
        with self.lock:
            self.waiting += 1
        while not self.answering.is_set():
            await asyncio.sleep(0.02)
        with self.lock:
            self.waiting -= 1
            if address in self.refused:
                return "451 4.3.0 mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        with self.lock:
            self.received.append(parsed)
        return "250 OK"

    async def handle_QUIT(self, server: Any, session: Any, envelope: Any) -> str:
        """With `closing` cleared the server holds QUIT unanswered: the email is taken,
        the sender has not heard the end of the session."""
        with self.lock:
            self.quitting += 1
        while not self.closing.is_set():
            await asyncio.sleep(0.02)
        with self.lock:
            self.quitting -= 1
        return "221 Bye"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.received if m["To"] == address]

    def count(self) -> int:
        with self.lock:
            return len(self.received)


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def link(message: EmailMessage, marker: str) -> str:
    """The first link in the email's text whose path has `marker` (`#/email/`)."""
    found = re.search(r"https?://\S*" + re.escape(marker) + r"\S+", body(message))
    assert found, body(message)
    return found.group(0)


@contextmanager
def mailbox() -> Iterator[tuple[Mailbox, str]]:
    """A running SMTP server and the `--smtp` URL that reaches it."""
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, f"smtp://127.0.0.1:{port}"
    finally:
        box.answering.set()
        box.closing.set()
        controller.stop()
