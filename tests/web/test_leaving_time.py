"""A loss on time in the browser, worded as such, the loser not among the watchers (issue
42), in German and French.

In a module of its own, with a server of its own: run after the abort test of
test_leaving_flows.py on one server, the two-second move clock of this table never ended
the game (reproduced 2 of 2, alone it passes 4 of 4); the cause is not found yet and is
open in issue 42's note."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

PHONE = 390


def test_a_loss_on_time_is_worded_as_such_and_the_loser_is_no_watcher(
    people: People, artifacts: Path
) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    clock = {"mode": "move", "seconds": 2, "on_timeout": "lose"}
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}], clock=clock)
    bo_page.goto(f"{bo.base}/#/table/{table}")
    bo_page.click("button.sit")
    ana_page.goto(f"{ana.base}/#/table/{table}")
    ana_page.click("button.start")
    # Nobody moves: the seat to move loses on time.
    for page in (ana_page, bo_page):
        page.wait_for_selector("section.end:not([hidden])")
    ana_page.locator(".log .event", has_text="hat auf Zeit verloren").wait_for(state="attached")
    bo_page.locator(".log .event", has_text="a perdu au temps").wait_for(state="attached")
    tag = ana_page.locator(".ranking .left")
    assert tag.count() == 1 and tag.inner_text() == "hat auf Zeit verloren"
    assert bo_page.locator(".ranking .left").inner_text() == "a perdu au temps"
    # Both stay on the page: the loser is a player still, never a watcher.
    for page in (ana_page, bo_page):
        assert page.locator(".watchers").count() == 0
    ana_page.screenshot(path=str(artifacts / "lost-on-time-de.png"))
    bo_page.screenshot(path=str(artifacts / "lost-on-time-fr-phone.png"), full_page=True)
    # The record says it too: its replay names how the seat was left.
    ana_page.click("section.end button:has-text('Wiederholung')")
    ana_page.wait_for_url("**/#/replay/*")
    ana_page.locator("p.players", has_text="(hat auf Zeit verloren)").wait_for()
