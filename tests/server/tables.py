"""Set-ups the server tests share: two people at a started table, waiting for a seat's
presence, a connection cut without a close, and the end of a duel by a claim."""

from __future__ import annotations

import httpx

from tests.server.client import Client, Message, Socket
from tests.waiting import DEADLINE, until_value

DUEL: list[Message] = [{"kind": "me"}, {"kind": "open"}]
"""The host's seat and one open seat."""


async def started_table(
    ana: Client, bob: Client, game: str = "mabula", seats: list[Message] = DUEL, **extra: object
) -> str:
    """Ana and Bob as guests; Ana makes a table of `game` (`seats`: hers first, then one
    open seat for Bob, by default nobody else), Bob takes the open seat and Ana starts
    it. The table's id."""
    await ana.guest("Ana")
    await bob.guest("Bob")
    table = str((await ana.create(game, seats, **extra))["id"])
    await bob.post(f"/api/tables/{table}/join", {})
    await ana.post(f"/api/tables/{table}/start")
    return table


def seat_of(message: Message, seat: int) -> Message:
    """The entry of `seat` in a message's `seats`."""
    found: Message = next(s for s in message["seats"] if s["seat"] == seat)
    return found


async def presence(socket: Socket, seat: int, here: bool, timeout: float = DEADLINE) -> Message:
    """The next presence message that shows `seat` here (or away)."""

    def match(message: Message) -> bool:
        return message["type"] == "presence" and seat_of(message, seat)["here"] is here

    return await socket.receive(match, timeout)


def drop(socket: Socket) -> None:
    """Cut the TCP connection without a WebSocket close, as a dead phone or network does."""
    socket.connection.transport.abort()


async def claim_ends_the_duel(bob: Client, bobs: Socket, table: str, within: float = 0) -> None:
    """Bob claims Ana's away seat (0): she resigns it, so the duel ends with Bob first,
    which Bob's socket shows; the socket is closed after. With `within`, Bob asks again
    while the server refuses, that many seconds at most (when she went away is not known
    to the test, only that she did)."""

    async def claim() -> httpx.Response:
        return await bob.http.post(f"/api/tables/{table}/claim", json={"seat": 0})

    answer = await until_value(claim, lambda a: a.status_code != 409 or not within, within)
    assert answer.status_code == 200, answer.text
    claimed = answer.json()
    assert claimed["status"] == "finished" and claimed["seats"][0]["resigned"]
    final = await bobs.state(lambda m: m["status"] == "finished")
    assert final["result"]["ranking"] == [2, 1]
    await bobs.close()
