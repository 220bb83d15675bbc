"""One whole game of each game played through the Orca screen reader (issue 45): what
Orca says is read from its debug log ("SPEECH OUTPUT: ..."), each move is chosen from
the list Orca spoke and typed into the move box with the keyboard, until Orca says the
game is over. A check by hand, not a test: it needs Orca, an X server and a full
Chromium (`apt-get install orca espeak-ng speech-dispatcher-espeak-ng xvfb chromium
at-spi2-core dbus-x11`), none of which the test machines have.

    uv run python scripts/orca_games.py OUT_FOLDER

Without a sound card speech-dispatcher waits for one forever and Orca with it: send the
sound to ALSA's null device first (`~/.asoundrc`: `pcm.!default { type null }`, and
`AudioOutputMethod "alsa"` in `~/.config/speech-dispatcher/speechd.conf`).

It starts Xvfb, a D-Bus session with the accessibility bus, Orca (speech through
speech-dispatcher to espeak-ng), `spieltisch serve` on
a throwaway SQLite database and Chromium with its accessibility tree on, then drives
Chromium over the DevTools protocol with key presses only. OUT_FOLDER gets each game's
transcript (`GAME.txt`: every line Orca said) and `summary.txt`: the turns, and how many
of the lists of moves Orca said whole (a turn whose list Orca did not say is played from
the page's live region instead, and counted).
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

AI = {"kind": "ai", "level": "easy"}
GAMES: list[tuple[str, list[dict[str, Any]], dict[str, Any]]] = [
    ("mabula", [{"kind": "me"}, AI], {}),
    ("madn", [{"kind": "me"}, AI], {}),
    ("david_goliath", [{"kind": "me"}, AI, AI], {"deals": 1}),
    ("mahe", [{"kind": "me"}, AI], {}),
]
SAID = re.compile(r"SPEECH OUTPUT: '(.*)'\{")
HEADER = re.compile(r"^Your move\. (\d+|One) moves?\.$")  # "One move", said as words
ITEM = re.compile(r"^(\d+)\. (.+)$")
TURN_SECONDS = 30.0
"""How long to wait for Orca to say a turn's list before reading the live region."""


def _count(header: re.Match[str]) -> int:
    """How many moves a turn's first line says there are ("One move", "61 moves")."""
    return 1 if header.group(1) == "One" else int(header.group(1))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Desktop:
    """Xvfb, a D-Bus session, the accessibility bus, Orca and Chromium, each a child
    process ended by its pid."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.children: list[subprocess.Popen[bytes]] = []
        self.env = dict(os.environ, DISPLAY=":99", NO_AT_BRIDGE="0", ACCESSIBILITY_ENABLED="1")
        self.debug = folder / "orca.debug"
        self.cdp_port = free_port()

    def run(self, *command: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{Path(command[0]).name}.log").open("ab")
        child = subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.children.append(child)
        return child

    def start(self) -> None:
        self.run("Xvfb", ":99", "-screen", "0", "1280x900x24")
        time.sleep(1)
        bus = subprocess.run(
            ["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        self.env["DBUS_SESSION_BUS_ADDRESS"], self.dbus_pid = bus[0], int(bus[1])
        for key, value in [
            ("org.gnome.desktop.a11y.applications screen-reader-enabled", "true"),
            ("org.gnome.desktop.interface toolkit-accessibility", "true"),
        ]:
            subprocess.run(["gsettings", "set", *key.split(), value], env=self.env, check=False)
        self.run("/usr/libexec/at-spi-bus-launcher", "--launch-immediately")
        time.sleep(1)
        self.run("orca", "--replace", f"--debug-file={self.debug}")
        time.sleep(3)
        self.run(
            "chromium",
            "--no-sandbox",
            "--force-renderer-accessibility",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={self.folder / 'profile'}",
            f"--remote-debugging-port={self.cdp_port}",
            "about:blank",
        )
        time.sleep(3)

    def stop(self) -> None:
        for child in reversed(self.children):
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
        os.kill(self.dbus_pid, signal.SIGTERM)

    def heard(self) -> list[str]:
        """Everything Orca said so far, in order."""
        if not self.debug.exists():
            return []
        text = self.debug.read_text(errors="replace")
        return [match.group(1) for match in SAID.finditer(text)]


@contextmanager
def server(folder: Path) -> Iterator[str]:
    port = free_port()
    database = f"sqlite+aiosqlite:///{folder / 'orca.sqlite3'}"
    command = [sys.executable, "-m", "spieltisch.cli", "serve", "--database", database]
    command += ["--port", str(port), "--ai-pace", "0", "--takeback-seconds", "0"]
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    if httpx.get(base + "/api/games", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            process.wait(20)


def next_turn(desktop: Desktop, page: Page, after: int) -> tuple[int, list[str] | None, bool, bool]:
    """Wait for Orca to say my list of moves (or the game's end), from its line `after`
    on: the last line read, the moves (None at the end), whether Orca said them all
    (else they were read from the live region after TURN_SECONDS), and whether it said
    them in order (Orca's live-region queue sometimes says a line before the one the
    page wrote before it)."""
    deadline = time.monotonic() + TURN_SECONDS
    while time.monotonic() < deadline:
        said = desktop.heard()[after:]
        for index, text in enumerate(said):
            if text.startswith("Game over."):
                return after + index + 1, None, True, True
        headers = [(index, HEADER.match(text)) for index, text in enumerate(said)]
        found = [(index, _count(match)) for index, match in headers if match]
        if found:
            index, count = found[-1]
            items: dict[int, tuple[int, str]] = {}
            for position, text in enumerate(said):
                item = ITEM.match(text)
                if item and 1 <= int(item.group(1)) <= count:
                    items[int(item.group(1))] = (position, item.group(2))
            if len(items) == count:
                order = [items[number][0] for number in range(1, count + 1)]
                in_order = order == sorted(order) and order[0] > index
                last = max([index, *order])
                return after + last + 1, [items[n][1] for n in range(1, count + 1)], True, in_order
        time.sleep(0.2)
    return len(desktop.heard()), from_live_region(page), False, False


def from_live_region(page: Page) -> list[str] | None:
    """The last list of moves the announcer wrote (or None at the game's end)."""
    lines = page.eval_on_selector_all("#page .announcer span", "ss => ss.map(s => s.textContent)")
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].startswith("Game over."):
            return None
        header = HEADER.match(lines[index])
        if header:
            items = lines[index + 1 : index + 1 + _count(header)]
            return [m.group(2).removesuffix(".") for line in items if (m := ITEM.match(line))]
    return []


def play(desktop: Desktop, page: Page, base: str, game: str, seats: Any, options: Any) -> str:
    """One whole game by keyboard, moves chosen from what Orca said; a summary line."""
    answer = page.request.post(
        base + "/api/tables", data={"game": game, "seats": seats, "options": options}
    )
    table = answer.json()["id"]
    page.request.post(base + f"/api/tables/{table}/start", data={})
    start = len(desktop.heard())
    page.goto(f"{base}/#/table/{table}")
    page.wait_for_selector("#typed-move")
    for _ in range(300):  # Tab to the move box, as a person would
        if page.evaluate("document.activeElement && document.activeElement.id") == "typed-move":
            break
        page.keyboard.press("Tab")
    rng = random.Random(45)
    after, moves, spoken, in_order = next_turn(desktop, page, start)
    turns = heard_whole = heard_in_order = 0
    while moves is not None:
        turns += 1
        heard_whole += spoken
        heard_in_order += in_order
        if moves:
            page.keyboard.type(f"#{rng.randrange(len(moves)) + 1}")
            page.keyboard.press("Enter")
        after, moves, spoken, in_order = next_turn(desktop, page, after)
    transcript = desktop.heard()[start:]
    (desktop.folder / f"{game}.txt").write_text("\n".join(transcript) + "\n", encoding="utf-8")
    end = next((line for line in reversed(transcript) if line.startswith("Game over.")), "")
    return (
        f"{game}: {turns} turns, {heard_whole} lists of moves said whole by Orca "
        f"({heard_in_order} in order), {len(transcript)} lines heard; the end: {end!r}"
    )


def main() -> None:
    if not (Path.home() / ".asoundrc").exists():
        sys.exit("no ~/.asoundrc: Orca would wait for a sound card (see this script's help)")
    out = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="orca-"))
    out.mkdir(parents=True, exist_ok=True)
    desktop = Desktop(out)
    desktop.start()
    lines = []
    try:
        with server(out) as base, sync_playwright() as playwright:
            browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{desktop.cdp_port}")
            page = browser.contexts[0].pages[0]
            page.goto(base + "/")
            page.evaluate(
                "localStorage.setItem('spieltisch.language', 'en');"
                "localStorage.setItem('spieltisch.verbosity', 'moves');"
                "localStorage.setItem('spieltisch.pace', 'fast');"
            )
            page.reload()
            page.fill("form.guest input", "Ana")
            page.click("form.guest button")
            page.wait_for_selector(".create-form button[type=submit]:not([disabled])")
            for game, seats, options in GAMES:
                lines.append(play(desktop, page, base, game, seats, options))
                print(lines[-1], flush=True)
    finally:
        desktop.stop()
    (out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
