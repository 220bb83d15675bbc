"""The shapes on the wire: REST request and response bodies, tournament and rating bodies,
and the WebSocket messages (pydantic models; OpenAPI at /docs is built from them)."""
