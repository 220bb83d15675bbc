"""A scripted client for the tests: HTTP with httpx, live play with websockets.

Every message a socket receives is kept in `messages`, so tests can scan all of them. A
socket opened with `layers=1` (as the page opens it) gets boards with placeholders for
their static layers and each layer once (`layer`): `whole` gives a state's whole board.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from spieltisch.core.svg import expand
from tests.waiting import DEADLINE

Message = dict[str, Any]


class Client:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.AsyncClient(base_url=base_url, timeout=DEADLINE)
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

    async def socket(self, table: str, base_url: str | None = None, **query: Any) -> Socket:
        """A live connection to `table`, on this client's server or on `base_url`."""
        ws_base = (base_url or self.base_url).replace("http://", "ws://", 1)
        params = "&".join(f"{key}={value}" for key, value in query.items())
        token = self.account.get("token")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        connection = await connect(
            f"{ws_base}/ws/tables/{table}?{params}",
            additional_headers=headers,
            max_size=2**22,
            ping_interval=None,  # a test may leave a socket unread for a while
            # No flow control: every frame is read into memory as it comes. With it (16
            # frames), a socket left unread stopped reading, so its close waited out the
            # 10 s close timeout for a closing frame it could not read (10 s of each test
            # that closed a watcher's socket after a whole game).
            max_queue=None,
            # websockets gives a handshake 10 s: at load 33 test_presence_across.py's first
            # connections timed out there, on main's version of the test as on the new one
            open_timeout=DEADLINE,
        )
        return Socket(connection)


class Socket:
    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.messages: list[Message] = []
        self._unread: list[Message] = []
        self.layers: dict[str, str] = {}
        """The static layers received (`layer` messages), by key."""

    def _kept(self, raw: str | bytes) -> Message:
        message: Message = json.loads(raw)
        self.messages.append(message)
        if message.get("type") == "layer":
            self.layers[message["key"]] = message["svg"]
        return message

    def whole(self, state: Message) -> str | None:
        """A state's board with its static layers in place (as the page shows it)."""
        board: str | None = state.get("board_svg")
        return None if board is None else expand(board, self.layers)

    async def send(self, message: Message | str | bytes) -> None:
        raw = message if isinstance(message, str | bytes) else json.dumps(message)
        await self.connection.send(raw)

    async def receive(
        self, match: Callable[[Message], bool] = lambda m: True, timeout: float = DEADLINE
    ) -> Message:
        """The next message (kept or new) that matches; the ones skipped are dropped."""
        async with asyncio.timeout(timeout):
            while True:
                if self._unread:
                    message = self._unread.pop(0)
                else:
                    message = self._kept(await self.connection.recv())
                if match(message):
                    return message

    async def find(self, match: Callable[[Message], bool], timeout: float = DEADLINE) -> Message:
        """The first message (kept or new) that matches; the others stay to be read."""
        async with asyncio.timeout(timeout):
            index = 0
            while True:
                while index < len(self._unread):
                    if match(self._unread[index]):
                        return self._unread.pop(index)
                    index += 1
                message = self._kept(await self.connection.recv())
                self._unread.append(message)

    async def next_of(self, kind: str, timeout: float = DEADLINE) -> Message:
        return await self.receive(lambda m: m["type"] == kind, timeout)

    async def state(self, match: Callable[[Message], bool] = lambda m: True) -> Message:
        return await self.receive(lambda m: m["type"] == "state" and match(m))

    async def close(self) -> None:
        await self.connection.close()


def seq_above(seq: int) -> Callable[[Message], bool]:
    """Matches a state after position `seq`."""
    return lambda message: message["type"] == "state" and message["seq"] > seq


async def play_randomly(
    socket: Socket,
    rng: random.Random,
    stop_at: int | None = None,
    delay: float = 0.0,
    first: Message | None = None,
) -> Message:
    """Play this socket's seat with random legal moves until the game ends (or, from
    `stop_at` on, until it is this seat's move, so the table waits where it stopped),
    thinking `delay` seconds a move."""
    while True:
        state, first = first or await socket.state(), None
        if state["status"] == "finished":
            return state
        if stop_at is not None and state["seq"] >= stop_at and state["legal_moves"]:
            return state
        if state["legal_moves"]:
            await asyncio.sleep(delay)
            move = rng.choice(state["legal_moves"])["move"]
            await socket.send({"type": "move", "seq": state["seq"], "move": move})


class ResilientSeat:
    """A client that plays its seat (or watches) and reconnects by itself when its
    connection drops, to the next of `urls`, with the last `seq` it saw.

    It keeps what it was told: `told` maps every seq to the move it was shown (None for a
    chance outcome shown only in words), `acked` its own applied moves with the seq of the
    position after them (and after the chance outcomes drawn with them).
    """

    def __init__(
        self, client: Client, table: str, urls: list[str], rng: random.Random, delay: float = 0
    ) -> None:
        self.client = client
        self.table = table
        self.urls = urls
        self.rng = rng
        self.delay = delay
        self.told: dict[int, str | None] = {}
        self.acked: list[tuple[int, str]] = []
        self.last: Message = {}
        self.reconnects = 0
        self._at = 0

    async def play(self, until: Callable[[Message], bool] = lambda m: False) -> Message:
        """Play random legal moves until the game ends or `until(state)`."""
        while True:
            seen = self.last.get("seq", 0)
            try:
                socket = await self.client.socket(self.table, self.urls[self._at], last_seq=seen)
            except (OSError, InvalidHandshake, TimeoutError):
                await self._next_server()
                continue
            try:
                while True:
                    message = await socket.receive(timeout=60)
                    if message["type"] == "ack" and not message["duplicate"]:
                        self.acked.append((message["seq"], message["move"]))
                    if message["type"] != "state":
                        continue
                    self._remember(message)
                    if message["status"] == "finished" or until(message):
                        await socket.close()
                        return message
                    if message["legal_moves"]:
                        await asyncio.sleep(self.delay)
                        move = self.rng.choice(message["legal_moves"])["move"]
                        await socket.send({"type": "move", "seq": message["seq"], "move": move})
            except (ConnectionClosed, OSError):
                self.reconnects += 1
                await asyncio.sleep(0.1)

    async def _next_server(self) -> None:
        self._at = (self._at + 1) % len(self.urls)
        await asyncio.sleep(0.2)

    def _remember(self, state: Message) -> None:
        for entry in state["last_moves"]:
            earlier = self.told.setdefault(entry["seq"], entry["move"])
            assert earlier == entry["move"], f"seq {entry['seq']} was told twice, differently"
        self.last = state
