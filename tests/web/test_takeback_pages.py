"""A takeback in a casual dice game, in the browser (issue 42): after a person's move the
next player's roll waits, the page offers "Take back" exactly then with the rule and a
countdown, the takeback is granted, and the log strikes the moves taken back through;
then a hint answers.
In German on a desktop and in French on a phone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.server.servers import ServerProcess
from tests.web.conftest import People
from tests.web.deadlines import WAIT_SECONDS
from tests.web.flows import create_table_by_api, sign_in_as_guest


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose takeback moment lasts (the test clicks within it, however slow the
    machine): the roll after a person's move waits ten minutes."""
    folder = tmp_path_factory.mktemp("web-takeback")
    url = f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    process = ServerProcess(url, folder, "--takeback-seconds", "600")
    process.start(timeout=180)
    yield process
    process.stop()


def play_until_the_takeback_is_offered(page: Page) -> None:
    """Ana stops as soon as she may (choosing her turtle when asked) until her turn has
    passed and the next player's roll waits: then the page offers the takeback."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if page.locator("button.takeback").count():
            return
        moves = page.locator(".move-list button[data-move]")
        if moves.count():
            seq = page.evaluate("window.spieltisch.live.lastSeq")
            stop = page.locator(".move-list button[data-move='stop']")
            (stop if stop.count() else moves.first).click()
            page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the page never offered the takeback")


@pytest.mark.parametrize(
    ("locale", "width", "marked", "rule"),
    [
        ("de-DE", 1200, "zurückgenommen", "bis zum nächsten Wurf"),
        ("fr-FR", 390, "reprise", "jusqu’au prochain lancer"),
    ],
    ids=["de-desktop", "fr-phone"],
)
def test_a_takeback_at_the_moment_the_page_offers_it(
    people: People, artifacts: Path, locale: str, width: int, marked: str, rule: str
) -> None:
    ana = people(locale, width=width)
    page = sign_in_as_guest(ana, "Ana")
    seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
    table = create_table_by_api(ana, "mahe", seats, rated=False)
    page.goto(f"{ana.base}/#/table/{table}")
    page.wait_for_selector(".board-box svg")
    assert page.locator("button.takeback").count() == 0, "nothing to take back yet"
    play_until_the_takeback_is_offered(page)
    said = page.inner_text(".takeback-rule")
    assert rule in said, said
    page.screenshot(path=str(artifacts / f"takeback-offered-{locale}.png"), full_page=True)
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    page.click("button.takeback")
    page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
    page.wait_for_selector(".log .withdrawn del")
    assert page.inner_text(".log .withdrawn .taken-back >> nth=0") == marked
    # Granted: her move again, the button gone until she moves.
    page.wait_for_selector(".move-list button[data-move]")
    assert page.locator("button.takeback").count() == 0
    page.screenshot(path=str(artifacts / f"takeback-granted-{locale}.png"), full_page=True)
    # A hint in Mahé answers (it gave nothing within 60 s before): thinking, then the move.
    page.click("button.hint-button")
    page.wait_for_selector(".hint-line")
    assert page.locator(".hint-thinking").count() == 0
