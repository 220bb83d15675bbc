"""Finished games in the browser (issue 42): the list with the date and time in the
viewer's language, the result by place with points, rated or casual, filtered by game
and player; the player page with a record per game and no ids. German on a desktop,
French on a phone."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People, Person
from tests.web.flows import create_table_by_api, sign_in_as_guest

PHONE = 390


def finished_duel(ana: Person, bo: Person, rated: bool) -> str:
    """A Mabula game of Ana and Bo that Bo gave up."""
    duel = [{"kind": "me"}, {"kind": "open"}]
    table = create_table_by_api(ana, "mabula", duel, rated=rated)
    joined = bo.context.request.post(f"{bo.base}/api/tables/{table}/join", data={})
    assert joined.ok, joined.text()
    for person, action in ((ana, "start"), (bo, "resign")):
        answer = person.context.request.post(f"{person.base}/api/tables/{table}/{action}", data={})
        assert answer.ok, answer.text()
    return table


def row(page: Page, table: str) -> str:
    locator = page.locator(f".recent-games tr[data-table='{table}']")
    locator.wait_for()
    return locator.inner_text()


def test_finished_games_with_dates_results_and_filters(people: People, artifacts: Path) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    rated = finished_duel(ana, bo, rated=True)
    casual = finished_duel(ana, bo, rated=False)
    solo = create_table_by_api(bo, "madn", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
    gave_up = bo.context.request.post(f"{bo.base}/api/tables/{solo}/resign", data={})
    assert gave_up.ok, gave_up.text()
    ana_page.goto(f"{ana.base}/#/replay")
    german = row(ana_page, rated)
    assert re.search(r"\d{2}\.\d{2}\.\d{4}|\d{1,2}\. \w+\.? \d{4}", german), german  # a German date
    assert "gewertet" in german and "1. " in german and "2. " in german, german
    assert "freie Partie" in row(ana_page, casual)
    ana_page.select_option("#finished-game", "madn")
    ana_page.wait_for_selector(f".recent-games tr[data-table='{rated}']", state="detached")
    assert "Bo" in row(ana_page, solo)
    ana_page.screenshot(path=str(artifacts / "finished-games-de.png"), full_page=True)
    bo_page.goto(f"{bo.base}/#/replay")
    french = row(bo_page, casual)
    assert "amicale" in french and "1. " in french and "2. " in french, french
    bo_page.fill("#finished-player", "ana")
    bo_page.click(".recent-games .filters button[type=submit]")
    bo_page.wait_for_selector(f".recent-games tr[data-table='{solo}']", state="detached")
    assert "classée" in row(bo_page, rated)
    bo_page.screenshot(path=str(artifacts / "finished-games-fr-phone.png"), full_page=True)
    # Bo's own page: a record per game, games by their names, no table or game ids.
    bo_page.click(f".recent-games tr[data-table='{rated}'] a:has-text('Bo')")
    bo_page.wait_for_selector(".games.record")
    record = bo_page.inner_text(".games.record")
    assert "Mabula" in record and "Mensch ärgere Dich nicht" in record, record
    text = bo_page.inner_text("main")
    assert "Bilan par jeu" in text
    for hidden in (rated, casual, solo, "madn", "mabula"):
        assert hidden not in text, hidden
    bo_page.screenshot(path=str(artifacts / "player-page-fr-phone.png"), full_page=True)
