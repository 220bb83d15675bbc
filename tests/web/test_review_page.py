"""The review in the replay page, in Chromium: the button has the server analyse the game,
the progress shows, then the graph under the board, each seat in short and the verdict
beside every decision; clicking a decision or a point of the graph shows its position."""

from __future__ import annotations

import json
import re
from pathlib import Path

from spieltisch.review.game import plan_review
from tests.review.test_outputs import mabula_record
from tests.web.conftest import OWN_SERVER, People

pytestmark = OWN_SERVER
"""The record is not yet reviewed when the test uploads it first."""


def test_a_finished_game_is_analysed_from_the_replay_page(
    people: People, tmp_path: Path, artifacts: Path
) -> None:
    record = mabula_record()
    decisions = sorted(plan_review(record).positions)
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    person = people("de-DE")
    page = person.goto("/#/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector(".replay-board svg")
    page.wait_for_selector("button.analyse:has-text('Diese Partie analysieren')")
    page.click("button.analyse")
    page.wait_for_selector(".review-graph svg", timeout=120_000)

    items = page.locator("ol.review-moves li")
    assert items.count() == len(decisions)
    assert page.locator("ol.review-moves .verdict").count() == len(decisions)
    verdicts = set(page.locator("ol.review-moves .verdict").all_inner_texts())
    assert verdicts <= {"gut", "Ungenauigkeit", "Fehler", "grober Fehler"}, verdicts
    assert page.locator("h3:has-text('Jede Entscheidung')").count() == 1
    assert page.locator("table.review-seats tr").count() == 3  # a header and two seats

    # a decision in the list shows the position after it, with its verdict by the move
    third = decisions[2]
    items.nth(2).locator("button").click()
    page.wait_for_selector(f"text=Zug {third + 1} von {len(record['history'])}")
    assert page.locator(".review-line .verdict").count() == 1
    assert "current" in (items.nth(2).get_attribute("class") or "")
    # so does a point of the graph (its link is caught, the page stays the replay)
    last = decisions[-1]
    page.locator(f".review-graph a[href='#step-{last}']").click()
    page.wait_for_selector(f"text=Zug {last + 1} von {len(record['history'])}")
    assert re.search(r"#/replay/[\w-]+$", page.url)

    page.screenshot(path=str(artifacts / "review-replay-de.png"), full_page=True)

    # the same game opened again has its review at once, in the language chosen now
    english = people("en-GB")
    again = english.goto("/#/replay")
    again.set_input_files("#record-file", str(path))
    again.wait_for_selector(".review-graph svg")
    assert again.locator("h3:has-text('Every decision')").count() == 1
    assert again.locator("button.analyse").count() == 0
