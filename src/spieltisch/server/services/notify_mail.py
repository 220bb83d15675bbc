"""The emails of notifications: one notification, or a digest of several, with the
one-click link to the table and the one-click unsubscribe link (also as the
`List-Unsubscribe` header, RFC 8058, so a mail program offers it as a button)."""

from __future__ import annotations

import re
from email.message import EmailMessage

from spieltisch.server.services.notify_texts import Worded, digest_subject, unsubscribe_line


def compose(
    sender: str,
    to: str,
    items: list[Worded],
    code: str,
    unsubscribe: tuple[str, str] | None,
    message_id: str,
    host: str = "spieltisch.invalid",
) -> EmailMessage:
    """One email for `items` (one: its own subject; more: a digest). `unsubscribe`: the
    page that ends every email to this address in one click and the URL a mail
    program posts to for the same (None for the account's own emails:
    verifying an address, a password reset). `message_id`: stable for the notification,
    so a mail program shows a notification sent twice (a crash between the mail
    server's acceptance and marking it sent) once; `host`: the right part of the
    Message-ID (the `--public-url` host)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = items[0].subject if len(items) == 1 else digest_subject(len(items), code)
    message["Message-ID"] = f"<{_safe(message_id)}@{host}>"
    lines: list[str] = []
    for item in items:
        if len(items) > 1:
            lines.append(f"* {item.subject}")
        lines += item.lines
        if item.link:
            lines.append(item.link)
        lines.append("")
    if unsubscribe is not None:
        page, one_click = unsubscribe
        message["List-Unsubscribe"] = f"<{one_click}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        lines += ["-- ", unsubscribe_line(code), page]
    message.set_content("\n".join(lines) + "\n")
    return message


def _safe(key: str) -> str:
    """A notification's key as the left part of a Message-ID (the same every time)."""
    return re.sub(r"[^A-Za-z0-9_.-]", ".", key)
