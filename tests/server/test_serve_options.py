"""`spieltisch serve`'s options reach uvicorn (no server is started: uvicorn.run is
replaced by a recorder)."""

from __future__ import annotations

import resource
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from spieltisch.cli.app import app as cli
from spieltisch.server.infra.transport import PROTOCOL


def test_ws_deflate_is_on_unless_switched_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: calls.append(options))
    url = f"sqlite+aiosqlite:///{tmp_path / 'options.sqlite3'}"
    for flags in ([], ["--no-ws-deflate"], ["--ws-deflate"]):
        result = CliRunner().invoke(cli, ["serve", "--database", url, *flags])
        assert result.exit_code == 0, result.output
    assert [options["ws_per_message_deflate"] for options in calls] == [True, False, True]
    # Deflating at level 1 (spieltisch.server.infra.transport), on or off as the flag says.
    assert {options["ws"] for options in calls} == {PROTOCOL}


def test_serve_on_every_address_prints_an_address_a_browser_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--host 0.0.0.0` listens everywhere, but no browser opens http://0.0.0.0:8000/."""
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: None)
    url = f"sqlite+aiosqlite:///{tmp_path / 'hosts.sqlite3'}"
    result = CliRunner().invoke(cli, ["serve", "--database", url, "--host", "0.0.0.0"])
    assert result.exit_code == 0, result.output
    assert "Open http://127.0.0.1:8000/ in a browser" in result.output
    assert "0.0.0.0" not in result.output
    assert "From other machines: http://" in result.output
    here = CliRunner().invoke(cli, ["serve", "--database", url, "--host", "::1", "--port", "9"])
    assert "Open http://[::1]:9/ in a browser" in here.output


def test_serve_raises_its_open_file_soft_limit_to_the_hard_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 48's audit: idle sockets reopened as they closed made 31 of 40 other requests
    fail at the shell's soft limit of 1024 open files."""
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(
        uvicorn, "run", lambda *a, **o: seen.append(resource.getrlimit(resource.RLIMIT_NOFILE))
    )
    url = f"sqlite+aiosqlite:///{tmp_path / 'files.sqlite3'}"
    low = min(256, before[0])
    resource.setrlimit(resource.RLIMIT_NOFILE, (low, before[1]))
    try:
        result = CliRunner().invoke(cli, ["serve", "--database", url])
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)
    assert result.exit_code == 0, result.output
    hard = before[1]
    assert seen == [(hard if hard != resource.RLIM_INFINITY else 1 << 20, hard)]
