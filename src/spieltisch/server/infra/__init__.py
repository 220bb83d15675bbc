"""What the server runs on: settings, the WebSocket transport, several processes on one
database (cluster), the worker pool for computer seats, sessions, rate limits, the garbage
collector and processes that must not outlive the server."""
