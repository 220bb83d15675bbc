"""A small webhook receiver for the tests: an HTTP server on 127.0.0.1 and a free port,
in a thread, keeping every POST (its headers and body) as the bot would get it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Hook:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    def __init__(self) -> None:
        self.received: list[Hook] = []
        self.lock = threading.Lock()
        self.answering = threading.Event()
        self.answering.set()
        """Cleared: a POST is kept, then held unanswered (a slow bot) until set."""

    def hooks(self) -> list[Hook]:
        with self.lock:
            return list(self.received)


@contextmanager
def receiver() -> Iterator[tuple[Receiver, str]]:
    """A running receiver and its URL."""
    kept = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            with kept.lock:
                kept.received.append(Hook(self.path, dict(self.headers.items()), body))
            kept.answering.wait(120)
            try:
                self.send_response(204)
                self.end_headers()
            except OSError:  # the sender died while the bot held its POST
                pass

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield kept, f"http://127.0.0.1:{server.server_address[1]}/hook"
    finally:
        kept.answering.set()
        server.shutdown()
        server.server_close()
