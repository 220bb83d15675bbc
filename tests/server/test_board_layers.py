"""A connection that keeps the boards' static layers (the page's, `layers=1`) gets each
layer once, before the first state message whose board needs it, and boards with
placeholders that are the whole boards once the layers are put in; the other
connections (bots, the terminal, the tests) get whole boards and no `layer` message."""

from __future__ import annotations

import asyncio

from spieltisch.core.svg import LAYER, expand
from spieltisch.server.table.room import Connection
from tests.server.client import Client
from tests.server.in_process import TWO_PEOPLE, a_table, run, told
from tests.server.server_thread import ServerThread


def test_layers_go_once_to_the_connection_that_keeps_them(url: str) -> None:
    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, (_ana, bob)):
            seat = runtime.seat_for(room, bob, None)
            keeps = Connection(bob, seat, "en", layers=set())
            whole = Connection(bob, seat, "en")
            for connection in (keeps, whole):
                runtime.enter(room, connection)
                runtime.send_state(room, connection, 0)  # as a sync asks
            layers: dict[str, str] = {}
            for turn in range(3):
                kept, plain = told(keeps), told(whole)
                assert "layer" not in [m["type"] for m in plain]
                small = [m for m in kept if m["type"] == "state"]
                big = [m for m in plain if m["type"] == "state"]
                assert len(small) == len(big) >= 1
                sent = [m for m in kept if m["type"] == "layer"]
                if turn == 0:  # the style sheet and the squares, before the first state
                    assert len(sent) == 2 and kept.index(sent[-1]) < kept.index(small[0])
                else:  # never again on this connection
                    assert sent == []
                layers.update((m["key"], m["svg"]) for m in sent)
                for one, other in zip(small, big, strict=True):
                    assert LAYER.search(one["board_svg"]) and not LAYER.search(other["board_svg"])
                    assert expand(one["board_svg"], layers) == other["board_svg"]
                    assert {**one, "board_svg": other["board_svg"]} == other
                    saved = len(other["board_svg"]) - len(one["board_svg"])
                    assert saved > sum(map(len, layers.values())) - 100
                mover = room.to_move()
                assert mover is not None
                await runtime.submit(room, mover, room.seq, room.state.legal_moves()[0])

    run(scenario)


def test_the_page_asks_for_layers_over_the_websocket(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{table['id']}/start")
            keeps = await ana.socket(table["id"], layers=1)
            whole = await ana.socket(table["id"])
            try:
                small, big = await keeps.state(), await whole.state()
            finally:
                await keeps.close()
                await whole.close()
        assert [m["type"] for m in keeps.messages].count("layer") == 2
        assert "layer" not in [m["type"] for m in whole.messages]
        assert small["seq"] == big["seq"] and keeps.whole(small) == big["board_svg"]
        assert len(big["board_svg"]) - len(small["board_svg"]) > 8000  # the squares, the style

    asyncio.run(scenario())
