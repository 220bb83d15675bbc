"""`spieltisch serve`: the web table (FastAPI + WebSockets) over the store.

`create_app(Settings(...))` builds the application (`app.py`). The rest is in rooms:
`routes/` (HTTP and WebSocket endpoints), `services/` (`lobby`: create, join, leave, start,
rematch tables, which other services call directly; tournament `rounds`; `reviews`),
`table/` (the tables in play), `schemas/` (what goes over the wire) and `infra/`
(settings, transport, cluster, worker pool, sessions, limits).
"""

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings

__all__ = ["Settings", "create_app"]
