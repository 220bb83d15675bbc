"""`spieltisch serve`: the web table (FastAPI + WebSockets) over the store.

`create_app(Settings(...))` builds the application (`app.py`). The rest is in rooms,
each importing only those below it: `routes/` (HTTP and WebSocket endpoints),
`services/` (what the routes call, each reaching the database through its unit of work),
`table/` (the tables in play), `description/` (a table as the lobby and the table both
describe it), `schemas/` (what goes over the wire) and `infra/` (settings, transport,
cluster, worker pool, sign-in sessions, limits). docs/architecture.md draws them.
"""

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings

__all__ = ["Settings", "create_app"]
