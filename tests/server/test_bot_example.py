"""The bot of the bot guide (docs/bots/bot.py) plays a whole game of every game against a
running server, and what the guide says about the protocol holds."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.servers import ServerProcess
from tests.waiting import until_value

BOT = Path(__file__).resolve().parents[2] / "docs" / "bots" / "bot.py"
PLAYERS = {"mahe": 2, "madn": 2, "david_goliath": 3, "mabula": 2}  # each game's fewest


def bot_source() -> str:
    return BOT.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_documented_bot_plays_every_game_to_its_end(
    server: ServerProcess, tmp_path: Path, game: str
) -> None:
    done = subprocess.run(
        [sys.executable, str(BOT), server.url, game, "--trace"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    places = re.search(r"^ranking: \[([\d, ]+)\]$", done.stdout, re.M)
    assert places, done.stdout[-2000:]
    assert len(places.group(1).split(",")) == PLAYERS[game]
    assert "refused" not in done.stdout, done.stdout[-2000:]
    # seq n is the position after the first n entries of the record's history
    counts = re.search(r"^record entries: (\d+) last seq: (\d+)$", done.stdout, re.M)
    assert counts and counts.group(1) == counts.group(2), done.stdout[-500:]
    # the new position (state) arrives before the ack of the move that made it, and
    # ack.seq is the position after the move and its chance outcomes: a state with it
    seen: set[int] = set()
    pending: list[int] = []  # the positions of moves sent and not yet acknowledged
    acks = beyond = 0
    for kind, text in re.findall(r"^(?:<-|->) (state|ack|move) (\d+)", done.stdout, re.M):
        seq = int(text)
        if kind == "state":
            seen.add(seq)
        elif kind == "move":
            pending.append(seq)
        else:
            moved_in = pending.pop(0)  # acks come in the order of the moves
            assert seq in seen, f"ack {seq} before its state"
            assert seq > moved_in, f"ack {seq} for a move in position {moved_in}"
            beyond += seq > moved_in + 1  # the chance outcomes after the move counted
            acks += 1
    assert acks > 0
    if game in ("madn", "mahe"):  # a die follows many moves
        assert beyond > 0, "no ack counted the chance outcomes after its move"


def test_the_documented_bot_reconnects_after_the_server_is_killed(tmp_path: Path) -> None:
    """kill -9 of the server mid-game, then a restart: the bot connects again with its last
    seq and plays the game to its end."""
    import asyncio

    from tests.server.client import Client, Message

    server = ServerProcess(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}", tmp_path)
    server.extra = (*server.extra, "--ai-pace", "0.3")  # a game long enough to kill in
    server.start()
    script = tmp_path / "bot.py"
    script.write_text(bot_source(), encoding="utf-8")
    bot = subprocess.Popen(
        [sys.executable, str(script), server.url, "mabula"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    async def watch_until_moves(count: int) -> None:
        async with Client(server.url) as watcher:

            async def bots_tables() -> list[Message]:
                tables = (await watcher.http.get("/api/tables")).json()["tables"]
                return [t for t in tables if t["seats"][0]["name"] == "randombot"]

            mine = await until_value(
                bots_tables, lambda mine: bool(mine) and mine[0]["status"] == "running"
            )
            socket = await watcher.socket(mine[0]["id"])
            await socket.state(lambda m: m["seq"] >= count)
            await socket.close()

    try:
        asyncio.run(asyncio.wait_for(watch_until_moves(4), 60))
        server.kill()
        # Killed in the middle: the rest of the game needs no pace (the test's time).
        server.extra = tuple(a if a != "0.3" else "0" for a in server.extra)
        server.start()
        out, err = bot.communicate(timeout=180)
    finally:
        bot.kill()
        server.stop()
    assert bot.returncode == 0, err
    assert "connection lost, connecting again" in out, out
    assert re.search(r"^ranking: \[\d, \d\]$", out, re.M), out
