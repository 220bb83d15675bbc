"""The bot in docs/web.md plays a whole game against a running server."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.server.servers import ServerProcess

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def bot_source() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### A bot", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found, "docs/web.md has no bot example"
    return found.group(1)


def test_the_documented_bot_plays_a_game_to_its_end(server: ServerProcess, tmp_path: Path) -> None:
    script = tmp_path / "bot.py"
    script.write_text(bot_source(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), server.url, "mabula"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"^ranking: \[\d, \d\]$", done.stdout, re.M), done.stdout
    assert "refused" not in done.stdout


def test_the_documented_bot_reconnects_after_the_server_is_killed(tmp_path: Path) -> None:
    """kill -9 of the server mid-game, then a restart: the bot connects again with its last
    seq and plays the game to its end."""
    import asyncio

    from tests.server.client import Client

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
            while True:
                tables = (await watcher.http.get("/api/tables")).json()["tables"]
                mine = [t for t in tables if t["seats"][0]["name"] == "randombot"]
                if mine and mine[0]["status"] == "running":
                    break
                await asyncio.sleep(0.1)
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
