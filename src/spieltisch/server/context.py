"""What the request handlers share: the database, sessions, the runtime, the reviews,
the settings."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from spieltisch.server.ai import WorkerPool
from spieltisch.server.auth import Sessions
from spieltisch.server.live import Runtime
from spieltisch.server.reviews import Reviews
from spieltisch.server.settings import Settings
from spieltisch.store import Database


@dataclass
class Services:
    settings: Settings
    database: Database
    sessions: Sessions
    pool: WorkerPool
    runtime: Runtime
    reviews: Reviews


def services(connection: HTTPConnection) -> Services:
    found: Services = connection.app.state.services
    return found
