"""Leaving a running game in the browser: the resign confirm, a seat shown away, and the
button that hands it to the computer, in English and German."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.server.servers import ServerProcess
from tests.web.conftest import People
from tests.web.flows import answer_ask, started_table


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose away seats may be handed over after one second."""
    folder = tmp_path_factory.mktemp("web-leaving")
    url = f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    process = ServerProcess(url, folder, "--claim-after", "1")
    process.start(timeout=180)
    yield process
    process.stop()


def _answer_dialog_of(page: Page, button: str, accept: bool) -> str:
    """Click `button` and answer the question it opens in the page; the question."""
    return answer_ask(page, button, accept)


def test_an_away_seat_is_shown_and_the_win_claimed(people: People, artifacts: Path) -> None:
    ana, bo = people("en-GB"), people("de-DE")
    _table, ana_page, bo_page = started_table(ana, bo)
    ana_page.close()  # Ana's only connection: she is away for Bo
    bo_page.wait_for_selector(".away")
    assert bo_page.locator(".away").first.inner_text() == "abwesend"
    bo_page.wait_for_selector("button.claim-win")  # after the second away
    assert bo_page.locator("button.claim-win").inner_text() == "Den Sieg beanspruchen"
    assert bo_page.locator("button.substitute-button").inner_text() == "Den Computer spielen lassen"
    bo_page.screenshot(path=str(artifacts / "away-claim-de.png"))
    said = _answer_dialog_of(bo_page, "button.claim-win", accept=True)
    bo_page.wait_for_selector(".gave-up")
    assert said.startswith("Den Sieg beanspruchen?") and "Ana" in said, said
    assert bo_page.locator(".gave-up").first.inner_text() == "hat das Spiel verlassen"
    event = bo_page.locator(".log .event", has_text="die Gegenseite hat den Sieg beansprucht")
    event.wait_for(state="attached")
    bo_page.screenshot(path=str(artifacts / "claimed-de.png"))


def test_resigning_asks_first_in_the_pages_language(people: People, artifacts: Path) -> None:
    ana, bo = people("en-GB"), people("de-DE")
    _table, ana_page, bo_page = started_table(ana, bo)
    asked = _answer_dialog_of(bo_page, "button.resign", accept=False)
    assert asked.startswith("Dieses Spiel aufgeben?"), asked
    assert bo_page.locator("button.resign").count() == 1  # declined: nothing changed
    bo_page.close()
    ana_page.wait_for_selector(".away")
    assert ana_page.locator(".away").first.inner_text() == "away"
    ana_page.screenshot(path=str(artifacts / "away-en.png"))
    asked = _answer_dialog_of(ana_page, "button.resign", accept=True)
    ana_page.wait_for_selector(".gave-up")
    assert asked.startswith("Give up this game?"), asked
    # Drawn with the seat given up, whether or not the finished position has come yet.
    assert ana_page.locator("button.resign").count() == 0
    ana_page.wait_for_selector("text=Game over.")
    # Her own seat is still hers on the end page: "(you)" beside it, and only there.
    mine = ana_page.locator(".seat-list .seat .you")
    assert mine.count() == 1 and mine.inner_text() == "(you)"
    assert ana_page.locator(".seat-list .seat[data-seat='0'] .you").count() == 1
    ana_page.screenshot(path=str(artifacts / "resigned-en.png"))
