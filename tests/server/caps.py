"""The shared scenario of a cap on open table WebSockets (a process's, `serve
--max-connections`; an address's, `RateLimits.connections`): full, one more refused,
room again once one closes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.client import Socket
from tests.waiting import until


async def one_more_refused_until_one_closes(
    open_one: Callable[..., Awaitable[Socket]], cap: int, open_here: Callable[[], int]
) -> tuple[int, str]:
    """`cap` sockets opened by `open_one(n)` (n = 0, 1, ...), each given its state; one more
    (`open_one(cap, lang="de")`) closed before any state; one of the first closed, then,
    once the server counts `open_here() == cap - 1`, a new one given its state; all
    closed at the end. The refused socket's close code and reason."""
    sockets = [await open_one(n) for n in range(cap)]
    for socket in sockets:
        await socket.state()
    one_more = await open_one(cap, lang="de")
    with pytest.raises(ConnectionClosed) as closed:
        await one_more.next_of("state", timeout=30)
    refused: Any = closed.value.rcvd
    assert refused is not None
    await sockets.pop().close()
    await until(lambda: open_here() == cap - 1, what="room for one more")
    again = await open_one(cap)
    assert (await again.state())["type"] == "state"
    for socket in [*sockets, again]:
        await socket.close()
    return refused.code, refused.reason
