"""A scripted client for the tests: HTTP with httpx, live play with websockets.

Every message a socket receives is kept in `messages`, so tests can scan all of them.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

Message = dict[str, Any]


class Client:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.AsyncClient(base_url=base_url, timeout=30)
        self.account: Message = {}

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.http.aclose()

    async def guest(self, name: str) -> Message:
        response = await self.http.post("/api/session/guest", json={"name": name})
        response.raise_for_status()
        self.account = response.json()
        return self.account

    async def post(self, path: str, body: Any = None, status: int = 200) -> Message:
        response = await self.http.post(path, json=body)
        assert response.status_code == status, (response.status_code, response.text)
        result: Message = response.json()
        return result

    async def create(self, game: str, seats: list[Message], **extra: Any) -> Message:
        return await self.post("/api/tables", {"game": game, "seats": seats, **extra}, 201)

    async def socket(self, table: str, **query: Any) -> Socket:
        ws_base = self.base_url.replace("http://", "ws://", 1)
        params = "&".join(f"{key}={value}" for key, value in query.items())
        token = self.account.get("token")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        connection = await connect(
            f"{ws_base}/ws/tables/{table}?{params}", additional_headers=headers, max_size=2**22
        )
        return Socket(connection)


class Socket:
    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.messages: list[Message] = []
        self._unread: list[Message] = []

    async def send(self, message: Message | str | bytes) -> None:
        raw = message if isinstance(message, str | bytes) else json.dumps(message)
        await self.connection.send(raw)

    async def receive(
        self, match: Callable[[Message], bool] = lambda m: True, timeout: float = 30
    ) -> Message:
        """The next message (kept or new) that matches; the ones skipped are dropped."""
        async with asyncio.timeout(timeout):
            while True:
                if self._unread:
                    message = self._unread.pop(0)
                else:
                    message = json.loads(await self.connection.recv())
                    self.messages.append(message)
                if match(message):
                    return message

    async def next_of(self, kind: str, timeout: float = 30) -> Message:
        return await self.receive(lambda m: m["type"] == kind, timeout)

    async def state(self, match: Callable[[Message], bool] = lambda m: True) -> Message:
        return await self.receive(lambda m: m["type"] == "state" and match(m))

    async def close(self) -> None:
        await self.connection.close()


async def play_randomly(
    socket: Socket,
    rng: random.Random,
    stop_at: int | None = None,
    delay: float = 0.0,
    first: Message | None = None,
) -> Message:
    """Play this socket's seat with random legal moves until the game ends (or `stop_at`),
    thinking `delay` seconds a move."""
    while True:
        state, first = first or await socket.state(), None
        if state["status"] == "finished" or (stop_at is not None and state["seq"] >= stop_at):
            return state
        if state["legal_moves"]:
            await asyncio.sleep(delay)
            move = rng.choice(state["legal_moves"])["move"]
            await socket.send({"type": "move", "seq": state["seq"], "move": move})
