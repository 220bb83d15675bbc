"""The club's rulings on the director's page, in German: a table stopped by time after a
rule-16 exclusion, the lot drawn at the table typed into its field and shown by name in
the history, and a round on boards refused while computers would be seated."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import sign_in_as_guest
from tests.web.test_tournament_director import _api

TABLE = ".round[data-round='1'] tr[data-table='1']"


def _fill(page: Page, seat: int, goal: str, track: str, distance: str) -> None:
    row = page.locator("form.result-form table.figures tbody tr").nth(seat)
    row.locator("input.goal").fill(goal)
    row.locator("input.track").fill(track)
    row.locator("input.distance").fill(distance)


def test_rule_18_after_an_exclusion_with_the_lot_drawn_at_the_table(
    people: People, artifacts: Path
) -> None:
    director = people("de-DE")
    page = sign_in_as_guest(director, "Leitung")
    tid = str(_api(page, "/api/tournaments", {"name": "Vereinsabend", "seed": "abend"})["id"])
    for name in ("Änne", "Bernd", "Clara", "Dora"):
        _api(page, f"/api/tournaments/{tid}/players", {"name": name})
    _api(page, f"/api/tournaments/{tid}/players", {"level": "medium"})
    page.goto(page.url.split("#")[0] + f"#/tournament/{tid}")
    page.wait_for_selector("section.director button.start")
    page.uncheck("#round-online")
    page.click("section.director button.start")
    page.wait_for_selector("text=Computer")
    # the computer named in words, not by its level's id (issue 45)
    assert "Computer (mittel) sind Computer: sie spielen nur online" in page.inner_text("body")
    director.errors = [error for error in director.errors if "409" not in error]  # refused
    assert page.locator(TABLE).count() == 0
    _api(page, f"/api/tournaments/{tid}/players/5/withdraw", {})
    page.reload()
    page.wait_for_selector("section.director button.start")
    page.uncheck("#round-online")
    page.click("section.director button.start")
    page.wait_for_selector(f"{TABLE} button.enter-result")
    names = page.locator(f"{TABLE} li .name").all_inner_texts()

    page.click(f"{TABLE} button.enter-result")
    page.locator("form.result-form select.result-mode").select_option("stopped")
    page.locator("form.result-form select.figure-out").nth(1).select_option("disqualified")
    _fill(page, 0, "4", "2", "30")
    _fill(page, 2, "", "1", "5")
    _fill(page, 3, "4", "2", "30")
    page.fill("form.result-form input.table-lots", "4,1")
    page.screenshot(path=str(artifacts / "tournament-rule-18-lot-de.png"), full_page=True)
    page.click("form.result-form button[type=submit]")
    page.wait_for_selector(f"{TABLE} .place")
    seats = page.locator(f"{TABLE} .place").all_inner_texts()
    assert "Platz 1" in seats[3] and "Platz 2" in seats[0] and "Platz 3" in seats[2]
    assert "disqualifiziert (Regel 16), 0 Punkte" in seats[1]
    page.click(f"{TABLE} button.show-history")
    page.wait_for_selector("table.history td.lots")
    shown = page.inner_text("table.history td.lots")
    assert shown == f"Los: {names[3]}, {names[0]} (am Tisch gezogen)"
    page.screenshot(path=str(artifacts / "tournament-rule-18-history-de.png"), full_page=True)


def test_why_these_tables_and_a_swap_warning_on_the_page(people: People, artifacts: Path) -> None:
    page = sign_in_as_guest(people("de-DE"), "Leitung")
    tid = str(_api(page, "/api/tournaments", {"name": "Vereinsabend", "seed": "why"})["id"])
    base = f"/api/tournaments/{tid}"
    for number in range(1, 17):
        _api(page, f"{base}/players", {"name": f"Spieler {number}"})
    first = _api(page, f"{base}/rounds", {"online": False})["rounds"]
    for table in (1, 2, 3, 4):
        _api(page, f"{base}/rounds/1/tables/{table}", {"places": [1, 2, 3, 4]})
    second = _api(page, f"{base}/rounds", {"online": False})["rounds"]
    met = [{s["player"] for s in t["seats"]} for t in first[0]["tables"]]  # type: ignore[index]
    tables = [[s["player"] for s in t["seats"]] for t in second[1]["tables"]]  # type: ignore[index]
    a, b = next(
        (a, b)
        for a in tables[0]
        for b in tables[1]
        if any({b, other} <= group for group in met for other in tables[0] if other != a)
    )
    _api(page, f"{base}/rounds/2/swap", {"players": [a, b], "reason": "Geschwister"})
    page.goto(page.url.split("#")[0] + f"#/tournament/{tid}")
    round_two = page.locator(".round[data-round='2']")
    round_two.locator("details.why summary").click()
    assert "Nach Schweizer System aus der Tabelle nach Runde 1 gesetzt" in round_two.inner_text()
    change = round_two.locator("ul.changes li.swap").inner_text()
    assert "von Hand getauscht. Grund: Geschwister (Leitung" in change
    assert "treffen wieder aufeinander (sie trafen sich in Runde 1)" in change
    round_two.screenshot(path=str(artifacts / "tournament-why-these-tables-de.png"))
