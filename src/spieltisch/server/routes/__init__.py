"""The routers: HTTP and WebSocket endpoints that only translate between the wire and the
services (request bodies in, refusals to statuses and error messages out)."""
