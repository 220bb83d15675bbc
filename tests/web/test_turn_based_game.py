"""A turn-based Mahé game of three people and a computer over simulated days, in the
browser (issue 43): the table made rated in the lobby's form with days per move and a
time bank, each person told of their turn by email and moving on their own time by
following the email's link, "my games" and the tab title counting the games waiting,
one vacation taken on the account page, one time bank used, reminders before the
timeout, one timeout played by the substitute at the person's level, and the game
played to its end, finished and rated (the three people among themselves; the
computer's seat is not rated).

The server runs in this process (a thread) with a wall clock the test moves: days pass
at once, and the server's sweep (every 0.1 s) acts on the deadlines that have come. A
real SMTP server (aiosmtpd) receives the emails; the sender reads the same clock."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from spieltisch.store import upgrade
from tests.server.in_process import Now
from tests.server.mailbox import Mailbox, link, mailbox
from tests.server.server_thread import ServerThread
from tests.waiting import wait_until
from tests.web.conftest import People, Person
from tests.web.flows import sign_in_as_guest, sit_down

DAY = 24 * 3600.0
HOUR = 3600.0
MOVES = ".move-list button[data-move]"
ADDRESSES = ("ana@example.org", "bob@example.org", "cleo@example.org")


class Ahead(Now):
    """The wall clock moved ahead by what the test advanced: time goes on as it does
    (what is written "now" by the real clock is due by this one too)."""

    def __call__(self) -> float:
        return time.time() + self.moment - self.start

    def __init__(self) -> None:
        super().__init__()
        self.start = self.moment


@pytest.fixture(scope="module")
def now() -> Now:
    return Ahead()


@pytest.fixture(scope="module")
def mail() -> Iterator[tuple[Mailbox, str]]:
    with mailbox() as opened:
        yield opened


@pytest.fixture(scope="module")
def web(
    tmp_path_factory: pytest.TempPathFactory, now: Now, mail: tuple[Mailbox, str]
) -> Iterator[ServerThread]:
    """This module's server: in a thread, counting by the test's clock, sending email to
    the test's SMTP server."""
    folder = tmp_path_factory.mktemp("turn-based")
    url = f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this one
        thread.submit(upgrade, url).result()
    server = ServerThread(
        url, now=now, turn_check_seconds=0.1, smtp=mail[1], outbox_poll_seconds=0.1
    )
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


def play(page: Page) -> None:
    """The person plays on the table page: stops when they may, else the first move."""
    page.wait_for_selector(MOVES)
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    stop = page.locator(".move-list button[data-move='stop']")
    (stop if stop.count() else page.locator(MOVES).first).click()
    page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")


def move(page: Page, table: str, base: str) -> None:
    page.goto(f"{base}/#/table/{table}")
    play(page)


def leave(person: Person, page: Page) -> None:
    """Away from the table (the lobby): from now on the person is told by email."""
    page.goto(f"{person.base}/#/")
    page.wait_for_selector(".create-form")


def notices(page: Page) -> list[str]:
    return [text.strip() for text in page.locator(".log .notice").all_inner_texts()]


def emails(box: Mailbox, address: str, kind: str, table: str) -> list[EmailMessage]:
    """The emails to `address` of notifications of `kind` (turn, remind, bank, ran_out,
    finished) at `table`: their Message-ID names the notification's key."""
    return [
        message
        for message in box.to(address)
        if message_id(message).startswith(f"<{kind}.{table}.")
    ]


def message_id(message: EmailMessage) -> str:
    """The Message-ID as written (a long one comes folded over two lines)."""
    return "".join(str(message["Message-ID"]).split())


def arrive(box: Mailbox, address: str, kind: str, table: str, count: int) -> list[EmailMessage]:
    """The emails of `kind` once at least `count` have arrived."""
    wait_until(
        lambda: len(emails(box, address, kind, table)) >= count,
        what=f"{count} {kind} email(s) to {address}",
    )
    return emails(box, address, kind, table)


def confirm_address(person: Person, page: Page, box: Mailbox, address: str) -> None:
    """The person gives an address and opens the emailed link in the browser."""
    given = person.context.request.put(person.base + "/api/me/email", data={"email": address})
    assert given.ok, given.text()
    wait_until(lambda: len(box.to(address)) >= 1, what=f"the link to confirm {address}")
    page.goto(link(box.to(address)[0], "/#/email/"))

    def confirmed() -> bool:
        mine = person.context.request.get(person.base + "/api/me/notifications").json()
        return bool(mine["email"] == address)

    wait_until(confirmed, what=f"{address} confirmed")


def test_a_turn_based_game_over_simulated_days(
    people: People, web: ServerThread, now: Now, mail: tuple[Mailbox, str], artifacts: Path
) -> None:
    box, _smtp = mail
    ana, bob, cleo = people("en-GB"), people("de-DE"), people("fr-FR")
    pages = [
        sign_in_as_guest(person, name)
        for person, name in ((ana, "Ana"), (bob, "Bob"), (cleo, "Cleo"))
    ]
    for person, page, address in zip((ana, bob, cleo), pages, ADDRESSES, strict=True):
        confirm_address(person, page, box, address)
        leave(person, page)
    # Ana makes the table in the lobby's form: 3 days a move, a bank of 12 h a move,
    # rated: the people among themselves, the computer's seat not.
    form = pages[0]
    form.select_option("#create-game", "mahe")
    form.select_option("#create-players", "4")
    for index, seat in enumerate(["me", "open", "open", "ai:easy"]):
        form.select_option(f"#seat-{index}", seat)
    form.select_option("#create-rated", "rated")
    assert "among themselves" in form.locator("#create-rated-why").inner_text()
    form.select_option("#create-clock", "turn:3")
    assert form.locator(".turn-fields").is_visible()
    form.select_option("#create-bank", "12:1")
    form.click(".create-form button[type=submit]")
    form.wait_for_url("**/#/table/*")
    table = form.url.rsplit("/", 1)[1]
    form.wait_for_selector(".rated-badge.rated")
    for person, page in ((bob, pages[1]), (cleo, pages[2])):
        page.goto(f"{person.base}/#/table/{table}")
        sit_down(page)
    together = list(zip([ana, bob, cleo], pages, strict=True))
    for person, page in together:
        leave(person, page)  # nobody at the table: each is told by email
    started = ana.context.request.post(f"{ana.base}/api/tables/{table}/start", data={})
    assert started.ok, started.text()
    assert started.json()["rated"] is True
    clock = started.json()["clock"]
    assert clock["mode"] == "turn" and clock["on_timeout"] == "computer"  # three people

    # Each person moves on their own time, hours apart: told by email, the tab title
    # counting, the email's link followed to the table.
    told = [0, 0, 0]
    for hours in (5, 20, 30):
        mover = to_move(together)
        person, page = together[mover]
        told[mover] += 1
        [*_, turn] = arrive(box, ADDRESSES[mover], "turn", table, told[mover])
        page.goto(f"{person.base}/#/")
        page.wait_for_function("document.title === '(1) spieltisch'")
        item = page.locator(".my-turn-games .turn-game.mine")
        assert item.count() == 1 and item.locator("a").get_attribute("href") == f"#/table/{table}"
        now.advance(hours * HOUR)
        page.goto(link(turn, "/#/table/"))  # the email's one-click link
        assert page.url.endswith(f"/#/table/{table}")
        # The table page's tab title counts the games waiting too, this one among them.
        page.wait_for_function("document.title.startsWith('(1) ▶ ')")
        play(page)
        leave(person, page)
    pages[0].goto(f"{ana.base}/#/table/{table}")
    pages[0].wait_for_selector(".seat-list .online")
    pages[0].screenshot(path=str(artifacts / "turn-based-table.png"), full_page=True)
    leave(ana, pages[0])

    # A vacation: the person to move takes two days on their account page.
    mover = to_move(together)
    person, page = together[mover]
    left_before = my_turns(person)["games"][0]["time_left_ms"]
    page.goto(f"{person.base}/#/player")
    page.fill("#vacation-days", "2")
    page.click("form.take-vacation button")
    page.wait_for_selector(".vacation-until")
    page.screenshot(path=str(artifacts / "turn-based-vacation.png"), full_page=True)
    other, watcher = together[(mover + 1) % 3]
    watcher.goto(f"{other.base}/#/table/{table}")
    watcher.locator(".log .notice.vacation").wait_for()
    leave(other, watcher)
    now.advance(3 * DAY + HOUR)  # past the move's three days, but the clock stood still
    wait_until(lambda: my_turns(person)["games"][0]["time_left_ms"] > 0, what="time left")
    assert my_turns(person)["games"][0]["time_left_ms"] < left_before
    move(page, table, person.base)  # moves during the vacation, on their own time
    leave(person, page)

    # A time bank used: the next person lets the move's three days pass, reminded.
    mover = to_move(together)
    person, page = together[mover]
    address = ADDRESSES[mover]
    page.goto(f"{person.base}/#/table/{table}")
    reminded = len(emails(box, address, "remind", table)) + 1  # 24 h before the deadline
    now.advance(3 * DAY + 60)
    page.locator(".log .notice.bank").wait_for()
    arrive(box, address, "bank", table, 1)  # "your time bank runs: n hours left"
    arrive(box, address, "remind", table, reminded)
    # ... and the bank too (12 hours a move in time, at most a day), reminded 4 h and
    # 1 h before: then the computer plays that turn at their level.
    left = my_turns(person)["games"][0]["time_left_ms"] / 1000
    assert 0 < left <= DAY
    for before in (4, 1):
        if left > before * HOUR:
            now.advance(left - before * HOUR + 60)
            left = before * HOUR - 60
            reminded += 1
            arrive(box, address, "remind", table, reminded)
    assert not emails(box, address, "ran_out", table)
    assert len(emails(box, address, "remind", table) + emails(box, address, "bank", table)) >= 2
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    now.advance(left + 60)
    page.locator(".log .notice.ran_out").wait_for()
    page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
    assert page.locator(".seat-list .you").count() == 1  # the seat is still theirs
    page.screenshot(path=str(artifacts / "turn-based-ran-out.png"), full_page=True)
    [ran_out] = arrive(box, address, "ran_out", table, 1)
    assert link(ran_out, "/#/table/").endswith(f"/#/table/{table}")

    # To the end: nobody moves any more, the computer plays each turn when its time is up.
    def ended() -> bool:
        if page.locator("section.end:not([hidden])").count():
            return True
        now.advance(4 * DAY)
        return False

    wait_until(ended, seconds=600, what="the game's end")
    result = ana.context.request.get(f"{ana.base}/api/tables/{table}").json()
    assert result["status"] == "finished" and result["result"]["ranking"]
    # Rated: the three people among themselves, the computer's seat not.
    rating = ana.context.request.get(f"{ana.base}/api/tables/{table}/rating").json()
    assert rating["rated"] is True
    assert sorted(change["seat"] for change in rating["changes"]) == [0, 1, 2], rating
    page.locator(".ranking .rating-change:not(:empty)").nth(2).wait_for()
    page.screenshot(path=str(artifacts / "turn-based-end.png"), full_page=True)
    for index, away in enumerate(ADDRESSES):  # "game over" to those not at the table
        if index != mover:
            [over] = arrive(box, away, "finished", table, 1)
            assert link(over, "/#/table/").endswith(f"/#/table/{table}")
    assert len(notices(page)) >= 3
    (artifacts / "turn-based-notices.json").write_text(json.dumps(notices(page), indent=1))
    # Each notification once: no Message-ID twice.
    ids = [message_id(message) for message in box.received]
    assert len(ids) == len(set(ids))
