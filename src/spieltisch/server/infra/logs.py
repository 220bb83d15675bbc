"""The server's log lines: plain text (uvicorn's look), JSON or logfmt, each with the
request id and the table id it belongs to, and never a secret.

`serve --log-format json|logfmt|text --log-level debug|info|warning|error` hands
`logging_config` to uvicorn, which sets it up in every worker process. Every line goes
through `redact` last: a password in a URL, a bearer token, a `password=`/`token=`
pair or an email address is replaced by `***`, whatever code logged it."""

from __future__ import annotations

import json
import logging
import re
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from uvicorn.logging import AccessFormatter, DefaultFormatter

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
"""The id of the request or WebSocket being served (`request_ids.py` sets it)."""
TABLE_ID: ContextVar[str | None] = ContextVar("table_id", default=None)
"""The table the request, connection or task is about."""

FORMATS = ("text", "json", "logfmt")
LEVELS = ("debug", "info", "warning", "error")
TABLE_PATH = re.compile(r"/(?:ws|api)/tables/([A-Za-z0-9_-]{1,40})(?:[/?\s\"]|$)")
"""A table's id in a request's path."""
PROBES = frozenset({"/healthz", "/readyz", "/metrics"})
"""Paths asked every few seconds by machines: their access lines only at debug level."""

SECRETS = [
    (re.compile(r"(?i)\b(bearer)\s+[^\s\"',;]+"), r"\1 ***"),
    (re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]+@"), r"\1***@"),
    (
        re.compile(
            r"(?i)\b(password|passwd|secret|token|cookie|session|authorization)"
            r"(\"?\s*[:=]\s*\"?)[^\s\"&,;]+"
        ),
        r"\1\2***",
    ),
    (re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"), "***"),
    (re.compile(r"(/api/unsubscribe/)[^\s\"?]+"), r"\1***"),  # an email's one-click link
]


def redact(text: str) -> str:
    """`text` without passwords, tokens, cookies or email addresses."""
    for pattern, replacement in SECRETS:
        text = pattern.sub(replacement, text)
    return text


class Context(logging.Filter):
    """Puts the request and table ids on each record (a table id given with
    `extra={"table_id": ...}` wins: a task may work for another table than its
    request's); drops the probes' access lines unless the level is debug."""

    def __init__(self, level: str = "info") -> None:
        super().__init__()
        self.quiet_probes = level.lower() != "debug"

    def filter(self, record: logging.LogRecord) -> bool:
        if self.quiet_probes and _probe(record):
            return False
        if getattr(record, "request_id", None) is None:
            record.request_id = REQUEST_ID.get()
        if getattr(record, "table_id", None) is None:
            record.table_id = TABLE_ID.get() or _table_in_path(record)
        return True


def _table_in_path(record: logging.LogRecord) -> str | None:
    """The table of a line uvicorn wrote outside the request (a WebSocket's handshake)."""
    if not record.name.startswith("uvicorn"):
        return None
    found = TABLE_PATH.search(record.getMessage())
    return found.group(1) if found else None


def _probe(record: logging.LogRecord) -> bool:
    args = record.args
    if record.name != "uvicorn.access" or not isinstance(args, tuple) or len(args) < 3:
        return False
    return str(args[2]).split("?", 1)[0] in PROBES


def fields(record: logging.LogRecord) -> dict[str, Any]:
    """What one line says, as names and values."""
    found: dict[str, Any] = {
        "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
        "level": record.levelname.lower(),
        "logger": record.name,
    }
    args = record.args
    if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
        client, method, path, _version, status = args
        found["message"] = f"{method} {path} {status}"
        found.update(client=client, method=method, path=path, status=status)
    else:
        found["message"] = record.getMessage()
    for name in ("request_id", "table_id"):
        value = getattr(record, name, None)
        if value is not None:
            found[name] = value
    if record.exc_info:
        found["error"] = logging.Formatter().formatException(record.exc_info)
    return found


class JsonFormatter(logging.Formatter):
    """One JSON object a line."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(json.dumps(fields(record), ensure_ascii=False, default=str))


class LogfmtFormatter(logging.Formatter):
    """`name=value` pairs a line, values with spaces or quotes in double quotes."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(
            " ".join(f"{name}={_logfmt(value)}" for name, value in fields(record).items())
        )


def _logfmt(value: Any) -> str:
    text = str(value)
    if text and not re.search(r"[\s\"=\\]", text):
        return text
    return json.dumps(text, ensure_ascii=False)


class TextFormatter(DefaultFormatter):
    """uvicorn's own look, redacted."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class TextAccessFormatter(AccessFormatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def logging_config(form: str = "text", level: str = "info") -> dict[str, Any]:
    """The `logging.config.dictConfig` of a server process (uvicorn's `log_config`)."""
    if form not in FORMATS:
        raise ValueError(f"unknown log format {form!r}: allowed are {', '.join(FORMATS)}")
    if level.lower() not in LEVELS:
        raise ValueError(f"unknown log level {level!r}: allowed are {', '.join(LEVELS)}")
    here = __name__
    structured = {"json": f"{here}.JsonFormatter", "logfmt": f"{here}.LogfmtFormatter"}
    if form == "text":
        formatters: dict[str, Any] = {
            "default": {"()": f"{here}.TextFormatter", "fmt": "%(levelprefix)s %(message)s"},
            "access": {
                "()": f"{here}.TextAccessFormatter",
                "fmt": '%(levelprefix)s %(client_addr)s - "%(request_line)s" %(status_code)s',
            },
        }
    else:
        formatters = {"default": {"()": structured[form]}, "access": {"()": structured[form]}}
    context = {"()": f"{here}.Context", "level": level}
    upper = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": formatters,
        "filters": {"context": context},
        "handlers": {
            name: {
                "formatter": name,
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr" if name == "default" else "ext://sys.stdout",
                "filters": ["context"],
            }
            for name in ("default", "access")
        },
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": upper, "propagate": False},
            # Not below info: at debug, uvicorn's WebSocket layer logs every frame (chat
            # lines, moves) and every handshake header.
            "uvicorn.error": {"level": max(upper, "INFO", key=logging.getLevelName)},
            "uvicorn.access": {"handlers": ["access"], "level": upper, "propagate": False},
            "spieltisch": {"handlers": ["default"], "level": upper, "propagate": False},
        },
        "root": {"handlers": ["default"], "level": "WARNING"},
    }
