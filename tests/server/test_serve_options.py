"""`spieltisch serve`'s options reach uvicorn (no server is started: uvicorn.run is
replaced by a recorder)."""

from __future__ import annotations

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
