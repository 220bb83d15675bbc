"""The application: routes, limits, the lifespan that migrates, recovers and closes."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError, WebSocketRequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DataError
from starlette.exceptions import HTTPException as StarletteHTTPException

from spieltisch.core.i18n import language, sentence
from spieltisch.core.identity import PlayerId
from spieltisch.server.i18n import _, _n, request_language
from spieltisch.server.infra import collector
from spieltisch.server.infra.auth import Sessions, authenticated, signing_key
from spieltisch.server.infra.headers import SecurityHeaders, serve_docs
from spieltisch.server.infra.http_timeouts import BODY_SECONDS
from spieltisch.server.infra.limits import RateLimiter
from spieltisch.server.infra.metrics import leaving as metrics_leaving
from spieltisch.server.infra.notify_tokens import LinkTokens
from spieltisch.server.infra.orphans import die_with
from spieltisch.server.infra.passwords import Busy, PasswordWork
from spieltisch.server.infra.postgres_cluster import cluster_for
from spieltisch.server.infra.request_ids import RequestIds
from spieltisch.server.infra.settings import ENVIRONMENT, PARENT_ENVIRONMENT, Settings
from spieltisch.server.infra.sockets import ENDED
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.refusal import AWAY_SECONDS, Code, Refusal, unavailable
from spieltisch.server.routes import (
    api,
    clubs,
    health,
    hints,
    leaving,
    metrics,
    more_time,
    notifications,
    pages,
    push,
    ratings,
    reviews,
    seasons,
    takebacks,
    tournament_files,
    tournament_players,
    tournaments,
    turns,
    websocket,
)
from spieltisch.server.routes.context import Services
from spieltisch.server.routes.refusals import refusal_response, refused
from spieltisch.server.routes.validation import http_error, request_validation_error
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.server.services.outbox import Sender
from spieltisch.server.services.reviews import Reviews
from spieltisch.server.services.rounds import OnlineRounds
from spieltisch.server.services.table_notices import TableNotices, on_commit
from spieltisch.server.table.background import cancel
from spieltisch.server.table.handover import stop_playing
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database, upgrade
from spieltisch.store.database import UNAVAILABLE, describe_url
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ratings import Rating

logger = logging.getLogger("spieltisch.server")
WEB = Path(__file__).resolve().parent.parent / "web"
STOP_SENDING_SECONDS = 10.0
"""How long a stopping server lets the notification sender finish the batch in hand."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Limits:
    """Refuses request bodies over the limit (413) and state-changing requests from
    foreign origins (403), before any handler reads them."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {
            key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]
        }
        with language(request_language(headers.get("cookie"), headers.get("accept-language"))):
            await self._checked(scope, receive, send, headers)

    async def _checked(
        self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]
    ) -> None:
        origin = headers.get("origin")
        if (
            scope["method"] not in ("GET", "HEAD", "OPTIONS")
            and origin is not None
            and origin not in self.settings.origins()
        ):
            await _reply(send, 403, _("requests from this origin are not allowed"))
            return
        limit = self.settings.max_request_bytes
        length = headers.get("content-length")
        too_large = _n(
            "a request body may have at most {count} byte",
            "a request body may have at most {count} bytes",
            limit,
        ).format(count=limit)
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _reply(send, 413, too_large)
            return
        # Read the body first (it is small by now), so one sent in chunks without a
        # length is refused as cleanly as one that says its length.
        chunks: list[bytes] = []
        seen = 0
        while True:
            try:
                async with asyncio.timeout(BODY_SECONDS):
                    message = await receive()
            except TimeoutError:
                await _reply(send, 408, _("the request body came too slowly"))
                return
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > limit:
                await _reply(send, 413, too_large)
                return
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _reply(send: Send, status: int, detail: str) -> None:
    import json

    body = json.dumps({"detail": sentence(detail)}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def database_unavailable(_request: Request, exc: Exception) -> JSONResponse:
    """The database is away (restarting, unreachable): 503 and a clear word, never a 500;
    the request's transaction was rolled back, so nothing is half-written."""
    logger.warning("database unavailable: %s", type(exc).__name__)
    return refusal_response(unavailable())


async def passwords_busy(_request: Request, _exc: Exception) -> JSONResponse:
    """Every password thread is busy and its queue full (a sign-in flood): refused at
    once, so the flood waits on itself and never on the tables."""
    return refusal_response(
        Refusal(
            Code.BUSY,
            _("too many sign-ins at once: try again in a few seconds"),
            retry_after=AWAY_SECONDS,
        )
    )


async def database_refused_value(_request: Request, exc: Exception) -> JSONResponse:
    """A value the database cannot hold that no check caught before: refused, not a 500."""
    logger.warning("the database refused a value: %s", type(exc).__name__)
    return refusal_response(
        Refusal(
            Code.INVALID,
            _("a value the database cannot store (a number too large, a NUL character)"),
        )
    )


LANDING = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>spieltisch</title></head><body><h1>spieltisch</h1>
<p>The server runs. The API is described at <a href="/docs">/docs</a>;
the WebSocket messages in docs/web.md.</p></body></html>"""


def create_app(settings: Settings, now: Callable[[], float] = time.time) -> FastAPI:
    """The app; `now` is the wall clock of away times and turn-based deadlines (a test
    moves its own: days pass without waiting)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate:
            await asyncio.to_thread(upgrade, settings.database_url)
        database = Database(settings.database_url)
        await database.warm()
        key = await signing_key(database)
        pool = WorkerPool(settings.ai_workers, settings.ai_processes, settings.ai_quick_workers)
        pool.warm()
        cluster = cluster_for(settings.database_url, settings.sweep_seconds)
        runtime = Runtime(database, pool, settings, cluster, now=now)
        reviews = Reviews(database, pool, settings.review_budget or settings.ai_budget)
        rounds = OnlineRounds(database, runtime)
        runtime.on_finish.append(rounds.table_finished)

        async def rating_of(game: str, account: int) -> Rating:
            """A person's rating in a game: a substitute plays at the level nearest it."""
            book = await rounds.store.ratings()
            return book.rating(game, str(PlayerId.of_account(account)))

        runtime.leaving.rating_of = rating_of
        app.state.services = Services(
            settings,
            database,
            Sessions(key, settings.secure_cookies, database),
            pool,
            runtime,
            reviews,
            RateLimiter(settings.rate_limits),
            passwords := PasswordWork(),
        )

        def wall() -> datetime:
            """`now` as the outbox reads it: reminders and digests fall due by it."""
            return datetime.fromtimestamp(now(), UTC)

        tokens = LinkTokens(key)
        sender = app.state.services.sender = Sender(database, settings, tokens, clock=wall)
        told = TableNotices(
            database, runtime.background, sender.wake, settings.digest_seconds, clock=wall
        )
        runtime.publisher.subscribers.append(told.heard)
        runtime.moves.told = on_commit  # a move's notifications, stored with it
        limits = settings.rate_limits
        app.state.services.sockets.per_address = limits.connections if limits else None
        app.state.services.sockets.per_process = settings.max_connections
        cluster.subscribe(ENDED, app.state.services.sockets.heard)
        await cluster.start(runtime.hearing)
        recovered = await runtime.recover()
        logger.info(
            "database %s, %d tables recovered", describe_url(settings.database_url), recovered
        )
        collector.settle()
        sweeping = asyncio.create_task(rounds.keep_sweeping(), name="tournament-sweep")
        abandoning = asyncio.create_task(runtime.abandoning.keep_sweeping(), name="abandoned")
        sending = asyncio.create_task(sender.keep_sending(), name="notifications")
        deadlines = asyncio.create_task(runtime.turns.keep_sweeping(), name="turn-deadlines")
        services: Services = app.state.services

        async def let_go() -> None:
            held = await stop_playing(runtime)
            handed = await cluster.hand_over()
            logger.info("drained: %d tables stopped here, %d handed over", held, len(handed))

        services.draining.let_go = let_go
        undo = services.draining.on_sigterm()
        try:
            yield
        finally:
            undo()
            metrics_leaving()
            # Stopped before the database closes: a task cancelled mid-transaction rolls
            # back on its way out, and once the engine is gone that wait never ended
            # (tests hung 900 s after their last request).
            sender.stop()  # the batch in hand is marked sent before the database closes
            await asyncio.wait([sending], timeout=STOP_SENDING_SECONDS)
            await cancel([sweeping, abandoning, sending, deadlines])
            await cluster.close()
            await runtime.close()
            await reviews.close()
            passwords.close()
            pool.close(wait=True)
            await database.close()

    app = FastAPI(
        responses=REFUSALS,
        title="spieltisch",
        summary="A table for Mahé, Mensch ärgere Dich nicht, David & Goliath and Mabula.",
        description="REST for accounts, the lobby and records; live play over the "
        "WebSocket `/ws/tables/{id}` (messages in docs/web.md).",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    serve_docs(app)
    app.add_middleware(Limits, settings=settings)
    app.add_exception_handler(Refusal, refused)
    app.add_exception_handler(TournamentError, refused)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestIds)  # the outermost: every line of a request has its id
    app.add_exception_handler(RequestValidationError, request_validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    for away in UNAVAILABLE:
        app.add_exception_handler(away, database_unavailable)
    app.add_exception_handler(DataError, database_refused_value)
    app.add_exception_handler(OverflowError, database_refused_value)  # SQLite's own
    app.add_exception_handler(Busy, passwords_busy)
    app.add_exception_handler(WebSocketRequestValidationError, websocket.query_error)
    who = [Depends(authenticated)]  # the WebSocket checks its token itself (routes/websocket.py)
    app.include_router(api.router, dependencies=who)
    app.include_router(tournaments.router, dependencies=who)
    app.include_router(tournament_players.router, dependencies=who)
    app.include_router(tournament_files.router, dependencies=who)
    app.include_router(clubs.router, dependencies=who)
    app.include_router(seasons.router, dependencies=who)
    app.include_router(ratings.router, dependencies=who)
    app.include_router(push.router, dependencies=who)
    app.include_router(websocket.router)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(pages.router, dependencies=who)
    app.include_router(reviews.router, dependencies=who)
    app.include_router(hints.router, dependencies=who)
    app.include_router(takebacks.router, dependencies=who)
    app.include_router(leaving.router, dependencies=who)
    app.include_router(notifications.router, dependencies=who)
    app.include_router(more_time.router, dependencies=who)
    app.include_router(turns.router, dependencies=who)
    static = WEB / "static"
    for folder in (*settings.static_dirs, str(static)):
        if Path(folder).is_dir():
            app.mount("/static", StaticFiles(directory=folder), name="static")
            break
    index = static / "index.html"

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        """Web Push's service worker, at the root: its scope is the whole site."""
        return FileResponse(static / "sw.js", media_type="text/javascript")

    @app.api_route(
        "/", methods=["GET", "HEAD"], response_class=HTMLResponse, include_in_schema=False
    )
    async def landing() -> HTMLResponse:
        if index.is_file():
            return HTMLResponse(index.read_text(encoding="utf-8"))
        return HTMLResponse(LANDING)

    return app


def app_from_environment() -> FastAPI:
    """The application of one worker of `serve --workers N` (uvicorn starts each worker
    by this name; the settings come through the environment). The worker stops when
    the `serve` process that started it is gone, killed or not."""
    die_with(int(os.environ.get(PARENT_ENVIRONMENT, os.getppid())), graceful=True)
    return create_app(Settings.from_json(os.environ[ENVIRONMENT]))
