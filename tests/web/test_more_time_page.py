"""More time for a player on the table page (issue 45, WCAG 2.2.1): the table's creator
gives a seat five minutes more per move from a box only they see; every page's log and
announcer say it in its language, and the seat's clock shows it."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, seated_and_started, sign_in_as_guest

PHONE = 390


def test_the_creator_gives_a_player_more_time_and_everyone_reads_it(
    people: People, artifacts: Path
) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    clock = {"mode": "move", "seconds": 30}
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}], clock=clock)
    seated_and_started(ana, ana_page, bo, bo_page, table)
    box = ana_page.locator("details.more-time")
    box.locator("summary", has_text="Einem Spieler mehr Zeit geben").click()
    ana_page.select_option("#more-time-seat", label=_option(ana_page, "Bo"))
    box.locator("button", has_text="5 Minuten mehr").click()
    said = "pour chaque coup"
    line = bo_page.locator(".log .event", has_text=said)
    line.wait_for(state="attached")
    assert "5 minutes 30 secondes" in line.inner_text()
    ana_page.locator(
        ".log .event", has_text="ab jetzt 5 Minuten 30 Sekunden für jeden Zug"
    ).wait_for(state="attached")
    ana_page.locator(".announcer", has_text="gab").wait_for(state="attached")
    # the box stays open with its choice while the seats are drawn again, and doubles
    assert box.get_attribute("open") is not None
    box.locator("button", has_text="Zeit pro Zug verdoppeln").click()
    bo_page.locator(".log .event", has_text="11 minutes pour chaque coup").wait_for(
        state="attached"
    )
    # only the creator has the box; Bo's clock, when Bo is to move, shows the longer time
    assert bo_page.locator("details.more-time").count() == 0
    if ana_page.locator(".status .your-turn").count():  # Ana moves first: she plays
        ana_page.fill("#typed-move", "#1")
        ana_page.press("#typed-move", "Enter")
    bo_page.locator(".status .your-turn").wait_for()
    number = bo_page.locator(".seat-list li", has=bo_page.locator(".you")).get_attribute(
        "data-seat"
    )
    clock_text = bo_page.locator(f".seat-list .clock[data-seat='{number}']")
    clock_text.filter(has_text=re.compile(r"1[01]:\d\d")).wait_for()
    ana_page.screenshot(path=str(artifacts / "more-time-de.png"), full_page=True)
    bo_page.screenshot(path=str(artifacts / "more-time-fr-phone.png"), full_page=True)
    assert not ana.errors and not bo.errors


def _option(page: Page, name: str) -> str:
    """The label of the seat option naming `name` ("Weiß · Bo")."""
    labels = page.locator("#more-time-seat option").all_inner_texts()
    found = [label for label in labels if name in label]
    assert found, labels
    return found[0]


def test_the_creator_gives_days_to_a_turn_based_bank(people: People, artifacts: Path) -> None:
    """Turn-based: the box gives days to the seat's time bank (no minutes, no doubling);
    both logs say it, each in its language, in days."""
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    clock = {"mode": "turn", "days": 2, "bank_hours": 12, "bank_max_days": 1}
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}], clock=clock)
    seated_and_started(ana, ana_page, bo, bo_page, table)
    box = ana_page.locator("details.more-time")
    box.locator("summary", has_text="Einem Spieler mehr Zeit geben").click()
    assert box.locator("button").all_inner_texts() == ["1 Tag mehr", "3 Tage mehr"]
    ana_page.select_option("#more-time-seat", label=_option(ana_page, "Bo"))
    box.locator("button", has_text="3 Tage mehr").click()
    bo_page.locator(".log .event", has_text="a ajouté 3 jours à la réserve de temps de").wait_for(
        state="attached"
    )
    ana_page.locator(".log .event", has_text="3 Tage auf dem Zeitkonto gut").wait_for(
        state="attached"
    )
    ana_page.screenshot(path=str(artifacts / "more-time-turn-based-de.png"), full_page=True)
    assert not ana.errors and not bo.errors
