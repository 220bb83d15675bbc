"""Issue 48: `serve`'s settings from a TOML file and the environment, with the option
names; the command line wins over the environment, which wins over the file;
`--print-config` shows them with passwords masked; and they reach uvicorn and the app
(uvicorn.run is replaced by a recorder: no server starts)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from spieltisch.cli.app import app as cli
from spieltisch.server.app import Limits

PASSWORD = "s3cret-Pa55"


def _serve(*arguments: str, env: dict[str, str] | None = None) -> Any:
    result = CliRunner().invoke(cli, ["serve", *arguments], env=env)
    return result


def _words(output: str) -> str:
    """The output as one line of words (the error box wraps it)."""
    return " ".join(output.replace("│", " ").split())


def test_the_file_the_environment_and_the_command_line_in_that_order(tmp_path: Path) -> None:
    config = tmp_path / "spieltisch.toml"
    config.write_text(
        f'database = "postgresql+psycopg://club:{PASSWORD}@db/spieltisch"\n'
        "ai-workers = 3\nai-pace = 0.5\nport = 8100\n"
        'origin = ["https://games.club.example"]\n'
        'rate-limit = "address:open_tables=20"\n'
        "ws-deflate = false\n"
        'log-format = "json"\n',
        encoding="utf-8",
    )
    env = {"SPIELTISCH_AI_PACE": "0.25", "SPIELTISCH_PORT": "8200"}
    result = _serve("--config", str(config), "--port", "8300", "--print-config", env=env)
    assert result.exit_code == 0, result.output
    assert PASSWORD not in result.output
    printed = tomllib.loads(result.output)
    assert printed["database"] == "postgresql+psycopg://club:***@db/spieltisch"
    assert printed["ai-workers"] == 3  # the file
    assert printed["ai-pace"] == 0.25  # the environment over the file
    assert printed["port"] == 8300  # the command line over both
    assert printed["origin"] == ["https://games.club.example"]
    assert printed["rate-limit"] == ["address:open_tables=20"]  # one value for a list
    assert printed["ws-deflate"] is False
    assert printed["log-format"] == "json"
    assert printed["host"] == "127.0.0.1"  # the default
    lines = {line.split(" =")[0]: line for line in result.output.splitlines()}
    assert lines["ai-workers"].endswith(f"# file {config}")
    assert lines["ai-pace"].endswith("# environment SPIELTISCH_AI_PACE")
    assert lines["port"].endswith("# command line")
    assert lines["host"].endswith("# default")


def test_the_config_file_may_be_named_in_the_environment(tmp_path: Path) -> None:
    config = tmp_path / "from-env.toml"
    config.write_text('log-level = "warning"\n', encoding="utf-8")
    result = _serve("--print-config", env={"SPIELTISCH_SERVE_CONFIG": str(config)})
    assert result.exit_code == 0, result.output
    assert tomllib.loads(result.output)["log-level"] == "warning"


def test_the_database_url_variable_of_before_still_counts_and_is_masked() -> None:
    url = f"postgresql+psycopg://club:{PASSWORD}@localhost/spieltisch"
    result = _serve("--print-config", env={"SPIELTISCH_DATABASE_URL": url})
    assert result.exit_code == 0, result.output
    assert PASSWORD not in result.output
    assert "# environment SPIELTISCH_DATABASE_URL" in result.output


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("ai-wrkers = 2\n", "unknown settings ai-wrkers; allowed are"),
        ("ai-workers = \n", "is not TOML"),
        ('log-format = "xml"\n', "'xml' is not one of"),
    ],
)
def test_a_bad_file_is_refused_saying_what_is_wrong(tmp_path: Path, text: str, said: str) -> None:
    config = tmp_path / "bad.toml"
    config.write_text(text, encoding="utf-8")
    result = _serve("--config", str(config), "--print-config")
    assert result.exit_code == 2
    assert said in _words(result.output), result.output


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    result = _serve("--config", str(tmp_path / "nowhere.toml"), "--print-config")
    assert result.exit_code == 2
    assert "cannot read" in _words(result.output), result.output


def test_the_printed_settings_read_back_as_the_same(tmp_path: Path) -> None:
    config = tmp_path / "first.toml"
    config.write_text("ai-workers = 2\nclaim-after = 60.0\nsecure-cookies = true\n")
    first = _serve("--config", str(config), "--print-config")
    again = tmp_path / "again.toml"
    again.write_text(first.output, encoding="utf-8")
    second = _serve("--config", str(again), "--print-config")
    assert second.exit_code == 0, second.output
    assert tomllib.loads(second.output) == tomllib.loads(first.output)


def test_the_settings_reach_uvicorn_and_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: calls.append((args, options)))
    config = tmp_path / "run.toml"
    url = f"sqlite+aiosqlite:///{tmp_path / 'configured.sqlite3'}"
    config.write_text(
        f'database = "{url}"\nclaim-after = 42.0\nlog-format = "logfmt"\n', encoding="utf-8"
    )
    result = _serve("--config", str(config), env={"SPIELTISCH_LOG_LEVEL": "warning"})
    assert result.exit_code == 0, result.output
    assert "Open http" not in result.output  # structured logs: no plain lines
    (app,), options = calls[0]
    assert options["log_level"] == "warning"
    log_config = options["log_config"]
    assert log_config["formatters"]["default"]["()"].endswith(".LogfmtFormatter")
    assert log_config["loggers"]["spieltisch"]["level"] == "WARNING"
    (settings,) = [m.kwargs["settings"] for m in app.user_middleware if m.cls is Limits]
    assert settings.claim_after_seconds == 42.0
    assert settings.database_url == url


def test_every_setting_has_its_variable() -> None:
    """A new option of `serve` gets its SPIELTISCH_* variable (and so its name in the
    file); the two that say where the settings are and what to do with them need none."""
    import typer

    from spieltisch.cli.serve import serve
    from spieltisch.cli.serve_config import NOT_SETTINGS, variable

    app = typer.Typer(add_completion=False)
    app.command()(serve)
    missing = [
        parameter.opts[0]
        for parameter in typer.main.get_command(app).params
        if parameter.name not in NOT_SETTINGS | {"help"}
        and variable(parameter.opts[0])
        not in (parameter.envvar if isinstance(parameter.envvar, list) else [parameter.envvar])
    ]
    assert missing == []


def test_the_mail_settings_reach_the_app_and_the_smtp_password_is_masked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: `--smtp` (a URL whose password is masked like the database's), the
    sender, the site's address for the links, the digest and the outbox lease."""
    config = tmp_path / "mail.toml"
    config.write_text(
        f'smtp = "smtp+starttls://club:{PASSWORD}@mail.club.example:587"\n'
        'public-url = "https://games.club.example"\n'
        'mail-from = "Club <games@club.example>"\n',
        encoding="utf-8",
    )
    env = {"SPIELTISCH_DIGEST_EVERY": "3600"}
    printed = _serve("--config", str(config), "--print-config", env=env)
    assert printed.exit_code == 0, printed.output
    assert PASSWORD not in printed.output
    assert tomllib.loads(printed.output)["smtp"] == "smtp+starttls://club:***@mail.club.example:587"
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: calls.append((args, options)))
    url = f"sqlite+aiosqlite:///{tmp_path / 'mail.sqlite3'}"
    result = _serve("--config", str(config), "--database", url, "--outbox-lease", "30", env=env)
    assert result.exit_code == 0, result.output
    (app,), _options = calls[0]
    (settings,) = [m.kwargs["settings"] for m in app.user_middleware if m.cls is Limits]
    assert settings.smtp == f"smtp+starttls://club:{PASSWORD}@mail.club.example:587"
    assert settings.site() == "https://games.club.example"
    assert settings.mail_from == "Club <games@club.example>"
    assert settings.digest_seconds == 3600.0
    assert settings.outbox_lease_seconds == 30.0
    bad = _serve("--smtp", "mail.example:25", "--database", url)
    assert bad.exit_code == 2
    assert "not an SMTP server: mail.example:25; write smtp://HOST:PORT" in _words(bad.output)
