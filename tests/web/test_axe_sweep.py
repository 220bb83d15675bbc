"""axe-core over the pages in de, en and fr (issue 45): no violation of WCAG 2.0, 2.1
and 2.2 at levels A and AA on the lobby, the table of each game in play and at its end,
the replay of a game with its review, a game's rules, the player page, tournaments,
clubs, the leaderboard and signing in.

`axe-playwright-python` ships axe-core and injects it into the page (the test people
bypass the Content-Security-Policy, as every browser test here does)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page

from tests.review.test_outputs import mabula_record
from tests.web.conftest import People, Person
from tests.web.flows import create_table_by_api, sign_in_as_guest

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AI = {"kind": "ai", "level": "easy"}
GAMES: dict[str, list[dict[str, Any]]] = {
    "mahe": [{"kind": "me"}, AI],
    "madn": [{"kind": "me"}, AI],
    "david_goliath": [{"kind": "me"}, AI, AI],
    "mabula": [{"kind": "me"}, AI],
}
LINK_CONTRAST: set[str] = set()
"""Pages swept without the colour-contrast rule: none since the links are #1762c2 (5.3:1
on the page's paper; they were #1b6fd8, 4.36:1)."""

AXE = Axe()


def _violations(page: Page, name: str) -> list[str]:
    """axe-core's WCAG A/AA violations of the page as it is now, one line each."""
    rules: dict[str, Any] = {"color-contrast": {"enabled": name not in LINK_CONTRAST}}
    options = {
        "runOnly": {"type": "tag", "values": TAGS},
        "rules": rules,
        "resultTypes": ["violations"],
    }
    found = AXE.run(page, options=options).response["violations"]
    return [
        f"{name}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes']][:3]}: "
        f"{v['nodes'][0]['failureSummary']}"
        for v in found
    ]


def _table(person: Person, game: str) -> Page:
    table = create_table_by_api(person, game, GAMES[game])
    page = person.page
    page.goto(f"{person.base}/#/table/{table}")
    page.wait_for_selector(".board-box svg")
    page.wait_for_selector("#page .announcer")
    return page


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "fr-FR"])
def test_no_wcag_violation_on_any_page(people: People, locale: str, tmp_path: Path) -> None:
    person = people(locale)
    found: list[str] = []
    page = person.goto("/")
    page.wait_for_selector("form.guest input")
    found += _violations(page, "lobby (a guest)")
    page = sign_in_as_guest(person, "Ana")
    found += _violations(page, "lobby")
    for game in GAMES:
        page = _table(person, game)
        found += _violations(page, f"table of {game}")
    # Each game at its end (given up: the computer plays the seat to the end where more
    # than two play), then the replay and review.
    for game in GAMES:
        page = _table(person, game)
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("button.resign")
        page.wait_for_selector("section.end:not([hidden])")
        found += _violations(page, f"table of {game} at the end")
    table = page.url.rsplit("/", 1)[1]  # the last: Mabula's
    page.goto(f"{person.base}/#/replay")
    page.locator(f".recent-games tr[data-table='{table}'] button.replay").wait_for()
    found += _violations(page, "replays")
    page.locator(f".recent-games tr[data-table='{table}'] button.replay").click()
    page.wait_for_selector(".replay-board svg")
    found += _violations(page, "replay")
    # The review of a game with decisions in it (the one given up had none).
    record = tmp_path / "game.json"
    record.write_text(json.dumps(mabula_record()), encoding="utf-8")
    page.goto(f"{person.base}/#/replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector(".replay-board svg")
    page.wait_for_selector("button.analyse, .review-graph svg")
    if page.locator("button.analyse").count():  # not yet reviewed (the first language)
        page.click("button.analyse")
    page.wait_for_selector(".review-graph svg", timeout=120_000)
    found += _violations(page, "review")
    for game in GAMES:
        page.goto(f"{person.base}/#/rules/{game}")
        page.wait_for_selector("#page article")
        found += _violations(page, "rules")
    page.goto(f"{person.base}/#/")
    page.click("#nav a.me")
    page.wait_for_url("**/#/player/*")
    page.wait_for_selector("#page h1")
    found += _violations(page, "player")
    for path, name in [
        ("#/tournaments", "tournaments"),
        ("#/clubs", "clubs"),
        ("#/ratings", "leaderboard"),
        ("#/signin", "sign-in"),
    ]:
        page.goto(f"{person.base}/{path}")
        page.wait_for_selector("#page h1")
        found += _violations(page, name)
    assert not found, "\n".join(found)
    assert not person.errors
