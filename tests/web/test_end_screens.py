"""The end of each game at the table as a person sees it (issue 45), in German and French,
on a 390×844 phone and a 1280×800 screen: the result, its buttons, the board's last
position and the log. No word too small, no target too small, no faint colour
(tests/web/legibility.py); no machinery, no lowercase sentence, no English
(tests/web/word_scan.py); each button's words in its middle (the links made to look like
buttons had theirs at the top: "Partie herunterladen" 8 px above "Wiederholung")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.review.test_outputs import mabula_record
from tests.web.conftest import OWN_SERVER, People
from tests.web.deadlines import WAIT_MS
from tests.web.flows import create_table_by_api, sign_in_as_guest
from tests.web.legibility import problems
from tests.web.word_scan import page_findings, settled_text

pytestmark = OWN_SERVER
"""It asks for the review of the record test_review_page asks for first."""

AI = {"kind": "ai", "level": "easy"}
GAMES: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "mahe": ([{"kind": "me"}, AI], {}),
    "madn": ([{"kind": "me"}, AI], {}),
    "david_goliath": ([{"kind": "me"}, AI, AI], {"deals": 1}),
    "mabula": ([{"kind": "me"}, AI], {}),
}
SIZES = [(390, 844), (1280, 800)]

OFF_CENTRE = """() => [...document.querySelectorAll('section.end .actions > *')].map((e) => {
  const box = e.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(e);
  const words = range.getBoundingClientRect();
  const off = (words.top + words.bottom) / 2 - (box.top + box.bottom) / 2;
  return [e.textContent.trim(), Math.round(off * 10) / 10];
}).filter(([, off]) => Math.abs(off) > 2)"""
"""The end's buttons whose words sit more than 2 px off their middle, and by how much."""


def _look(page: Page, name: str, game: str, code: str) -> list[str]:
    found = [str(problem) for problem in problems(page, name, game)]
    found += [str(finding) for finding in page_findings(page, name, code)]
    found += [
        f"{name}: words off the middle of their button: {off}" for off in page.evaluate(OFF_CENTRE)
    ]
    return found


def test_the_end_of_every_game_reads_well(people: People, artifacts: Path) -> None:
    person = people("de-DE")
    page = sign_in_as_guest(person, "Lothar Groß")
    request = person.context.request
    found: list[str] = []
    for game, (seats, options) in GAMES.items():
        table = create_table_by_api(person, game, seats, options=options)
        # Given up at once: the computers play the seat to the end where more than two play.
        assert request.post(f"{person.base}/api/tables/{table}/resign", data={}).ok
        page.goto(f"{person.base}/#/table/{table}")
        page.wait_for_selector("section.end:not([hidden]) .actions")
        for code in ("de", "fr"):
            page.select_option("#language", code)
            page.wait_for_function(
                f"document.querySelector('.board-box svg')?.getAttribute('lang') === '{code}'"
            )
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                settled_text(page)
                name = f"{game} at its end, {code} {width}"
                found += _look(page, name, game, code)
                page.screenshot(
                    path=str(artifacts / f"end-{game}-{code}-{width}.png"), full_page=True
                )
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)


def test_a_review_reads_well(people: People, tmp_path: Path, artifacts: Path) -> None:
    """The review of a game (its win chances in per cent, its verdicts, its graph) in
    German and French at both sizes: the page where "81%" and "mu − 3 sigma" were."""
    record = tmp_path / "partie.json"
    record.write_text(json.dumps(mabula_record()), encoding="utf-8")
    person = people("de-DE")
    page = person.goto("/#/replay")
    page.set_input_files("#record-file", str(record))
    page.click("button.analyse")
    page.wait_for_selector(".review-graph svg", timeout=2 * WAIT_MS)
    found: list[str] = []
    for code in ("de", "fr"):
        page.select_option("#language", code)
        page.wait_for_function(f"document.documentElement.lang === '{code}'")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            text = settled_text(page)
            assert "%" in text, text[:300]  # the win chances are shown
            name = f"review, {code} {width}"
            found += [str(problem) for problem in problems(page, name, "mabula")]
            found += [str(finding) for finding in page_findings(page, name, code)]
            page.screenshot(path=str(artifacts / f"review-{code}-{width}.png"), full_page=True)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)
