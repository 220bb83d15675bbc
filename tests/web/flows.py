"""What a person does in the browser, step by step, for the browser tests."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.waiting import wait_until
from tests.web.conftest import Person
from tests.web.deadlines import WAIT_SECONDS

CLICKABLE = ".board-box svg [data-move], .board-box svg [data-moves]"
ASKED = "dialog.ask[open]"
"""The page's question before an act that cannot be taken back (static/ask.js)."""


def answer_ask(
    page: Page, button: str | Locator, accept: bool = True, reason: str | None = None
) -> str:
    """Click `button` and answer the question it opens in the page (its act's button, or
    Cancel; `reason` typed first where it asks why); the question. The dialog is gone
    when this returns."""
    (page.locator(button) if isinstance(button, str) else button).click()
    dialog = page.locator(ASKED)
    dialog.wait_for()
    asked = dialog.locator(".question").inner_text()
    if reason is not None:
        dialog.locator("input.reason").fill(reason)
    dialog.locator("button.yes" if accept else "button.no").click()
    dialog.wait_for(state="detached")
    return asked


def sign_in_as_guest(person: Person, name: str) -> Page:
    page = person.goto("/")
    page.fill("form.guest input", name)
    page.click("form.guest button")
    page.wait_for_selector(".create-form button[type=submit]:not([disabled])")
    return page


def create_table(
    page: Page, game: str, seats: list[str], options: dict[str, str] | None = None
) -> str:
    """Set up a table through the lobby form; `seats` are the form's values (me, open, ai:easy)."""
    page.select_option("#create-game", game)
    if page.locator("#create-players").is_enabled():
        page.select_option("#create-players", str(len(seats)))
    for index, seat in enumerate(seats):
        page.select_option(f"#seat-{index}", seat)
    if options:
        page.locator(".create-form details").evaluate("details => { details.open = true; }")
    for name, value in (options or {}).items():
        page.fill(f"#option-{name}", value)
    page.click(".create-form button[type=submit]")
    page.wait_for_url("**/#/table/*")
    return page.url.rsplit("/", 1)[1]


def create_table_by_api(
    person: Person, game: str, seats: list[dict[str, Any]], **extra: Any
) -> str:
    """A table made through the API with the person's own session (quicker than the form)."""
    request = person.context.request
    answer = request.post(person.base + "/api/tables", data={"game": game, "seats": seats, **extra})
    assert answer.ok, answer.text()
    table: str = answer.json()["id"]
    if all(seat["kind"] in ("me", "ai") for seat in seats):
        started = request.post(person.base + f"/api/tables/{table}/start", data={})
        assert started.ok, started.text()
    return table


def sit_down(page: Page) -> None:
    """ "Sit here" until the seat list shows the person's seat: the table's first state
    can redraw the list between finding the button and the click, and a click on the
    replaced button does nothing (a full run at load 2: no join was ever asked)."""

    def seated() -> bool:
        button = page.locator(".seat-list .you, button.sit").first
        button.wait_for()
        if page.locator(".seat-list .you").count():
            return True
        button.click()
        try:
            page.wait_for_selector(".seat-list .you", timeout=10_000)
        except PlaywrightTimeout:
            return False
        return True

    wait_until(seated, what="the seat taken")


def seated_and_started(ana: Person, ana_page: Page, bo: Person, bo_page: Page, table: str) -> None:
    """Bo sits down at Ana's table from its page (`sit_down`), then Ana starts it from
    hers."""
    bo_page.goto(f"{bo.base}/#/table/{table}")
    sit_down(bo_page)
    ana_page.goto(f"{ana.base}/#/table/{table}")
    ana_page.click("button.start")


DUEL: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "open"}]
"""The host's seat and one open seat (as tests/server/tables.py's `started_table`)."""


def started_table(
    ana: Person,
    bo: Person,
    game: str = "mabula",
    seats: list[dict[str, Any]] = DUEL,
    names: tuple[str, str] = ("Ana", "Bo"),
) -> tuple[str, Page, Page]:
    """The browser's `started_table`: Ana and Bo sign in as guests, Ana makes a table of
    `game` (`seats`: hers first, one open seat for Bo), Bo joins it from the lobby and Ana
    starts it; both pages show the running game. The table's id and the two pages."""
    ana_page, bo_page = sign_in_as_guest(ana, names[0]), sign_in_as_guest(bo, names[1])
    table = create_table_by_api(ana, game, seats)
    bo_page.goto(f"{bo.base}/#/")
    bo_page.click(f"[data-table='{table}'] button.join")
    bo_page.wait_for_url(f"**/#/table/{table}")
    ana_page.goto(f"{ana.base}/#/table/{table}")
    ana_page.click("button.start")
    for page in (ana_page, bo_page):
        page.wait_for_selector("button.resign")
    return table, ana_page, bo_page


def my_turn(page: Page) -> bool:
    return page.locator(CLICKABLE).count() > 0


def finished(page: Page) -> bool:
    return page.locator("section.end:not([hidden])").count() > 0


def click_a_move(page: Page, choose_last: bool = False) -> str:
    """Click the first clickable part of the board; answer the choice popup when it asks."""
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    target = page.locator(CLICKABLE).first
    try:
        moves = target.get_attribute("data-moves", timeout=3000)
        move = target.get_attribute("data-move", timeout=3000)
        target.click(timeout=3000)
    except PlaywrightTimeout:
        # The board changed under the pointer (a newer position arrived): nothing clicked.
        return ""
    if moves:
        page.wait_for_selector("dialog.choice[open]")
        choices = page.locator("dialog.choice [data-choice]")
        (choices.last if choose_last else choices.first).click()
    wait_for_change(page, seq)
    return moves or move or ""


def wait_for_change(page: Page, seq: int, timeout: float = WAIT_SECONDS) -> None:
    """Until the page saw a position after `seq` (or the notice shows a refusal)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate("window.spieltisch.live.lastSeq") > seq:
            return
        if page.locator("#notice:not([hidden])").count():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the table did not move on from position {seq}")


def wait_for_current_board(page: Page) -> None:
    """Until the board shows the newest position (a picture may ask to stay a moment)."""
    page.wait_for_function(
        "document.querySelector('.board-box')?.dataset.seq == window.spieltisch.live.lastSeq"
    )


def wait_for_turn_or_end(page: Page, timeout: float = WAIT_SECONDS) -> None:
    page.wait_for_selector(f"{CLICKABLE}, section.end:not([hidden])", timeout=timeout * 1000)


def club_pages(person: Person) -> list[str]:
    """A tournament with its first round played (German names), a club with two members
    and a season with that tournament as its evening, made through the API as the
    person (signed in): the routes of the tournament's, the club's and the season's page."""
    request = person.context.request
    director = request.post(
        person.base + "/api/tournaments",
        data={"name": "Pokal", "game": "madn", "rounds": 2, "seed": "scan"},
    )
    assert director.ok, director.text()
    identifier = director.json()["id"]
    tournament = f"/api/tournaments/{identifier}"
    for name in ("Lothar Groß", "Ana", "Bea", "Cem"):
        assert request.post(person.base + tournament + "/players", data={"name": name}).ok
    assert request.post(person.base + tournament + "/rounds", data={"online": False}).ok
    result = {"places": [1, 2, 3, 4]}
    assert request.post(person.base + tournament + "/rounds/1/tables/1", data=result).ok
    club = request.post(person.base + "/api/clubs", data={"name": "SV Würfel"})
    assert club.ok, club.text()
    clubs = f"/api/clubs/{club.json()['id']}"
    roster = {"csv": "Name;Mitgliedsnummer\nLothar Groß;7\nAna;8\n"}
    assert request.post(person.base + clubs + "/members/import", data=roster).ok
    season = request.post(person.base + clubs + "/seasons", data={"name": "2026", "best": 2})
    assert season.ok, season.text()
    evening = {"tournament": identifier}
    assert request.post(
        person.base + f"/api/seasons/{season.json()['id']}/evenings", data=evening
    ).ok
    return [
        f"#/tournament/{identifier}",
        f"#/club/{club.json()['id']}",
        f"#/season/{season.json()['id']}",
    ]
