"""One whole game of each game played through the Orca screen reader (issue 45): what
Orca says is read from its debug log ("SPEECH OUTPUT: ..."), each move is chosen from
the list Orca spoke and typed into the move box with the keyboard, until Orca says the
game is over. A check by hand, not a test: it needs Orca, an X server and a full
Chromium (`apt-get install orca espeak-ng speech-dispatcher-espeak-ng xvfb chromium
at-spi2-core dbus-x11`), none of which the test machines have.

    uv run python scripts/orca_games.py OUT_FOLDER [--language de] [--games madn,mahe]
        [--rate 50]

The desktop's processes get OUT_FOLDER/home as their home: its `.asoundrc` sends the
sound to ALSA's null device (without a sound card speech-dispatcher waits for one
forever, and Orca with it), and its speech-dispatcher configuration, which the script
starts itself, speaks through espeak-ng in the page's language (`--language`) at
`--rate` (-100 to 100).

It starts Xvfb, a D-Bus session with the accessibility bus, Orca (speech through
speech-dispatcher to espeak-ng), `spieltisch serve` on
a throwaway SQLite database and Chromium with its accessibility tree on, then drives
Chromium over the DevTools protocol with key presses only. OUT_FOLDER gets each game's
transcript (`GAME.txt`: every line Orca said) and `summary.txt`: the turns, and how many
of the lists of moves Orca said whole (a turn whose list Orca did not say is played from
the page's live region instead, and counted).
"""

from __future__ import annotations

import argparse
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
# Per language: whose turn with the count of moves ("One move" said as a word), the end.
HEADERS = {
    "en": (r"Your move\. (\d+|One) moves?\.", "Game over."),
    "de": (r"Du bist am Zug\. (\d+|Ein) Züge?\.", "Das Spiel ist aus."),
    "fr": (r"À vous de jouer\. (\d+|Un) coups?\.", "La partie est terminée."),
}
ITEM = re.compile(r"(?:^|\s)(\d+)\. (.+?)(?=\s\d+\. |$)")
TURN_SECONDS = 30.0
"""How long to wait for Orca to say a turn's list before reading the live region."""


def _count(header: re.Match[str]) -> int:
    """How many moves a turn's first line says there are ("One move", "61 moves")."""
    return int(header.group(1)) if header.group(1).isdigit() else 1


def _items(text: str, count: int) -> dict[int, tuple[int, str]]:
    """The numbered moves 1 to `count` in what was said (a paragraph of sentences, or a
    line each): their place in the text and their words, without the full stop."""
    found: dict[int, tuple[int, str]] = {}
    for match in ITEM.finditer(text):
        number = int(match.group(1))
        if 1 <= number <= count and number not in found:
            found[number] = (match.start(), match.group(2).removesuffix("."))
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Desktop:
    """Xvfb, a D-Bus session, the accessibility bus, speech-dispatcher, Orca and Chromium,
    each a child process ended by its pid, with OUT_FOLDER/home as their home."""

    def __init__(self, folder: Path, language: str, rate: int) -> None:
        self.folder = folder
        self.language = language
        self.rate = rate
        self.children: list[subprocess.Popen[bytes]] = []
        self.display = f":{100 + os.getpid() % 800}"  # not another person's display
        home = folder / "home"
        self.env = dict(
            os.environ,
            HOME=str(home),
            XDG_CONFIG_HOME=str(home / ".config"),
            XDG_DATA_HOME=str(home / ".local/share"),
            XDG_RUNTIME_DIR=str(home / "run"),
            DISPLAY=self.display,
            NO_AT_BRIDGE="0",
            ACCESSIBILITY_ENABLED="1",
        )
        self.debug = folder / "orca.debug"
        self.cdp_port = free_port()
        self.dbus_pid = 0

    def configure(self) -> None:
        """The home: sound to the null device; speech-dispatcher through espeak-ng in the
        page's language at the rate asked."""
        home = Path(self.env["HOME"])
        (home / "run").mkdir(parents=True, exist_ok=True)
        (home / "run").chmod(0o700)
        (home / ".asoundrc").write_text("pcm.!default { type null }\n")
        speechd = home / ".config/speech-dispatcher"
        (speechd / "modules").mkdir(parents=True, exist_ok=True)
        module = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
        (speechd / "modules/espeak-ng.conf").write_text(module.read_text())
        (speechd / "speechd.conf").write_text(
            'AudioOutputMethod "alsa"\n'
            'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
            'DefaultModule "espeak-ng"\n'
            f'DefaultLanguage "{self.language}"\n'
            f"DefaultRate {self.rate}\n"
            "Timeout 0\n"
        )

    def run(self, *command: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{Path(command[0]).name}.log").open("ab")
        child = subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.children.append(child)
        return child

    def wait_for(self, what: str, ready: Any, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while not ready():
            if time.monotonic() > deadline:
                raise SystemExit(f"{what} did not start in {seconds:.0f} s")
            time.sleep(0.2)

    def start(self) -> None:
        self.configure()
        self.run("Xvfb", self.display, "-screen", "0", "1280x900x24")
        socket_file = Path(f"/tmp/.X11-unix/X{self.display[1:]}")
        self.wait_for("Xvfb", socket_file.exists)
        bus = subprocess.run(
            ["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
            capture_output=True,
            text=True,
            check=True,
            env=self.env,
        ).stdout.split()
        self.env["DBUS_SESSION_BUS_ADDRESS"], self.dbus_pid = bus[0], int(bus[1])
        for key, value in [
            ("org.gnome.desktop.a11y.applications screen-reader-enabled", "true"),
            ("org.gnome.desktop.interface toolkit-accessibility", "true"),
        ]:
            subprocess.run(["gsettings", "set", *key.split(), value], env=self.env, check=False)
        self.run("/usr/libexec/at-spi-bus-launcher", "--launch-immediately")
        speechd = Path(self.env["XDG_CONFIG_HOME"]) / "speech-dispatcher"
        self.run("speech-dispatcher", "-s", "-t", "0", "-C", str(speechd))  # ours, not a daemon
        sockets = Path(self.env["XDG_RUNTIME_DIR"]) / "speech-dispatcher"
        self.wait_for("speech-dispatcher", lambda: any(sockets.glob("*.sock")))
        self.run("orca", "--replace", f"--debug-file={self.debug}")
        self.wait_for("Orca", lambda: self.debug.exists() and self.debug.stat().st_size > 0)
        self.run(
            "chromium",
            "--no-sandbox",
            "--force-renderer-accessibility",
            "--disable-gpu",
            "--no-first-run",
            f"--lang={self.language}",
            f"--user-data-dir={self.folder / 'profile'}",
            f"--remote-debugging-port={self.cdp_port}",
            "about:blank",
        )

        def answers() -> bool:
            try:
                return httpx.get(f"http://127.0.0.1:{self.cdp_port}/json/version").is_success
            except httpx.TransportError:
                return False

        self.wait_for("Chromium", answers, 120)

    def stop(self) -> None:
        for child in reversed(self.children):
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
        if self.dbus_pid:
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
    """Wait for Orca to say my list of moves (or the game's end), from its utterance
    `after` on: the last utterance read, the moves (None at the end), whether Orca said
    them all (else they were read from the live region after TURN_SECONDS), and whether
    it said them in order. A paragraph of the live region may come as one utterance or
    several: what was said is read as one text."""
    header, game_over = HEADERS[desktop.language]
    deadline = time.monotonic() + TURN_SECONDS
    while time.monotonic() < deadline:
        said = desktop.heard()[after:]
        text = " ".join(said)
        if game_over in text:
            return after + len(said), None, True, True
        headers = list(re.finditer(header, text))
        if headers:
            last = headers[-1]
            count = _count(last)
            items = _items(text[last.end() :], count)
            if len(items) == count:
                order = [items[number][0] for number in range(1, count + 1)]
                in_order = order == sorted(order)
                return after + len(said), [items[n][1] for n in range(1, count + 1)], True, in_order
        time.sleep(0.2)
    return len(desktop.heard()), from_live_region(page, desktop.language), False, False


def from_live_region(page: Page, language: str) -> list[str] | None:
    """The last list of moves the announcer wrote (or None at the game's end)."""
    header, game_over = HEADERS[language]
    text = " ".join(
        page.eval_on_selector_all("#page .announcer p", "ps => ps.map(p => p.textContent)")
    )
    if game_over in text:
        return None
    headers = list(re.finditer(header, text))
    if not headers:
        return []
    count = _count(headers[-1])
    items = _items(text[headers[-1].end() :], count)
    return [items[n][1] for n in sorted(items)]


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
    game_over = HEADERS[desktop.language][1]
    end = next((line for line in reversed(transcript) if game_over in line), "")
    return (
        f"{game}: {turns} turns, {heard_whole} lists of moves said whole by Orca "
        f"({heard_in_order} in order), {len(transcript)} lines heard; the end: {end!r}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("out", nargs="?", help="the folder for the transcripts")
    parser.add_argument("--language", choices=sorted(HEADERS), default="en")
    parser.add_argument("--games", default=",".join(game for game, *_ in GAMES))
    parser.add_argument("--rate", type=int, default=50, help="speech rate, -100 to 100")
    arguments = parser.parse_args()
    chosen = arguments.games.split(",")
    unknown = set(chosen) - {game for game, *_ in GAMES}
    if unknown:
        parser.error(f"no such game: {', '.join(sorted(unknown))}")
    out = Path(arguments.out or tempfile.mkdtemp(prefix="orca-"))
    out.mkdir(parents=True, exist_ok=True)
    desktop = Desktop(out, arguments.language, arguments.rate)
    lines = []
    try:
        desktop.start()
        with server(out) as base, sync_playwright() as playwright:
            browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{desktop.cdp_port}")
            page = browser.contexts[0].pages[0]
            page.goto(base + "/")
            page.evaluate(
                f"localStorage.setItem('spieltisch.language', '{arguments.language}');"
                "localStorage.setItem('spieltisch.verbosity', 'moves');"
                "localStorage.setItem('spieltisch.pace', 'fast');"
            )
            page.reload()
            page.fill("form.guest input", "Ana")
            page.click("form.guest button")
            page.wait_for_selector(".create-form button[type=submit]:not([disabled])")
            for game, seats, options in GAMES:
                if game in chosen:
                    lines.append(play(desktop, page, base, game, seats, options))
                    print(lines[-1], flush=True)
    finally:
        desktop.stop()
    (out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
