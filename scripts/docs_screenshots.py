"""Take the organiser guide's screenshots (docs/img/organisers/) from the real pages.

Starts `spieltisch serve` on a throwaway SQLite file and a free port, runs a small
Mensch ärgere Dich nicht tournament through the browser and the API (seven players in
the hall, round 1 on boards, one table entered by places, one by rule-18 figures, one
correction), and photographs each step in headless Chromium (Debian's, see
/work/shared/TESTING.md; `CHROMIUM_PATH` overrides it):

    uv run --extra web python scripts/docs_screenshots.py
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img" / "organisers"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium-headless-shell")
HALL = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Frieda", "Gustav"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    database = f"sqlite+aiosqlite:///{folder / 'club.sqlite3'}"
    command = [sys.executable, "-m", "spieltisch.cli", "serve", "--database", database]
    command += ["--port", str(port), "--ai-pace", "0"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                return server, url
        except httpx.TransportError:
            time.sleep(0.3)
    server.kill()
    raise SystemExit("the server did not answer within 120 s")


def api(page: Page, method: str, path: str, body: Any = None) -> Any:
    """A request from inside the page, so it carries the page's session cookie."""
    answer = page.evaluate(
        """async ([method, path, body]) => {
            const r = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                                         body: body === null ? undefined : JSON.stringify(body)});
            return {status: r.status, body: await r.json()};
        }""",
        [method, path, body],
    )
    if answer["status"] >= 400:
        raise SystemExit(f"{method} {path}: {answer['status']} {answer['body']}")
    return answer["body"]


def shoot(page: Page, name: str, *, full: bool = False) -> None:
    page.wait_for_timeout(400)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=full)
    print("wrote", OUT / f"{name}.png")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server, url = start_server(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM)
                page = browser.new_page(viewport={"width": 1200, "height": 820}, locale="en-GB")
                page.goto(url + "/")
                api(page, "POST", "/api/session/guest", {"name": "Director"})
                page.goto(url + "/#/tournaments")
                page.reload()
                page.fill("#tournament-name", "Autumn cup")
                page.fill("#tournament-rounds", "3")
                page.fill("#tournament-seed", "autumn-2026")
                shoot(page, "1-create")
                page.click("form.create-tournament button[type=submit]")
                page.wait_for_url("**/#/tournament/*")
                tournament = page.url.rsplit("/", 1)[1]
                for name in HALL:
                    api(page, "POST", f"/api/tournaments/{tournament}/players", {"name": name})
                rounds = f"/api/tournaments/{tournament}/rounds"
                state = api(page, "POST", rounds, {"online": False})
                page.reload()
                page.wait_for_selector("tr[data-table]")
                shoot(page, "2-round-seated", full=True)
                tables = state["rounds"][0]["tables"]
                first, second = tables[0], tables[1]
                places = list(range(1, len(first["seats"]) + 1))
                path = f"/api/tournaments/{tournament}/rounds/1/tables/"
                api(page, "POST", f"{path}{first['number']}", {"places": places})
                # The second table is stopped by time: open the form with rule 18's figures.
                page.reload()
                row = page.locator(f"tr[data-table='{second['number']}']")
                row.locator("button.enter-result").click()
                page.select_option("select.result-mode", "stopped")
                figures = [
                    {"goal": "4,3", "track": "1", "distance": "31"},
                    {"goal": "", "track": "2", "distance": "40"},
                    {"goal": "4", "track": "0", "distance": "0"},
                ]
                for index, seat in enumerate(figures[: len(second["seats"])]):
                    inputs = page.locator("table.figures tbody tr").nth(index)
                    for field, value in seat.items():
                        inputs.locator(f"input[data-field='{field}']").fill(value)
                page.locator("form.result-form").scroll_into_view_if_needed()
                shoot(page, "3-rule-18-figures")
                page.click("form.result-form button[type=submit]")
                page.wait_for_selector(f"tr[data-table='{second['number']}'] .how")
                # A correction: the first table's sheet was misread.
                corrected = [2, 1, *places[2:]]
                body = {"places": corrected, "note": "sheet misread"}
                api(page, "POST", f"{path}{first['number']}", body)
                page.reload()
                page.wait_for_selector("tr[data-table] .how")
                shoot(page, "4-results-and-standings", full=True)
                page.goto(url + f"/print/tournaments/{tournament}/sheets-1.html?lang=de")
                shoot(page, "5-score-sheet-de")
                page.goto(url + f"/print/tournaments/{tournament}/standings.html")
                shoot(page, "6-printed-standings")
                page.goto(url + "/#/ratings/madn")
                page.wait_for_timeout(800)
                shoot(page, "7-ratings")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
