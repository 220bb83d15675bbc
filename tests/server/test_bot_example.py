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
