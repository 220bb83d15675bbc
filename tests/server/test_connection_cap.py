"""Issue 48: a process keeps at most `serve --max-connections` table WebSockets open. One
more is accepted and closed at once with 1013 ("try again later": the page connects
again by itself, through a proxy perhaps to another process) and a reason in its
language; once one closes, the next is taken. The option (and its variable) reaches the
application."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

import spieltisch.server
from spieltisch.cli.app import app as cli
from spieltisch.server.infra import collector, metrics, passwords
from tests.server.caps import one_more_refused_until_one_closes
from tests.server.client import Client
from tests.server.conftest import QUICK_HASHER
from tests.server.server_thread import ServerThread

CAP = 3


@pytest.fixture
def capped(migrated_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerThread]:
    monkeypatch.setattr(passwords, "HASHER", QUICK_HASHER)
    monkeypatch.setattr(collector, "settle", lambda: None)
    served = ServerThread(migrated_url, max_connections=CAP)
    served.start()
    yield served
    served.stop()


def _refused() -> float:
    return float(metrics.REFUSALS.labels("server_full", "ws")._value.get())


def test_a_full_process_refuses_one_more_socket_until_one_closes(capped: ServerThread) -> None:
    async def scenario() -> None:
        before = _refused()
        async with Client(capped.url) as ana, Client(capped.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = (await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}]))["id"]
            # From two accounts (the cap is the process's, not an account's or address's).
            code, reason = await one_more_refused_until_one_closes(
                lambda n, **query: (ana if n % 2 else bob).socket(table, **query),
                CAP,
                lambda: capped.services.sockets.open_from("127.0.0.1"),
            )
            assert code == 1013 and reason.startswith("Dieser Server ist voll")
            assert _refused() == before + 1
        capped.assert_no_exception()

    asyncio.run(scenario())


def test_the_option_and_its_variable_reach_the_application(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Any] = []
    real = spieltisch.server.create_app

    def recorded(settings: Any, **rest: Any) -> Any:
        made.append(settings)
        return real(settings, **rest)

    monkeypatch.setattr(spieltisch.server, "create_app", recorded)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: None)
    url = f"sqlite+aiosqlite:///{tmp_path / 'cap.sqlite3'}"
    runner = CliRunner()
    for arguments, env, expected in (
        (["--max-connections", "500"], {}, 500),
        ([], {"SPIELTISCH_MAX_CONNECTIONS": "200"}, 200),
        ([], {}, None),
    ):
        result = runner.invoke(cli, ["serve", "--database", url, *arguments], env=env)
        assert result.exit_code == 0, result.output
        assert made.pop().max_connections == expected
    refused = runner.invoke(cli, ["serve", "--database", url, "--max-connections", "-1"])
    assert refused.exit_code == 2 and "--max-connections" in refused.output
