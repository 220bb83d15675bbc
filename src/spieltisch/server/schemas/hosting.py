"""What the probes of a host answer (`/healthz`, `/readyz`)."""

from __future__ import annotations

from pydantic import BaseModel


class Health(BaseModel):
    status: str
    """`ok`."""


class Readiness(BaseModel):
    ready: bool
    database: str
    """`ok` or `unreachable`."""
    migrations: str
    """`current`, or `at X, this server needs Y` (not migrated, or a newer or older
    package than the database's); `unknown` while the database does not answer."""
    draining: bool
    """The process is stopping (SIGTERM): it takes no new tables or connections."""
