"""Leaving a running game in the browser: the resign confirm, a seat shown away, and the
button that hands it to the computer, in English and German."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Page

from tests.server.servers import ServerProcess
from tests.web.conftest import People, Person
from tests.web.flows import create_table_by_api, sign_in_as_guest


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose away seats may be handed over after one second."""
    folder = tmp_path_factory.mktemp("web-leaving")
    url = f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    process = ServerProcess(url, folder, "--claim-after", "1")
    process.start(timeout=180)
    yield process
    process.stop()


def _duel(ana: Person, bo: Person) -> tuple[str, Page, Page]:
    """Ana opens a Mabula table, Bo joins it on his page, Ana starts it on hers."""
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}])
    bo_page.goto(f"{bo.base}/#/")
    bo_page.click(f"[data-table='{table}'] button.join")
    bo_page.wait_for_url(f"**/#/table/{table}")
    ana_page.goto(f"{ana.base}/#/table/{table}")
    ana_page.click("button.start")
    for page in (ana_page, bo_page):
        page.wait_for_selector("button.resign")
    return table, ana_page, bo_page


def _answer_next_dialog(page: Page, accept: bool) -> list[str]:
    """Answer the page's next confirm; the list gets its text."""
    said: list[str] = []

    def answer(dialog: Dialog) -> None:
        said.append(dialog.message)
        if accept:
            dialog.accept()
        else:
            dialog.dismiss()

    page.once("dialog", answer)
    return said


def test_an_away_seat_is_shown_and_handed_to_the_computer(people: People, artifacts: Path) -> None:
    ana, bo = people("en-GB"), people("de-DE")
    _table, ana_page, bo_page = _duel(ana, bo)
    ana_page.close()  # Ana's only connection: she is away for Bo
    bo_page.wait_for_selector(".away")
    assert bo_page.locator(".away").first.inner_text() == "abwesend"
    bo_page.wait_for_selector("button.claim")  # after the second away
    claim = bo_page.locator("button.claim")
    assert claim.inner_text() == "An den Computer geben"
    bo_page.screenshot(path=str(artifacts / "away-claim-de.png"))
    said = _answer_next_dialog(bo_page, accept=True)
    claim.click()
    bo_page.wait_for_selector(".gave-up")
    assert said and "Ana" in said[0] and "Computer" in said[0], said
    assert bo_page.locator(".gave-up").first.inner_text() == "hat aufgegeben"
    bo_page.screenshot(path=str(artifacts / "claimed-de.png"))


def test_resigning_asks_first_in_the_pages_language(people: People, artifacts: Path) -> None:
    ana, bo = people("en-GB"), people("de-DE")
    _table, ana_page, bo_page = _duel(ana, bo)
    asked = _answer_next_dialog(bo_page, accept=False)
    bo_page.click("button.resign")
    bo_page.wait_for_timeout(300)
    assert asked and asked[0].startswith("Dieses Spiel aufgeben?"), asked
    assert bo_page.locator("button.resign").count() == 1  # declined: nothing changed
    bo_page.close()
    ana_page.wait_for_selector(".away")
    assert ana_page.locator(".away").first.inner_text() == "away"
    ana_page.screenshot(path=str(artifacts / "away-en.png"))
    asked = _answer_next_dialog(ana_page, accept=True)
    ana_page.click("button.resign")
    ana_page.wait_for_selector(".gave-up")
    assert asked and asked[0].startswith("Give up this game?"), asked
    # Drawn with the seat given up, whether or not the finished position has come yet.
    assert ana_page.locator("button.resign").count() == 0
    ana_page.wait_for_selector("text=Game over.")
    ana_page.screenshot(path=str(artifacts / "resigned-en.png"))
