"""The lobby as a place to find a game, in the browser (issue 42): my games first, the
open tables with their filters, one person's game against computers out of the list,
and on a phone the tables before the long form. German on a desktop, French on a phone."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import OWN_SERVER, People
from tests.web.flows import create_table_by_api, sign_in_as_guest, started_table

pytestmark = OWN_SERVER
"""The lobby's lists and filters must hold this module's tables alone."""

PHONE = 390
DUEL = [{"kind": "me"}, {"kind": "open"}]


def listed(page: Page, section: str) -> list[str]:
    """The tables of one list of the lobby (`mine`, or the open tables: `open`)."""
    selector = ".table-list.mine" if section == "mine" else "#tables-title ~ .table-list"
    lists = page.locator(selector)
    if not lists.count():
        return []
    found = lists.first.locator(".table-item").evaluate_all(
        "items => items.map((item) => item.dataset.table)"
    )
    return [str(table) for table in found]


def choose(page: Page, name: str, value: str) -> None:
    """Set one filter and wait for the list it asks for."""
    with page.expect_response(lambda r: "/api/tables?" in r.url and f"{name}=" in r.url):
        page.select_option(f"#filter-{name}", value)
    page.wait_for_load_state()


def test_filters_my_games_first_and_tables_before_the_form(people: People, artifacts: Path) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    quick = {"mode": "move", "seconds": 30}
    duel = create_table_by_api(ana, "mabula", DUEL, clock=quick)
    solo = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
    mixed = [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
    madn = create_table_by_api(bo, "madn", mixed, clock={"mode": "game", "seconds": 900})
    # Ana: her running game against the computer first (My running games), then her
    # table waiting for players, then Bo's table open.
    ana_page.goto(f"{ana.base}/#/")
    ana_page.wait_for_selector(f".my-running-games [data-table='{solo}']")
    ana_page.wait_for_selector(f".table-list.mine [data-table='{duel}']")
    assert listed(ana_page, "mine") == [duel]
    assert ana_page.inner_text("#mine-title") == "Meine offenen Tische"
    running = ana_page.locator(".my-running-games").bounding_box()
    waiting = ana_page.locator("#mine-title").bounding_box()
    assert running and waiting and running["y"] < waiting["y"], "running games first"
    ana_page.wait_for_selector(f"#tables-title ~ .table-list [data-table='{madn}']")
    assert listed(ana_page, "open") == [madn]
    # Seats named as the table names them: "Gelb · Computer (leicht)", never bare.
    names = ana_page.locator(f"[data-table='{madn}'] .seat-names li").all_inner_texts()
    assert len(names) == 3 and all(" · " in name for name in names), names
    assert names[0].endswith(" · Bo") and names[2].endswith(" · Computer (leicht)"), names
    choose(ana_page, "computers", "without")
    # The open tables' own line (heading, filters, list): "#tables-title ~ .empty" also
    # matched the games in play's, already there before the filter (train G, 2026-12-07).
    open_empty = "#tables-title + * + .empty"
    ana_page.wait_for_selector(open_empty)
    assert ana_page.inner_text(open_empty) == "Kein offener Tisch passt. Eröffne einen!"
    choose(ana_page, "computers", "with")
    choose(ana_page, "language", "fr")
    ana_page.wait_for_selector(f"#tables-title ~ .table-list [data-table='{madn}']")
    ana_page.screenshot(path=str(artifacts / "lobby-filters-de.png"), full_page=True)
    # Bo on a phone: the tables come before the form; Ana's game against the computer is
    # not among the open tables nor the games in play.
    bo_page.goto(f"{bo.base}/#/")
    bo_page.wait_for_selector(f"#tables-title ~ .table-list [data-table='{duel}']")
    assert listed(bo_page, "open") == [duel]
    assert bo_page.locator(f"[data-table='{solo}']").count() == 0
    assert listed(bo_page, "mine") == [madn]
    title, form = (
        bo_page.locator("#tables-title").bounding_box(),
        bo_page.locator(".create-form").bounding_box(),
    )
    assert title and form and title["y"] < form["y"], "the open tables come first on a phone"
    assert bo_page.inner_text("#tables-title") == "Tables ouvertes"
    choose(bo_page, "game", "madn")
    bo_page.wait_for_selector(open_empty)
    assert (
        bo_page.inner_text(open_empty) == "Aucune table ouverte ne correspond. Ouvrez-en une\u202f!"
    )
    choose(bo_page, "game", "mabula")
    choose(bo_page, "speed", "quick")
    bo_page.wait_for_selector(f"#tables-title ~ .table-list [data-table='{duel}']")
    bo_page.screenshot(path=str(artifacts / "lobby-filters-fr-phone.png"), full_page=True)


def test_a_game_with_a_player_away_is_marked_filtered_and_the_filters_kept(
    people: People, artifacts: Path
) -> None:
    """Ana leaves her game with Bo: in the lobby her seat reads "(away)", the filter
    "Players away" finds the game or leaves it out, and the filters chosen are still set
    after a reload (French on a phone, German on a desktop)."""
    ana, bo = people("fr-FR", width=PHONE), people("de-DE")
    eve, dan = people("fr-FR", width=PHONE), people("de-DE")
    table, ana_page, _bo_page = started_table(ana, bo)
    ana_page.close()  # Ana's only connection: she is away
    running = f"#running-title ~ .table-list [data-table='{table}']"
    for person, name, away, none in (
        (eve, "Eve", "(absent)", "Aucune partie en cours ne correspond."),
        (dan, "Dan", "(abwesend)", "Keine laufende Partie passt."),
    ):
        page = sign_in_as_guest(person, name)
        choose(page, "away", "true")
        page.wait_for_selector(f"{running} .away-tag")
        seat = page.locator(f"{running} .seat.away")
        assert seat.count() == 1 and seat.inner_text().endswith(f"Ana {away}"), seat.inner_text()
        assert page.locator(f"{running} .seat:not(.away)").inner_text().endswith("Bo")
        page.screenshot(path=str(artifacts / f"lobby-away-{name}.png"), full_page=True)
        page.reload()  # the filter stays chosen, and so the list stays filtered
        page.wait_for_selector(f"{running} .away-tag")
        assert page.locator("#filter-away").input_value() == "true"
        choose(page, "away", "false")
        page.wait_for_selector("#running-title ~ .empty")
        assert page.inner_text("#running-title ~ .empty") == none
        assert page.locator(f"[data-table='{table}']").count() == 0
