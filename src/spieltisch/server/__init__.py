"""`spieltisch serve`: the web table (FastAPI + WebSockets) over the store.

`create_app(Settings(...))` builds the application; `lobby` holds the table service
(create, join, leave, start, rematch) that other services call directly; `live` runs
the tables in play; `ai` is the worker pool for computer seats.
"""

from spieltisch.server.app import create_app
from spieltisch.server.settings import Settings

__all__ = ["Settings", "create_app"]
