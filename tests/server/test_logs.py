"""Issue 48: structured logs (`--log-format json|logfmt`, `--log-level`), a request id on
every request's lines, the table id on every table event, and no secret in any line."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from pathlib import Path

import pytest

from spieltisch.server.infra.logs import (
    REQUEST_ID,
    TABLE_ID,
    Context,
    JsonFormatter,
    LogfmtFormatter,
    logging_config,
    redact,
)
from tests.server.client import Client, play_randomly
from tests.server.secrets_in_logs import secrets_in
from tests.server.servers import ServerProcess

EMAIL = "ana.sommer@example.org"
PASSWORD = "correct horse battery"


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ("Authorization: Bearer eyJhY2NvdW50IjoxfQ.Zx9.abc-_", "eyJhY2NvdW50IjoxfQ"),
        ("database postgresql+psycopg://club:geheim@db/spieltisch", "geheim"),
        ('{"username": "ana", "password": "hunter2hunter2"}', "hunter2hunter2"),
        ("GET /x?token=abc123def456 200", "abc123def456"),
        ("cookie=spieltisch_session.a1b2c3", "a1b2c3"),
        (f"write to {EMAIL} please", EMAIL),
        ('"POST /api/unsubscribe/WzMsImFiYyJd.aX9.Zk HTTP/1.1" 204', "WzMsImFiYyJd"),
    ],
)
def test_redact_removes_each_kind_of_secret(line: str, secret: str) -> None:
    cleaned = redact(line)
    assert secret not in cleaned
    assert "***" in cleaned


def test_redact_leaves_ordinary_lines_alone() -> None:
    line = "table Ab-9_x: seq 12 committed; database postgresql+psycopg://postgres@127.0.0.1:5432/t"
    assert redact(line) == line


def _record(message: str, *args: object, **extra: object) -> logging.LogRecord:
    record = logging.LogRecord("spieltisch.server", logging.INFO, __file__, 1, message, args, None)
    for name, value in extra.items():
        setattr(record, name, value)
    return record


def test_json_and_logfmt_lines_carry_the_request_and_table_ids() -> None:
    request, table = REQUEST_ID.set("req-12345678"), TABLE_ID.set("TableOfTheRequest")
    try:
        own = _record("table %s: finished", "Other", table_id="Other")
        assert Context().filter(own)
        of_request = _record("started")
        assert Context().filter(of_request)
    finally:
        REQUEST_ID.reset(request)
        TABLE_ID.reset(table)
    line = json.loads(JsonFormatter().format(own))
    assert line["table_id"] == "Other"  # the task's own table wins over the request's
    assert line["request_id"] == "req-12345678"
    assert line["message"] == "table Other: finished"
    assert {"time", "level", "logger"} <= set(line)
    plain = LogfmtFormatter().format(of_request)
    pairs = dict(re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', plain))
    assert pairs["table_id"] == "TableOfTheRequest"
    assert pairs["message"] == "started"
    assert pairs["level"] == "info"


def test_probe_access_lines_only_at_debug_level() -> None:
    access = ("1.2.3.4:5", "GET", "/readyz", "1.1", 200)
    form = '%s - "%s %s HTTP/%s" %d'  # uvicorn's
    probe = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, form, access, None)
    assert not Context("info").filter(probe)
    assert Context("debug").filter(probe)


def test_logging_config_refuses_unknown_formats_and_levels() -> None:
    with pytest.raises(ValueError, match="allowed are text, json, logfmt"):
        logging_config("xml", "info")
    with pytest.raises(ValueError, match="allowed are debug, info, warning, error"):
        logging_config("json", "loud")


def test_a_served_game_logs_json_with_ids_and_no_secret(url: str, tmp_path: Path) -> None:
    """A whole visit to a server started with `--log-format json --log-level debug`:
    guests, a claimed account, a wrong and a right sign-in, a table with a computer seat
    played to its end over a WebSocket, a chat line with an email address. Every line of
    its log is a JSON object; each request's lines carry its id (a proxy's own kept);
    each line about a table carries its id; no token, password or email address shows."""
    served = ServerProcess(url, tmp_path, "--log-format", "json", "--log-level", "debug")
    served.start()
    secrets = [EMAIL, PASSWORD]

    async def visit() -> str:
        async with Client(served.url) as ana:
            secrets.append((await ana.guest("Ana"))["token"])
            claimed = await ana.post(
                "/api/session/claim", {"username": "ana_sommer", "password": PASSWORD}
            )
            secrets.append(claimed["token"])
            ana.account = claimed
            wrong = await ana.http.post(
                "/api/session/signin", json={"username": "ana_sommer", "password": "wrong" * 3}
            )
            assert wrong.status_code == 401
            signed = await ana.post(
                "/api/session/signin",
                {"username": "ana_sommer", "password": PASSWORD},
            )
            secrets.append(signed["token"])
            ana.account = signed
            odd = await ana.http.post("/api/session/guest", json={"name": EMAIL * 10})
            assert odd.status_code == 422
            traced = await ana.http.get("/api/games", headers={"X-Request-ID": "proxy-id-0001"})
            assert traced.headers["X-Request-ID"] == "proxy-id-0001"
            seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
            table = await ana.create("mabula", seats)
            await ana.post(f"/api/tables/{table['id']}/start")
            socket = await ana.socket(table["id"])
            await socket.send({"type": "chat", "text": f"mail me: {EMAIL}"})
            final = await play_randomly(socket, random.Random(5))
            assert final["status"] == "finished"
            await socket.close()
            return str(table["id"])

    try:
        table = asyncio.run(visit())
    finally:
        served.stop()
    lines = [line for line in served.log().splitlines() if line.strip()]
    parsed = []
    for line in lines:
        for secret in secrets:
            assert secret not in line, f"a secret in the log: {line}"
        parsed.append(json.loads(line))  # every line, the start's too
    assert all({"time", "level", "logger", "message"} <= set(entry) for entry in parsed)
    proxied = [entry for entry in parsed if entry.get("request_id") == "proxy-id-0001"]
    assert [entry["path"] for entry in proxied] == ["/api/games"]
    requests = [entry for entry in parsed if entry["logger"] == "uvicorn.access"]
    assert requests and all(re.fullmatch(r"[\w.:-]{8,64}", e["request_id"]) for e in requests)
    about_table = [entry for entry in parsed if table in entry["message"]]
    kinds = {entry["message"].split(": ", 1)[-1].split(" ")[0] for entry in about_table}
    assert {"created", "started", "seq", "finished"} <= kinds, kinds
    assert all(entry.get("table_id") == table for entry in about_table), about_table
    assert any(entry["level"] == "debug" for entry in parsed)


TOKEN = "WzEyLCJxOXZfTjNrWWJ4dDBRdUhfUzZVUm1RIl0.aTr4Xw.3hQmZ8p1vF0kq2Jd7sWcX9yTbLeN"


@pytest.mark.parametrize(
    "line",
    [
        f"INFO: 127.0.0.1 - GET /api/me session {TOKEN}",
        "Traceback: ValueError: no account for ana.sommer@example.org",
        "webhook whsec_9aXq2mT0vLr8sPz1KcY3 refused",
        "database postgresql+psycopg://club:geheim@db/spieltisch",
        '{"message": "claim", "password": "hunter2hunter2"}',
        "Set-Cookie: spieltisch_session=abcdef123456",
    ],
)
def test_the_whole_runs_log_search_finds_each_kind_of_secret(line: str) -> None:
    assert secrets_in(f"a quiet line\n{line}\nanother")


def test_the_whole_runs_log_search_passes_cleaned_and_ordinary_lines() -> None:
    lines = [
        redact(f"Authorization: Bearer {TOKEN}"),
        redact(f"mail to {EMAIL}, password={PASSWORD.replace(' ', '_')}"),
        "database postgresql+psycopg://postgres@127.0.0.1:5432/t_3f9a",
        "table Ab-9_x: seq 12 committed by expert@200; seat 2 hard@inferred",
        '"GET /ws/tables/Ab-9_x?token=*** HTTP/1.1" 101',
        "drained: 1 tables stopped here, 1 handed over",
        "INFO:     Uvicorn running on http://127.0.0.1:8001 (Press CTRL+C to quit)",
    ]
    assert secrets_in("\n".join(lines)) == []


def test_every_server_process_of_the_run_has_its_log_searched(tmp_path: Path) -> None:
    """`ServerProcess.stop` searches the log of every server a test started: a token
    that got into one fails that test."""
    served = ServerProcess("sqlite+aiosqlite:///unused.sqlite3", tmp_path)
    served.starts = 1  # as if started (nothing runs: the log is written here)
    (tmp_path / "server-1.log").write_text(f"INFO: ok\nERROR: bad session {TOKEN}\n")
    with pytest.raises(AssertionError, match="session token"):
        served.stop()
    (tmp_path / "server-1.log").write_text("INFO: ok\n")
    served.stop()
