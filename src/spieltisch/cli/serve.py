"""`spieltisch serve` and `spieltisch db upgrade`: the web table and its database."""

from __future__ import annotations

import copy
import os
import socket
from typing import Annotated, Any

import typer
from rich.console import Console

from spieltisch.cli.messages import _

console = Console()
db_app = typer.Typer(help="The server's database.", no_args_is_help=True)

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
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
    database: DatabaseOption = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port.")] = 8000,
    ai_workers: Annotated[
        int, typer.Option("--ai-workers", min=1, help="Processes for computer seats.")
    ] = 1,
    ai_quick_workers: Annotated[
        int,
        typer.Option(
            "--ai-quick-workers",
            min=0,
            help="Processes only for quick computer moves (an easy level), so they never "
            "wait behind a long search.",
        ),
    ] = 1,
    ai_pace: Annotated[
        float, typer.Option("--ai-pace", min=0, help="Seconds at least between computer moves.")
    ] = 0.8,
    ai_budget: Annotated[
        str | None,
        typer.Option("--ai-budget", help="Budget of every computer seat (200 or 0.2s)."),
    ] = None,
    review_budget: Annotated[
        str | None,
        typer.Option(
            "--review-budget",
            help="Budget of each search of a game's review (default: --ai-budget, else the "
            "review's own).",
        ),
    ] = None,
    ai_threads: Annotated[
        bool,
        typer.Option("--ai-threads", help="Computer seats think in threads, not processes."),
    ] = False,
    secure_cookies: Annotated[
        bool,
        typer.Option("--secure-cookies", help="Mark the session cookie Secure (behind HTTPS)."),
    ] = False,
    origin: Annotated[
        list[str] | None,
        typer.Option("--origin", help="Another origin allowed to open WebSockets; repeat."),
    ] = None,
    rate_limit: Annotated[
        list[str] | None,
        typer.Option(
            "--rate-limit",
            help="Change one rate limit: account:moves=60/3s, address:tables=120/min, "
            "account:chat=12/min, address:accounts=300/min; or how many open tables one "
            "account or address keeps: address:open_tables=20; repeat.",
        ),
    ] = None,
    no_rate_limits: Annotated[
        bool, typer.Option("--no-rate-limits", help="No rate limits (load tests on loopback).")
    ] = False,
    claim_after: Annotated[
        float,
        typer.Option(
            "--claim-after",
            min=0,
            help="Seconds a person's seat must be away before the others may hand it "
            "to the computer.",
        ),
    ] = 300.0,
    takeback_seconds: Annotated[
        float,
        typer.Option(
            "--takeback-seconds",
            min=0,
            help="Seconds the next roll waits after a person's move in a casual dice game, "
            "so they may take it back (0: rolled at once).",
        ),
    ] = 3.0,
    ws_deflate: Annotated[
        bool,
        typer.Option(
            "--ws-deflate/--no-ws-deflate",
            help="Compress WebSocket messages (permessage-deflate) when the client offers "
            "it; off behind a proxy that compresses, or on loopback.",
        ),
    ] = True,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", min=1, help="Server processes sharing the port (PostgreSQL only)."
        ),
    ] = 1,
) -> None:
    """Start the web table: migrate the database, then serve the lobby and live play."""
    try:
        import uvicorn
    except ImportError:
        message = _("The web table needs the extra 'web': uv run --extra web spieltisch serve")
        console.print(f"[bold red]{_('Error')}:[/] {message}", highlight=False)
        raise typer.Exit(2) from None

    from spieltisch.server import Settings, create_app
    from spieltisch.server.infra.http_timeouts import PROTOCOL as HTTP_PROTOCOL
    from spieltisch.server.infra.limits import RateLimits
    from spieltisch.server.infra.open_files import raise_open_files
    from spieltisch.server.infra.settings import ENVIRONMENT, PARENT_ENVIRONMENT, TRANSPORT_LIMIT
    from spieltisch.server.infra.transport import PROTOCOL
    from spieltisch.store.database import describe_url, is_sqlite

    url = _url(database)
    if workers > 1 and is_sqlite(url):
        message = _(
            "--workers {count} needs PostgreSQL (--database postgresql+psycopg://...): "
            "an SQLite file is served by one process"
        ).format(count=workers)
        console.print(f"[bold red]{_('Error')}:[/] {message}", highlight=False)
        raise typer.Exit(2)
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
        takeback_seconds=takeback_seconds,
        migrate=False,
        workers=workers,
    )
    _upgrade(url)
    raise_open_files()  # each connection is a file: the shell's 1024 is soon reached
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
    if workers > 1:
        # Each worker builds the application itself from the settings in its environment.
        os.environ[ENVIRONMENT] = settings.to_json()
        os.environ[PARENT_ENVIRONMENT] = str(os.getpid())
        uvicorn.run(
            "spieltisch.server.app:app_from_environment",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            http=HTTP_PROTOCOL,
            ws=PROTOCOL,
            ws_max_size=TRANSPORT_LIMIT,
            ws_per_message_deflate=ws_deflate,
            log_level="info",
            log_config=_log_config(),
        )
        return
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        http=HTTP_PROTOCOL,
        ws=PROTOCOL,
        ws_max_size=TRANSPORT_LIMIT,
        ws_per_message_deflate=ws_deflate,
        log_level="info",
        log_config=_log_config(),
    )


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, and the server's own messages (recovery, table owners) beside
    it, in every worker process."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["spieltisch"] = {"handlers": ["default"], "level": "INFO"}
    return config


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
