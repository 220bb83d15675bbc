"""`spieltisch serve` and `spieltisch db upgrade`: the web table and its database."""

from __future__ import annotations

import os
import socket
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from spieltisch.cli.messages import _
from spieltisch.cli.serve_config import CONFIG_VARIABLE, printed, read_config, setting

console = Console()


class LogFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    LOGFMT = "logfmt"


class LogLevel(StrEnum):
    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


db_app = typer.Typer(help="The server's database.", no_args_is_help=True)

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        envvar=["SPIELTISCH_DATABASE", "SPIELTISCH_DATABASE_URL"],
        help="Database URL (postgresql+psycopg://... or sqlite+aiosqlite:///PATH); "
        "default: SPIELTISCH_DATABASE_URL, else a file in the user data directory.",
    ),
]


def _upgrade(url: str) -> None:
    """Migrate the database, or stop with one sentence saying why not (an unreachable
    server, a read-only folder, a failing migration) instead of a traceback."""
    from alembic.util import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from spieltisch.cli.fail import fail
    from spieltisch.store.database import describe_url, upgrade

    try:
        upgrade(url)
    except (SQLAlchemyError, OSError, CommandError) as exc:
        cause = getattr(exc, "orig", None) or exc
        reason = " ".join(str(cause).split())[:300] or type(cause).__name__
        fail(
            console,
            _("the database {url} cannot be opened or migrated: {reason}").format(
                url=describe_url(url), reason=reason
            ),
        )


def _url(database: str | None) -> str:
    from spieltisch.store.database import check_url, default_database_url

    try:
        return check_url(database or default_database_url())
    except ValueError as exc:
        console.print(f"[bold red]{_('Error')}:[/] {exc}", highlight=False)
        raise typer.Exit(2) from None


def serve(
    context: typer.Context,
    database: DatabaseOption = None,
    host: Annotated[str, setting("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, setting("--port", min=0, max=65535, help="Port.")] = 8000,
    ai_workers: Annotated[
        int,
        setting(
            "--ai-workers",
            min=1,
            help="Processes for computer seats.",
        ),
    ] = 1,
    ai_quick_workers: Annotated[
        int,
        setting(
            "--ai-quick-workers",
            min=0,
            help="Processes only for quick computer moves (an easy level), so they never "
            "wait behind a long search.",
        ),
    ] = 1,
    ai_pace: Annotated[
        float,
        setting(
            "--ai-pace",
            min=0,
            help="Seconds at least between computer moves.",
        ),
    ] = 0.8,
    ai_budget: Annotated[
        str | None,
        setting(
            "--ai-budget",
            help="Budget of every computer seat (200 or 0.2s).",
        ),
    ] = None,
    review_budget: Annotated[
        str | None,
        setting(
            "--review-budget",
            help="Budget of each search of a game's review (default: --ai-budget, else the "
            "review's own).",
        ),
    ] = None,
    ai_threads: Annotated[
        bool,
        setting(
            "--ai-threads",
            help="Computer seats think in threads, not processes.",
        ),
    ] = False,
    secure_cookies: Annotated[
        bool,
        setting(
            "--secure-cookies",
            help="Mark the session cookie Secure (behind HTTPS).",
        ),
    ] = False,
    origin: Annotated[
        list[str] | None,
        setting(
            "--origin",
            help="Another origin allowed to open WebSockets; repeat.",
        ),
    ] = None,
    rate_limit: Annotated[
        list[str] | None,
        setting(
            "--rate-limit",
            help="Change one rate limit: account:moves=60/3s, address:tables=120/min, "
            "account:chat=12/min, address:accounts=300/min; or how many open tables one "
            "account or address keeps: address:open_tables=20; repeat.",
        ),
    ] = None,
    no_rate_limits: Annotated[
        bool,
        setting(
            "--no-rate-limits",
            help="No rate limits (load tests on loopback).",
        ),
    ] = False,
    claim_after: Annotated[
        float,
        setting(
            "--claim-after",
            min=0,
            help="Seconds a person's seat must be away before the others may hand it "
            "to the computer.",
        ),
    ] = 300.0,
    abandon_after: Annotated[
        float,
        setting(
            "--abandon-after",
            min=0,
            help="Seconds a running table may have no person at it before it ends as "
            "abandoned (no result, nobody rated); 0: never.",
        ),
    ] = 3 * 24 * 3600.0,
    vacation_days: Annotated[
        float,
        setting(
            "--vacation-days",
            min=0,
            help="Vacation days a player may take each year: their clocks in turn-based "
            "games (not tournament games) stand still meanwhile.",
        ),
    ] = 21.0,
    takeback_seconds: Annotated[
        float,
        setting(
            "--takeback-seconds",
            min=0,
            help="Seconds the next roll waits after a person's move in a casual dice game, "
            "so they may take it back (0: rolled at once).",
        ),
    ] = 3.0,
    ws_deflate: Annotated[
        bool,
        setting(
            "--ws-deflate/--no-ws-deflate",
            help="Compress WebSocket messages (permessage-deflate) when the client offers "
            "it; off behind a proxy that compresses, or on loopback.",
        ),
    ] = True,
    workers: Annotated[
        int,
        setting(
            "--workers",
            min=1,
            help="Server processes sharing the port (PostgreSQL only).",
        ),
    ] = 1,
    max_connections: Annotated[
        int,
        setting(
            "--max-connections",
            min=0,
            help="Table WebSockets one process keeps open at most (0: no bound); one more "
            "is told the server is full (close code 1013) and connects again later.",
        ),
    ] = 0,
    sweep_seconds: Annotated[
        float,
        setting(
            "--sweep-seconds",
            min=0.1,
            help="How often a process looks for tables whose process died (PostgreSQL): "
            "they go on within about this time.",
        ),
    ] = 1.0,
    smtp: Annotated[
        str | None,
        setting(
            "--smtp",
            help="The SMTP server notifications and account emails go through: "
            "smtp://HOST:PORT, smtp+starttls://USER:PASSWORD@HOST:587 or "
            "smtps://USER:PASSWORD@HOST:465 (default: no email).",
        ),
    ] = None,
    mail_from: Annotated[
        str,
        setting(
            "--mail-from",
            help="The sender of the emails.",
        ),
    ] = "spieltisch <spieltisch@localhost>",
    public_url: Annotated[
        str | None,
        setting(
            "--public-url",
            help="The address people open the site at, for the links in emails "
            "(default: this server's own address).",
        ),
    ] = None,
    digest_every: Annotated[
        float,
        setting(
            "--digest-every",
            min=60,
            help="Seconds between the emails of an account that chose a digest.",
        ),
    ] = 24 * 3600.0,
    outbox_lease: Annotated[
        float,
        setting(
            "--outbox-lease",
            min=1,
            help="Seconds a process holds a notification it sends: one whose process "
            "died is sent by another after this.",
        ),
    ] = 120.0,
    vapid_key: Annotated[
        Path | None,
        setting(
            "--vapid-key",
            help="The file of the VAPID private key Web Push notifications are signed "
            "with (made by spieltisch push-keys; default: no Web Push).",
        ),
    ] = None,
    log_format: Annotated[
        LogFormat,
        setting(
            "--log-format",
            help="Log lines as text (uvicorn's), json (one object a line) or logfmt.",
        ),
    ] = LogFormat.TEXT,
    log_level: Annotated[
        LogLevel,
        setting("--log-level", help="The least level logged."),
    ] = LogLevel.INFO,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            envvar=CONFIG_VARIABLE,
            is_eager=True,
            callback=read_config,
            help="A TOML file of settings named as these options (ai-workers = 2); the "
            "environment (SPIELTISCH_AI_WORKERS) and the command line win over it.",
        ),
    ] = None,
    print_config: Annotated[
        bool,
        typer.Option(
            "--print-config", help="Print the settings (passwords masked) and where each came from."
        ),
    ] = False,
) -> None:
    """Start the web table: migrate the database, then serve the lobby and live play."""
    if print_config:
        shown = printed(context, {"database": _url(database)})
        console.print(shown, markup=False, highlight=False, soft_wrap=True)
        return
    try:
        import uvicorn
    except ImportError:
        message = _("The web table needs the extra 'web': uv run --extra web spieltisch serve")
        console.print(f"[bold red]{_('Error')}:[/] {message}", highlight=False)
        raise typer.Exit(2) from None

    from spieltisch.server import Settings, create_app
    from spieltisch.server.infra.http_timeouts import PROTOCOL as HTTP_PROTOCOL
    from spieltisch.server.infra.interrupts import workers_without_ctrl_c
    from spieltisch.server.infra.limits import RateLimits
    from spieltisch.server.infra.logs import logging_config
    from spieltisch.server.infra.metrics import shared_between_workers
    from spieltisch.server.infra.open_files import raise_open_files
    from spieltisch.server.infra.settings import ENVIRONMENT, PARENT_ENVIRONMENT, TRANSPORT_LIMIT
    from spieltisch.server.infra.transport import PROTOCOL
    from spieltisch.store.database import is_sqlite

    url = _url(database)
    if workers > 1 and is_sqlite(url):
        message = _(
            "--workers {count} needs PostgreSQL (--database postgresql+psycopg://...): "
            "an SQLite file is served by one process"
        ).format(count=workers)
        console.print(f"[bold red]{_('Error')}:[/] {message}", highlight=False)
        raise typer.Exit(2)
    if smtp is not None:
        from spieltisch.server.infra.mail import SmtpServer

        try:
            SmtpServer.parse(smtp)
        except ValueError as exc:
            console.print(f"[bold red]{_('Error')}:[/] {exc}", highlight=False)
            raise typer.Exit(2) from None
    if vapid_key is not None:
        from spieltisch.server.infra.push import Pusher

        try:
            Pusher(str(vapid_key), "mailto:spieltisch@localhost")
        except Exception:
            message = _("--vapid-key {file}: not a VAPID private key (make one with {command})")
            console.print(
                f"[bold red]{_('Error')}:[/] "
                + message.format(file=vapid_key, command="spieltisch push-keys FILE"),
                highlight=False,
            )
            raise typer.Exit(2) from None
    limits: RateLimits | None = None if no_rate_limits else RateLimits()
    for spec in rate_limit or ():
        try:
            limits = (limits or RateLimits()).with_rate(spec)
        except ValueError as exc:
            console.print(f"[bold red]{_('Error')}:[/] {exc}", highlight=False)
            raise typer.Exit(2) from None
    settings = Settings(
        database_url=url,
        host=host,
        port=port,
        ai_workers=ai_workers,
        ai_quick_workers=ai_quick_workers,
        ai_processes=not ai_threads,
        secure_cookies=secure_cookies,
        ai_pace=ai_pace,
        ai_budget=ai_budget,
        review_budget=review_budget,
        allowed_origins=tuple(origin or ()),
        rate_limits=limits,
        claim_after_seconds=claim_after,
        abandon_after_seconds=abandon_after or None,
        vacation_days=vacation_days,
        takeback_seconds=takeback_seconds,
        migrate=False,
        workers=workers,
        max_connections=max_connections or None,
        sweep_seconds=sweep_seconds,
        smtp=smtp,
        mail_from=mail_from,
        public_url=public_url,
        digest_seconds=digest_every,
        outbox_lease_seconds=outbox_lease,
        vapid_key=str(vapid_key) if vapid_key is not None else None,
    )
    _upgrade(url)
    raise_open_files()  # each connection is a file: the shell's 1024 is soon reached
    if log_format is LogFormat.TEXT:  # else every line on the console is a log line
        _greet(url, host, port)
    served: dict[str, Any] = {  # for one process and for workers alike
        "host": host,
        "port": port,
        "http": HTTP_PROTOCOL,
        "ws": PROTOCOL,
        "ws_max_size": TRANSPORT_LIMIT,
        "ws_per_message_deflate": ws_deflate,
        "log_level": log_level.value,
        "log_config": logging_config(log_format.value, log_level.value),
    }
    if workers > 1:
        # Each worker builds the application itself from the settings in its environment.
        os.environ[ENVIRONMENT] = settings.to_json()
        os.environ[PARENT_ENVIRONMENT] = str(os.getpid())
        workers_without_ctrl_c()  # Ctrl+C reaches the parent, which stops the workers
        with shared_between_workers():  # one /metrics for all workers
            uvicorn.run(
                "spieltisch.server.app:app_from_environment",
                factory=True,
                workers=workers,
                timeout_worker_healthcheck=WORKER_ANSWERS_SECONDS,
                **served,
            )
        return
    uvicorn.run(create_app(settings), **served)


def _greet(url: str, host: str, port: int) -> None:
    """Where the tables are and where to open them."""
    from spieltisch.store.database import describe_url

    console.print(_("Database: {url}").format(url=describe_url(url)), highlight=False)
    console.print(
        _("Open http://{host}:{port}/ in a browser (API: /docs)").format(
            host=browser_host(host), port=port
        ),
        highlight=False,
    )
    if host in EVERY_ADDRESS:
        console.print(
            _("From other machines: http://{host}:{port}/").format(
                host=socket.gethostname(), port=port
            ),
            highlight=False,
        )


WORKER_ANSWERS_SECONDS = 60
"""How long a worker of `--workers N` may take to answer its supervisor's ping before it
is taken for hung and replaced. uvicorn's 5 s killed workers still importing the
package on a busy machine, over and over, logging only "Child process died"."""

EVERY_ADDRESS = ("0.0.0.0", "::", "")
"""Hosts that mean "listen on every address": no browser can open them."""


def browser_host(host: str) -> str:
    """The host of an address a browser on this machine can open: loopback for a server
    listening on every address, an IPv6 address in brackets."""
    if host in EVERY_ADDRESS:
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


@db_app.command("upgrade")
def db_upgrade(database: DatabaseOption = None) -> None:
    """Run the database migrations up to the newest."""
    from spieltisch.store.database import describe_url

    url = _url(database)
    _upgrade(url)
    console.print(_("Database {url} is up to date.").format(url=describe_url(url)), highlight=False)
