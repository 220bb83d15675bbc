"""A turn-based Mahé game of three people and a computer over simulated days, in the
browser (issue 43): the table made in the lobby's form with days per move and a time
bank, each person moving on their own time, "my games" and the tab title counting the
games waiting, one vacation taken on the account page, one time bank used, one timeout
played by the substitute at the person's level, and the game played to its end.

The server runs in this process (a thread) with a wall clock the test moves: days pass
at once, and the server's sweep (every 0.1 s) acts on the deadlines that have come."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from spieltisch.store import upgrade
from tests.server.in_process import Now
from tests.server.server_thread import ServerThread
from tests.waiting import wait_until
from tests.web.conftest import People, Person
from tests.web.flows import sign_in_as_guest

DAY = 24 * 3600.0
HOUR = 3600.0
MOVES = ".move-list button[data-move]"


@pytest.fixture(scope="module")
def now() -> Now:
    return Now()


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory, now: Now) -> Iterator[ServerThread]:
    """This module's server: in a thread, counting by the test's clock."""
    folder = tmp_path_factory.mktemp("turn-based")
    url = f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this one
        thread.submit(upgrade, url).result()
    server = ServerThread(url, now=now, turn_check_seconds=0.1)
    server.start()
    yield server
    server.stop()


def my_turns(person: Person) -> dict[str, Any]:
    answer = person.context.request.get(person.base + "/api/me/turns")
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def to_move(people: list[tuple[Person, Page]]) -> int:
    """The index of the person whose move it is (waiting until one is)."""
    found: list[int] = []

    def someone() -> bool:
        found[:] = [i for i, (person, _page) in enumerate(people) if my_turns(person)["waiting"]]
        return bool(found)

    wait_until(someone, what="a person to move")
    return found[0]


def move(page: Page, table: str, base: str) -> None:
    """The person plays from the table page: stops when they may, else the first move."""
    page.goto(f"{base}/#/table/{table}")
    page.wait_for_selector(MOVES)
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    stop = page.locator(".move-list button[data-move='stop']")
    (stop if stop.count() else page.locator(MOVES).first).click()
    page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")


def notices(page: Page) -> list[str]:
    return [text.strip() for text in page.locator(".log .notice").all_inner_texts()]


def test_a_turn_based_game_over_simulated_days(
    people: People, web: ServerThread, now: Now, artifacts: Path
) -> None:
    ana, bob, cleo = people("en-GB"), people("de-DE"), people("fr-FR")
    pages = [
        sign_in_as_guest(person, name)
        for person, name in ((ana, "Ana"), (bob, "Bob"), (cleo, "Cleo"))
    ]
    # Ana makes the table in the lobby's form: 3 days a move, a bank of 12 h a move.
    form = pages[0]
    form.select_option("#create-game", "mahe")
    form.select_option("#create-players", "4")
    for index, seat in enumerate(["me", "open", "open", "ai:easy"]):
        form.select_option(f"#seat-{index}", seat)
    form.select_option("#create-clock", "turn:3")
    assert form.locator(".turn-fields").is_visible()
    form.select_option("#create-bank", "12:1")
    form.click(".create-form button[type=submit]")
    form.wait_for_url("**/#/table/*")
    table = form.url.rsplit("/", 1)[1]
    for person, page in ((bob, pages[1]), (cleo, pages[2])):
        page.goto(f"{person.base}/#/table/{table}")
        page.locator("button.sit").first.click()
        page.wait_for_selector(".seat-list .you")
    started = ana.context.request.post(f"{ana.base}/api/tables/{table}/start", data={})
    assert started.ok, started.text()
    clock = started.json()["clock"]
    assert clock["mode"] == "turn" and clock["on_timeout"] == "computer"  # three people
    together = list(zip([ana, bob, cleo], pages, strict=True))

    # Each person moves on their own time: hours apart, the tab title counting.
    for hours in (5, 20, 30):
        mover = to_move(together)
        person, page = together[mover]
        page.goto(f"{person.base}/#/")
        page.wait_for_function("document.title === '(1) spieltisch'")
        item = page.locator(".my-turn-games .turn-game.mine")
        assert item.count() == 1 and item.locator("a").get_attribute("href") == f"#/table/{table}"
        now.advance(hours * HOUR)
        move(page, table, person.base)
    pages[0].goto(f"{ana.base}/#/table/{table}")
    pages[0].wait_for_selector(".seat-list .online")
    pages[0].screenshot(path=str(artifacts / "turn-based-table.png"), full_page=True)

    # A vacation: the person to move takes two days on their account page.
    mover = to_move(together)
    person, page = together[mover]
    left_before = my_turns(person)["games"][0]["time_left_ms"]
    page.goto(f"{person.base}/#/player")
    page.fill("#vacation-days", "2")
    page.click("form.take-vacation button")
    page.wait_for_selector(".vacation-until")
    page.screenshot(path=str(artifacts / "turn-based-vacation.png"), full_page=True)
    watcher = together[(mover + 1) % 3][1]
    watcher.goto(f"{together[(mover + 1) % 3][0].base}/#/table/{table}")
    watcher.locator(".log .notice.vacation").wait_for()
    now.advance(3 * DAY + HOUR)  # past the move's three days, but the clock stood still
    wait_until(lambda: my_turns(person)["games"][0]["time_left_ms"] > 0, what="time left")
    assert my_turns(person)["games"][0]["time_left_ms"] < left_before
    move(page, table, person.base)  # moves during the vacation, on their own time

    # A time bank used: the next person lets the move's three days pass.
    mover = to_move(together)
    person, page = together[mover]
    page.goto(f"{person.base}/#/table/{table}")
    now.advance(3 * DAY + 60)
    page.locator(".log .notice.bank").wait_for()
    # ... and the bank too (12 hours a move in time, at most a day): the computer plays
    # that turn at their level.
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    now.advance(DAY)
    page.locator(".log .notice.ran_out").wait_for()
    page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
    assert page.locator(".seat-list .you").count() == 1  # the seat is still theirs
    page.screenshot(path=str(artifacts / "turn-based-ran-out.png"), full_page=True)

    # To the end: nobody moves any more, the computer plays each turn when its time is up.
    def ended() -> bool:
        if page.locator("section.end:not([hidden])").count():
            return True
        now.advance(4 * DAY)
        return False

    wait_until(ended, seconds=600, what="the game's end")
    result = ana.context.request.get(f"{ana.base}/api/tables/{table}").json()
    assert result["status"] == "finished" and result["result"]["ranking"]
    page.screenshot(path=str(artifacts / "turn-based-end.png"), full_page=True)
    assert len(notices(page)) >= 3
    (artifacts / "turn-based-notices.json").write_text(json.dumps(notices(page), indent=1))
