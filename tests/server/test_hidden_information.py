"""The hidden-information scan again, where it is easiest to get wrong: across reconnects
(clean closes and dropped connections, each coming back with its last seq), across a
rematch with the same seats, and with several tables playing at once.

Every message every connection got is kept; every state message is checked against the
position it names: no card in another seat's hand appears in it, and no deal is ever
sent in notation.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from tests.server.client import Client, Message, Socket
from tests.server.server_thread import ServerThread
from tests.server.test_whole_games import _hidden_hands


@dataclass
class Seen:
    """Everything the connections of one person (or the watcher) got, over every table
    they played: `seat` at the first, the next seat at its rematch (seats turn by one)."""

    seat: int | None
    messages: list[Message] = field(default_factory=list)
    reconnects: int = 0
    seats: dict[str, int | None] = field(default_factory=dict)
    """The seat this person plays at each table (None: watching)."""


async def _play_seat(
    client: Client, table: str, seen: Seen, rng: random.Random, every: int
) -> None:
    """Play random legal moves; after every `every` own moves leave (a close, or a dropped
    connection) and come back with the last seq."""
    last_seq, moves = 0, 0
    while True:
        socket = await client.socket(table, last_seq=last_seq)
        try:
            while True:
                state = await socket.state()
                last_seq = state["seq"]
                if state["status"] == "finished":
                    return
                if not state["legal_moves"]:
                    continue
                if moves and moves % every == 0 and rng.random() < 0.9:
                    moves += 1
                    seen.reconnects += 1
                    break
                move = rng.choice(state["legal_moves"])["move"]
                await socket.send({"type": "move", "seq": state["seq"], "move": move})
                moves += 1
        finally:
            seen.messages += socket.messages
            await _leave(socket, rng)


async def _leave(socket: Socket, rng: random.Random) -> None:
    if rng.random() < 0.5:
        socket.connection.transport.abort()  # gone without a close
    else:
        await socket.close()


async def _watch(client: Client, table: str, seen: Seen) -> None:
    socket = await client.socket(table)
    try:
        while (await socket.state())["status"] != "finished":  # 30 s at most between states
            pass
    finally:
        seen.messages += socket.messages
        await socket.close()


async def _table_pair(base: str, people: int, options: dict[str, Any], seed: int) -> list[Seen]:
    """One table and its rematch, played by the same people with reconnects, watched."""
    rng = random.Random(seed)
    clients = [Client(base) for _ in range(people + 1)]
    seen = [Seen(seat) for seat in range(people)] + [Seen(None)]
    try:
        for index, client in enumerate(clients):
            await client.guest(f"p{seed}-{index}")
        seats: list[Message] = [{"kind": "me"}] + [{"kind": "open"}] * (people - 1)
        table = (await clients[0].create("david_goliath", seats, options=options))["id"]
        for client in clients[1:people]:
            await client.post(f"/api/tables/{table}/join", {})
        old = table
        for game in range(2):
            if game == 0:
                await clients[0].post(f"/api/tables/{table}/start")
            else:
                await clients[0].post(f"/api/tables/{old}/rematch")
            for index, person in enumerate(seen):  # the rematch turns the seats by one
                person.seats[table] = None if person.seat is None else (index + game) % people
            await asyncio.gather(
                _watch(clients[people], table, seen[people]),
                *(
                    _play_seat(clients[s], table, seen[s], random.Random(rng.random()), 6)
                    for s in range(people)
                ),
            )
            if game == 0:
                old = table
                table = (await clients[1].post(f"/api/tables/{old}/rematch"))["id"]
                for client in clients[2:people]:  # the others accept; the last one starts it
                    await client.post(f"/api/tables/{old}/rematch")
        return seen
    finally:
        for client in clients:
            await client.__aexit__()


async def _histories(base: str, tables: set[str]) -> dict[str, list[str]]:
    async with Client(base) as reader:
        found = {}
        for table in tables:
            answer = await reader.http.get(f"/api/games/{table}/record")
            assert answer.status_code == 200, answer.text
            found[table] = spieltisch.load_record(answer.json()).history()
        return found


def _scan(base: str, everything: list[Seen], options: dict[str, Any]) -> int:
    tables = {m["table"] for seen in everything for m in seen.messages if m["type"] == "state"}
    histories = asyncio.run(_histories(base, tables))
    game = spieltisch.load("david_goliath", players=3, **options)
    positions: dict[tuple[str, int], State] = {}
    checked = 0
    for seen in everything:
        for message in seen.messages:
            assert "deal:" not in json.dumps(message)
            if message["type"] != "state":
                continue
            key = (message["table"], message["seq"])
            if key not in positions:
                positions[key] = game.replay(histories[key[0]][: key[1]])
            # Cards played earlier are public (and may be in a hand again after a new deal).
            shown = dict(
                message, last_moves=[e for e in message["last_moves"] if e["seat"] is None]
            )
            text = json.dumps(shown)
            seat = seen.seats[message["table"]]
            assert message["seat"] == seat  # the person's own seat, or watching
            for card in _hidden_hands(positions[key], seat):
                assert f'"{card}"' not in text, (seat, card, key)
                assert not re.search(rf"\b{card}\b", message.get("board_svg") or "")
                checked += 1
    return checked


def _run(server: ServerThread, tables: int, options: dict[str, Any]) -> None:
    async def all_tables() -> list[list[Seen]]:
        return await asyncio.wait_for(
            asyncio.gather(*(_table_pair(server.url, 3, options, seed) for seed in range(tables))),
            timeout=600,
        )

    everything = [seen for pair in asyncio.run(all_tables()) for seen in pair]
    assert sum(seen.reconnects for seen in everything) >= tables * 3
    games = {m["table"] for seen in everything for m in seen.messages if m["type"] == "state"}
    assert len(games) == 2 * tables  # every table and its rematch
    assert _scan(server.url, everything, options) > 500 * tables


def test_no_hand_leaks_across_reconnects_rematches_and_concurrent_tables(
    server: ServerThread,
) -> None:
    _run(server, tables=2, options={"deals": 1})


@pytest.mark.server_long
def test_no_hand_leaks_across_many_concurrent_tables(server: ServerThread) -> None:
    _run(server, tables=12, options={"deals": 2})
