"""The director's buttons on a tournament's page, in German: swap two players of the
current round and undo it (both with a reason), enter a table with a player who did not
come and one disqualified by rule 16, and give a late arrival points for the round."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import answer_ask, sign_in_as_guest

NAMES = ("Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna")


def _api(page: Page, path: str, body: dict[str, object]) -> dict[str, object]:
    answer: dict[str, object] = page.evaluate(
        """([path, body]) => fetch(path, {method: "POST", headers: {"Content-Type":
        "application/json"}, body: JSON.stringify(body)}).then((r) => r.json())""",
        [path, body],
    )
    return answer


def _first_seat(page: Page) -> str:
    return page.locator(
        ".round[data-round='1'] tr[data-table='1'] li[data-seat='0'] .name"
    ).inner_text()


def test_the_director_swaps_undoes_and_enters_results_without_a_game(
    people: People, artifacts: Path
) -> None:
    page = sign_in_as_guest(people("de-DE"), "Leitung")
    made = _api(page, "/api/tournaments", {"name": "Vereinsabend", "seed": "abend", "rounds": 2})
    tid = str(made["id"])
    for name in NAMES:
        _api(page, f"/api/tournaments/{tid}/players", {"name": name})
    _api(page, f"/api/tournaments/{tid}/rounds", {"online": False})
    page.goto(page.url.split("#")[0] + f"#/tournament/{tid}")
    page.wait_for_selector("form.swap")
    before = _first_seat(page)
    other = page.locator(".round[data-round='1'] tr[data-table='2'] li[data-seat='0'] .name")
    second = other.inner_text()
    page.select_option("#swap-first", label=next(o for o in _options(page) if o.startswith(before)))
    page.select_option(
        "#swap-second", label=next(o for o in _options(page) if o.startswith(second))
    )
    page.fill("#swap-reason", "Geschwister")
    page.click("form.swap button[type=submit]")
    page.wait_for_function(
        "([name]) => document.querySelector(\".round[data-round='1'] tr[data-table='1'] "
        "li[data-seat='0'] .name\").textContent === name",
        arg=[second],
    )
    page.screenshot(path=str(artifacts / "tournament-director-swap-de.png"), full_page=True)

    asked = answer_ask(page, "button.undo-round", reason="falsche Liste")
    assert "Runde 1 zurücknehmen?" in asked, asked
    page.wait_for_selector(".round[data-round='1']", state="detached")
    page.click("section.director button.start")
    page.wait_for_selector(".round[data-round='1'] tr[data-table='1']")

    page.click(".round[data-round='1'] tr[data-table='1'] button.enter-result")
    selects = page.locator("form.result-form select.place")
    for index, value in enumerate(("2", "forfeit", "disqualified", "1")):
        selects.nth(index).select_option(value)
    page.click("form.result-form button[type=submit]")
    page.wait_for_selector(".round[data-round='1'] tr[data-table='1'] .place")
    seats = page.locator(".round[data-round='1'] tr[data-table='1'] .place").all_inner_texts()
    assert "nicht angetreten, 0 Punkte" in seats[1]
    assert "disqualifiziert (Regel 16), 0 Punkte" in seats[2]
    assert "Platz 1, 3 Punkte" in seats[3]
    assert page.locator("form.swap").count() == 0  # a table has its result: no more changes

    _api(page, f"/api/tournaments/{tid}/players", {"name": "Ida"})
    page.reload()
    page.wait_for_selector("form.award")
    page.select_option("#award-player", label="Ida (9)")
    page.fill("#award-points", "1.5")
    page.fill("#award-reason", "kam zu spät")
    page.click("form.award button[type=submit]")
    page.wait_for_selector(".round[data-round='1'] ul.awarded li")
    assert "Ida, zuerkannte Punkte: 1,5 (kam zu spät)" in page.inner_text("ul.awarded")
    page.screenshot(path=str(artifacts / "tournament-director-results-de.png"), full_page=True)
    ledger = page.evaluate(f"fetch('/api/tournaments/{tid}').then((r) => r.json())")
    table = ledger["rounds"][0]["tables"][0]["result"]
    assert table["outcomes"] == ["played", "forfeit", "disqualified", "played"]


def _options(page: Page) -> list[str]:
    return page.locator("#swap-first option").all_inner_texts()


def test_the_director_merges_and_splits_a_hall_player_on_the_page(
    people: People, artifacts: Path
) -> None:
    page = sign_in_as_guest(people("de-DE"), "Leitung")
    autumn = str(_api(page, "/api/tournaments", {"name": "Herbst", "seed": "h"})["id"])
    first = _api(page, f"/api/tournaments/{autumn}/players", {"name": "Anna"})
    anna = first["players"][0]["identity"]  # type: ignore[index]
    spring = str(_api(page, "/api/tournaments", {"name": "Frühling", "seed": "f"})["id"])
    _api(page, f"/api/tournaments/{spring}/players", {"name": "Anna"})
    page.goto(page.url.split("#")[0] + f"#/tournament/{spring}")
    page.click(".players tr[data-player='1'] button.identity")
    page.wait_for_selector("#identity-choice")
    assert "Herbst (Nr. 1)" in page.inner_text("#identity-choice")
    page.select_option("#identity-choice", value=anna)  # other Annas of this server too
    page.fill("#identity-reason", "dieselbe Anna")
    page.click(".identities button.merge")
    page.wait_for_selector(".identities", state="detached")
    data = page.evaluate(f"fetch('/api/tournaments/{spring}').then((r) => r.json())")
    assert data["players"][0]["identity"] == anna
    page.click(".players tr[data-player='1'] button.identity")
    page.wait_for_selector(".identities button.split")
    page.screenshot(path=str(artifacts / "tournament-identity-de.png"), full_page=True)
    page.fill("#identity-reason", "doch eine andere")
    page.click(".identities button.split")
    page.wait_for_selector(".identities", state="detached")
    data = page.evaluate(f"fetch('/api/tournaments/{spring}').then((r) => r.json())")
    assert data["players"][0]["identity"] != anna
