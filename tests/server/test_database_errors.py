"""`serve` and `db upgrade` on a database that cannot be reached or written end in one
clear sentence and exit status 2, not a traceback (issue 35, Low)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from spieltisch.cli.app import app
from tests.server.servers import free_port

runner = CliRunner(env={"COLUMNS": "200"})


@pytest.mark.parametrize("command", [["db", "upgrade"], ["serve", "--port", "1"]])
@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://postgres@127.0.0.1:{port}/nothing",  # nothing listens there
        "sqlite+aiosqlite:////proc/spieltisch/nowhere.sqlite3",  # a folder no one can make
    ],
)
def test_an_unusable_database_ends_in_one_sentence(command: list[str], url: str) -> None:
    database = url.format(port=free_port())
    result = runner.invoke(app, [*command, "--database", database])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "cannot be opened or migrated" in result.output
    assert len(result.output.strip().splitlines()) <= 3, result.output
