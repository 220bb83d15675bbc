"""Whether this process can serve: its database answers at the package's migration and
it is not stopping (`/readyz`)."""

from __future__ import annotations

import asyncio

from spieltisch.server.infra.draining import Draining
from spieltisch.server.schemas.hosting import Readiness
from spieltisch.store import Database
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.revision import head_revisions, stored_revisions

PROBE_SECONDS = 2.0
"""How long the probe waits for the database before it says it does not answer."""


async def readiness(database: Database, draining: Draining) -> Readiness:
    database_state, migrations = "unreachable", "unknown"
    try:
        async with asyncio.timeout(PROBE_SECONDS):
            stored = await stored_revisions(database)
    except UNAVAILABLE:
        pass
    except TimeoutError:
        pass
    else:
        database_state, needed = "ok", head_revisions()
        if stored == needed:
            migrations = "current"
        else:
            migrations = "at {}, this server needs {}".format(
                ", ".join(sorted(stored)) or "none", ", ".join(sorted(needed))
            )
    return Readiness(
        ready=database_state == "ok" and migrations == "current" and not draining.active,
        database=database_state,
        migrations=migrations,
        draining=draining.active,
    )
