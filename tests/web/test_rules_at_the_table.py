"""The rules at the table: a button opens the game's rules beside the board, in the page's
language, without leaving the table; an illegal move's explanation links to its rule."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import (
    click_a_move,
    create_table_by_api,
    finished,
    sign_in_as_guest,
    wait_for_turn_or_end,
)

ILLEGAL = ".board-box svg [data-illegal-move]"
TITLES = {"de": "Turnierregeln", "fr": "règles de tournoi"}
READ_THE_RULE = {"de": "Regel lesen", "fr": "Lire la règle"}


def _open_rules(page: Page, code: str) -> None:
    page.click("button.rules-button")
    panel = page.locator("#table-rules")
    panel.locator("article.rules h1").wait_for()
    assert TITLES[code] in panel.locator("article.rules h1").inner_text()
    figures = panel.locator("figure.example")
    assert figures.count() >= 7  # the rules drawn, one picture each
    assert panel.locator(f'figure.example svg[lang="{code}"]').count() == figures.count()
    assert all(caption.strip() for caption in panel.locator("figcaption").all_inner_texts())
    assert page.locator(".board-box svg").is_visible()  # still at the table, beside the board


def _until_an_illegal_click(page: Page, deadline: float) -> None:
    """Play the easy computer until a piece of ours that cannot move is on the board."""
    while page.locator(ILLEGAL).count() == 0:
        assert time.monotonic() < deadline, "no position with a piece that cannot move came up"
        wait_for_turn_or_end(page, timeout=60)
        assert not finished(page)
        if page.locator(ILLEGAL).count():
            break
        click_a_move(page)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_rules_open_beside_the_board_and_a_refusal_links_to_its_rule(
    people: People, artifacts: Path, code: str
) -> None:
    person = people(f"{code}-{code.upper()}")
    page = sign_in_as_guest(person, "Ana")
    table = create_table_by_api(person, "madn", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
    page.goto(f"{person.base}/#/table/{table}")
    page.locator(".board-box svg").wait_for()
    _open_rules(page, code)
    page.screenshot(path=str(artifacts / f"rules-at-the-table-{code}.png"))
    assert page.url.endswith(f"#/table/{table}")
    page.click("#table-rules button.close")
    assert page.locator("#table-rules").is_hidden()

    _until_an_illegal_click(page, time.monotonic() + 240)
    page.locator(ILLEGAL).first.click(force=True)
    link = page.locator("#notice .rule-link")
    link.wait_for()
    assert link.inner_text() == READ_THE_RULE[code]
    notice = page.locator("#notice .text").inner_text()
    number = re.search(r"\b(?:regel|règle) (\d+)", notice, re.IGNORECASE)
    assert number, notice
    link.click()
    cited = page.locator("#table-rules .cited")
    cited.wait_for()
    assert cited.get_attribute("id") == f"rule-{number.group(1)}"
    # the rule's heading shows in the panel, and the panel in the window
    page.wait_for_function(
        """() => {
            const panel = document.querySelector("#table-rules").getBoundingClientRect();
            const rule = document.querySelector("#table-rules .cited").getBoundingClientRect();
            return panel.top <= rule.top && rule.top <= panel.bottom - 20
                && 0 <= rule.top && rule.top <= window.innerHeight - 20;
        }"""
    )
    page.screenshot(path=str(artifacts / f"rule-cited-{code}.png"))


def test_on_a_phone_the_rules_cover_the_table_and_close_again(
    people: People, artifacts: Path
) -> None:
    person = people("fr-FR", width=390)
    page = sign_in_as_guest(person, "Ana")
    table = create_table_by_api(person, "madn", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
    page.goto(f"{person.base}/#/table/{table}")
    page.locator(".board-box svg").wait_for()
    page.click("button.rules-button")
    panel = page.locator("#table-rules")
    panel.locator("figure.example svg").first.wait_for()
    box = panel.bounding_box()
    assert box and box["width"] >= 380 and box["x"] <= 1
    page.screenshot(path=str(artifacts / "rules-at-the-table-phone.png"))
    page.click("#table-rules button.close")
    assert panel.is_hidden() and page.locator(".board-box svg").is_visible()
