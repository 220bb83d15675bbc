"""Whole games through the API: scripted people and computer seats, checked against the
engine afterwards."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import spieltisch
from spieltisch.core import State
from tests.server.client import Client, Message, Socket, play_randomly


@dataclass
class PlayedGame:
    table: str
    record: dict[str, Any]
    sockets: dict[int | None, Socket] = field(default_factory=dict)
    """Each person's socket by seat; None is a spectator."""

    def final(self) -> State:
        return spieltisch.load_record(self.record)


async def play_game(
    base_url: str,
    game: str,
    people: int,
    computers: list[str],
    options: dict[str, Any] | None = None,
    seed: int = 1,
    watch: bool = True,
) -> PlayedGame:
    """`people` scripted players (seats 0..) and computer seats after them, plus a spectator."""
    clients = [Client(base_url) for _ in range(people + 1)]
    try:
        for index, client in enumerate(clients):
            await client.guest(f"player{index}")
        seats: list[Message] = [{"kind": "me"}] + [{"kind": "open"}] * (people - 1)
        seats += [{"kind": "ai", "level": level} for level in computers]
        table = await clients[0].create(game, seats, options=options or {})
        for client in clients[1:people]:
            await client.post(f"/api/tables/{table['id']}/join", {})
        played = PlayedGame(table["id"], {})
        if watch:
            played.sockets[None] = await clients[people].socket(table["id"])
        for seat in range(people):
            played.sockets[seat] = await clients[seat].socket(table["id"], lang="de")
        await clients[0].post(f"/api/tables/{table['id']}/start")
        rng = random.Random(seed)
        players = [play_randomly(played.sockets[seat], rng) for seat in range(people)]
        await asyncio.wait_for(asyncio.gather(*players), timeout=240)
        if watch:
            await played.sockets[None].state(lambda m: m["status"] == "finished")
        response = await clients[0].http.get(f"/api/games/{table['id']}/record")
        assert response.status_code == 200, response.text
        played.record = response.json()
        for socket in played.sockets.values():
            await socket.close()
        return played
    finally:
        for client in clients:
            await client.__aexit__()


def check_against_the_engine(played: PlayedGame) -> None:
    """Every state any connection got is the engine's: its view, legal moves and result."""
    final = played.final()
    assert final.is_terminal()
    history = final.history()
    game = final.game
    positions: dict[int, State] = {}
    for seat, socket in played.sockets.items():
        states = [m for m in socket.messages if m["type"] == "state"]
        assert states, f"seat {seat} got no state"
        assert states[-1]["status"] == "finished"
        assert states[-1]["result"]["ranking"] == final.ranking()
        seen = 0
        for message in states:
            seq = message["seq"]
            assert seq >= seen, "a connection was sent an older position after a newer one"
            seen = seq
            if seq not in positions:
                positions[seq] = game.replay(history[:seq])
            state = positions[seq]
            assert message["view"] == json.loads(json.dumps(state.view(seat)))
            expected = state.legal_moves() if state.current_player == seat else []
            if message["status"] == "running":
                assert [m["move"] for m in message["legal_moves"]] == expected
            for entry in message["last_moves"]:
                assert entry["seq"] <= seq
                notation = history[entry["seq"] - 1]
                if entry["move"] is not None:
                    assert entry["move"] == notation
                assert entry["words"]
