"""Issue 48: no secret, token or email address in any line a server writes — searched in
the log of every `spieltisch serve` the test run starts (`ServerProcess.stop` calls
`assert_no_secret`), not only in one test's visit.

The server cleans each formatted line itself (`infra/logs.redact`); what this searches
for is what would still get through: a line written past the formatters (a traceback or
warning on stderr), or a secret in a shape `redact` does not know, such as a session
token standing alone."""

from __future__ import annotations

import re

SHAPES = {
    "email address": re.compile(
        r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"
    ),
    # itsdangerous's signed [account, session] (a session or unsubscribe token):
    # base64 of '[' is 'W', of '[1' .. '[9' 'Wz' — payload.timestamp.signature.
    "session token": re.compile(r"\bWz[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}"),
    "webhook secret": re.compile(r"\bwhsec_[A-Za-z0-9_-]{16,}"),
    "password in a URL": re.compile(r"\b[a-z][a-z0-9+.-]*://[^:/@\s]+:(?!\*\*\*@)[^@\s/]+@"),
    "password, token or cookie value": re.compile(
        r"(?i)\b(?:password|passwd|token|cookie|secret)\"?\s*[:=]\s*\"?(?!\*\*\*)[^\s\"&,;]{4,}"
    ),
}


def secrets_in(text: str) -> list[str]:
    """Each line of `text` holding something of a secret's shape, with what it looked like."""
    found = []
    for line in text.splitlines():
        for name, shape in SHAPES.items():
            if shape.search(line):
                found.append(f"{name}: {line[:300]}")
                break
    return found


def assert_no_secret(text: str, where: str) -> None:
    found = secrets_in(text)
    assert not found, f"{where}: {len(found)} line(s) with a secret:\n" + "\n".join(found[:10])
