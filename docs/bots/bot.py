"""A complete spieltisch bot: plays one game of any of the four games against the computer.

    uv run python docs/bots/bot.py http://127.0.0.1:8000 david_goliath [--trace]

It signs in as a guest, opens a table with the fewest players the game allows (itself and
`easy` computer seats), plays random legal moves over the table's WebSocket, and connects
again by itself with the last `seq` it saw when the connection drops. At the end it prints
the ranking and checks the finished game's record against what it was told.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect


def open_table(http: httpx.Client, game: str) -> dict[str, Any]:
    """A running table: this bot in seat 0, computer seats in the others."""
    games = {info["name"]: info for info in http.get("/api/games").raise_for_status().json()}
    if game not in games:
        raise SystemExit(f"unknown game {game!r}; the server has {', '.join(games)}")
    fewest = games[game]["players"][0]  # [fewest, most]: David & Goliath needs three
    seats = [{"kind": "me"}] + [{"kind": "ai", "level": "easy"}] * (fewest - 1)
    table: dict[str, Any] = (
        http.post("/api/tables", json={"game": game, "seats": seats}).raise_for_status().json()
    )
    if table["status"] == "open":
        http.post(f"/api/tables/{table['id']}/start").raise_for_status()
    return table


def play_until_the_end(ws: ClientConnection, last_seq: int, trace: bool) -> tuple[int, Any]:
    """Play on one connection; returns the last seq seen and the result (None: not over)."""
    moved_in = -1  # the position this bot last sent a move for: never twice for one
    for text in ws:
        message = json.loads(text)
        kind = message["type"]
        if trace and kind in ("state", "ack", "error"):
            print("<-", kind, message.get("seq"), message.get("code", ""))
        if kind == "error":
            # Nothing changed. After stale_seq a fresh `state` follows; after
            # rate_limited wait; an illegal move names the rule it broke.
            print("refused:", message["code"], message["message"])
            if message["code"] == "rate_limited":
                time.sleep(1)
            continue
        if kind != "state":
            continue  # table, chat, presence, pong: not needed to play
        last_seq = message["seq"]  # the position the next move is made in
        if message["status"] == "finished":
            return last_seq, message["result"]
        if message["legal_moves"] and moved_in != last_seq:  # empty unless it is our turn
            moved_in = last_seq
            move = random.choice(message["legal_moves"])["move"]
            ws.send(json.dumps({"type": "move", "seq": last_seq, "move": move}))
            if trace:
                print("-> move", last_seq)
    return last_seq, None


def main(base: str, game: str, trace: bool = False) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        me = http.post("/api/session/guest", json={"name": "randombot"}).raise_for_status().json()
        table = open_table(http, game)
        url = base.replace("http", "ws", 1) + f"/ws/tables/{table['id']}"
        headers = {"Authorization": f"Bearer {me['token']}"}
        last_seq, result = 0, None
        while result is None:
            try:
                with connect(f"{url}?last_seq={last_seq}", additional_headers=headers) as ws:
                    last_seq, result = play_until_the_end(ws, last_seq, trace)
            except (OSError, WebSocketException) as lost:
                print("connection lost, connecting again:", type(lost).__name__)
                time.sleep(1)
        print("ranking:", result["ranking"])  # the place of each seat, 1 = best
        # A finished table's record is under its table id; seq n is the position after
        # the first n entries of the record's history.
        record = http.get(f"/api/games/{table['id']}/record").raise_for_status().json()
        print("record entries:", len(record["history"]), "last seq:", last_seq)


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--trace"]
    main(
        arguments[0] if arguments else "http://127.0.0.1:8000",
        arguments[1] if len(arguments) > 1 else "mabula",
        trace="--trace" in sys.argv,
    )
