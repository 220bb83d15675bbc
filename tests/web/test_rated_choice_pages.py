"""Casual or rated by choice in the browser (issue 42): the lobby form offers the choice
(greyed out, saying why, with a computer seat), and a casual and a rated table stand side
by side in the lobby and on their pages, in German on a desktop and French on a phone."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

PHONE = 390


def test_a_casual_and_a_rated_table_side_by_side(people: People, artifacts: Path) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    ana_page = sign_in_as_guest(ana, "Ana")
    # One person and a computer: the rated choice is greyed out and the form says why.
    ana_page.select_option("#create-game", "mabula")
    ana_page.select_option("#seat-1", "ai:easy")
    assert ana_page.locator("#create-rated option[value=rated]").is_disabled()
    assert ana_page.input_value("#create-rated") == "casual"
    assert "mindestens zwei Menschen" in ana_page.inner_text("#create-rated-why")
    # Two people: Ana makes it rated through the form.
    ana_page.select_option("#seat-1", "open")
    assert ana_page.locator("#create-rated option[value=rated]").is_enabled()
    assert ana_page.inner_text("#create-rated-why") == ""
    ana_page.select_option("#create-rated", "rated")
    ana_page.click(".create-form button[type=submit]")
    ana_page.wait_for_url("**/#/table/*")
    rated = ana_page.url.rsplit("/", 1)[1]
    ana_page.wait_for_selector(".table-heading .rated-badge.rated")
    assert ana_page.inner_text(".table-heading .rated-badge") == "gewertet"
    ana_page.screenshot(path=str(artifacts / "rated-table-de.png"))
    # Bo, on a phone in French, makes a casual one of two people (as a bot would).
    bo_page = sign_in_as_guest(bo, "Bo")
    casual = create_table_by_api(bo, "mabula", [{"kind": "me"}, {"kind": "open"}], rated=False)
    seen = ((ana_page, ("gewertet", "freie Partie")), (bo_page, ("classée", "amicale")))
    for page, words in seen:
        page.goto(page.url.split("#")[0] + "#/")
        for table, word in zip((rated, casual), words, strict=True):
            badge = page.locator(f"[data-table='{table}'] .rated-badge")
            badge.wait_for()
            assert badge.inner_text() == word
    bo_page.screenshot(path=str(artifacts / "lobby-rated-and-casual-fr-phone.png"))
    ana_page.screenshot(path=str(artifacts / "lobby-rated-and-casual-de.png"))
    # On the table pages: the badge beside the game's name, in each language.
    bo_page.goto(f"{bo.base}/#/table/{rated}")
    bo_page.wait_for_selector(".table-heading .rated-badge.rated")
    assert bo_page.inner_text(".table-heading .rated-badge") == "classée"
    bo_page.goto(f"{bo.base}/#/table/{casual}")
    bo_page.wait_for_selector(".table-heading .rated-badge.casual")
    assert bo_page.inner_text(".table-heading .rated-badge") == "amicale"
    bo_page.screenshot(path=str(artifacts / "casual-table-fr-phone.png"))
    ana_page.goto(f"{ana.base}/#/table/{casual}")
    ana_page.wait_for_selector(".table-heading .rated-badge.casual")
    assert ana_page.inner_text(".table-heading .rated-badge") == "freie Partie"
