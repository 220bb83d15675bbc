"""Leaving in the browser, in German and French, on a desktop and a phone (issue 42): an
abort before the first move, a person leaving mid-game with the countdown everyone sees,
the substitute computer and the person taking their seat back, and a loss on time worded
as such with the loser not among the watchers."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People, Person
from tests.web.deadlines import WAIT_SECONDS
from tests.web.flows import (
    CLICKABLE,
    answer_ask,
    click_a_move,
    create_table,
    create_table_by_api,
    seated_and_started,
    sign_in_as_guest,
    started_table,
)

PHONE = 390
CONFLICT_LOGGED = (
    "console: Failed to load resource: the server responded with a status of 409 (Conflict)"
)


def _confirm(page: Page, button: str) -> str:
    """Click `button`, accept the question it opens; the question's text."""
    return answer_ask(page, button)


def test_an_abort_before_the_first_move_in_german_and_french(
    people: People, artifacts: Path
) -> None:
    ana, bo = people("fr-FR", width=PHONE), people("de-DE")
    table, ana_page, bo_page = started_table(ana, bo)
    bo_page.wait_for_selector("button.abort")
    assert bo_page.locator("button.abort").inner_text() == "Spiel abbrechen"
    asked = _confirm(bo_page, "button.abort")
    assert asked.startswith("Dieses Spiel abbrechen?"), asked
    status = "Bo a annulé la partie avant que chacun ait joué"
    ana_page.wait_for_selector(f".status:has-text('{status}')")
    bo_page.wait_for_selector(".status:has-text('hat das Spiel abgebrochen, bevor alle gezogen')")
    for page in (ana_page, bo_page):
        assert page.locator("button.abort, button.resign").count() == 0
    assert ana_page.locator(".log .event", has_text=status).count() == 1
    ana_page.screenshot(path=str(artifacts / "aborted-fr-phone.png"), full_page=True)
    bo_page.screenshot(path=str(artifacts / "aborted-de.png"))
    # The list of ended games says it too.
    bo_page.goto(f"{bo.base}/#/replay")
    row = bo_page.locator(f".recent-games tr[data-table='{table}']")
    assert row.locator(".ended").inner_text() == "abgebrochen"


def test_a_person_leaves_the_computer_stands_in_and_they_take_the_seat_back(
    people: People, artifacts: Path
) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    table = create_table_by_api(ana, "mahe", seats, clock={"away_seconds": 10})
    seated_and_started(ana, ana_page, bo, bo_page, table)
    bo_page.wait_for_selector("button.resign")
    bo_page.close()  # Bo's only connection: he is away
    countdown = ana_page.locator(".countdown")
    countdown.wait_for()
    assert countdown.inner_text().startswith("Entscheidung in 0:")
    ana_page.screenshot(path=str(artifacts / "away-countdown-de.png"))
    # Three seats: no win to claim, only the computer standing in.
    ana_page.wait_for_selector("button.substitute-button")
    assert ana_page.locator("button.claim-win").count() == 0
    asked = _confirm(ana_page, "button.substitute-button")
    assert "Sitzplatz von" in asked and "Bo" in asked, asked
    ana_page.wait_for_selector(".left.substitute")
    assert ana_page.locator(".left.substitute").inner_text().startswith("vertreten: Computer (")
    ana_page.locator(".log .event", has_text="ist weg: der Computer").wait_for(state="attached")
    ana_page.screenshot(path=str(artifacts / "substitute-de.png"))
    back = bo.open()
    back.goto(f"{bo.base}/#/table/{table}")
    back.wait_for_selector("button.take-back")
    assert "l’ordinateur joue votre siège" in back.locator(".status").inner_text()
    back.screenshot(path=str(artifacts / "take-seat-back-fr-phone.png"), full_page=True)
    back.click("button.take-back")
    back.wait_for_selector("button.resign")  # he plays his seat again
    ana_page.locator(".log .event", has_text="ist zurück und spielt wieder").wait_for(
        state="attached"
    )
    assert ana_page.locator(".left.substitute").count() == 0


def test_a_loss_on_time_is_worded_as_such_and_the_loser_is_no_watcher(
    people: People, artifacts: Path
) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    clock = {"mode": "move", "seconds": 10, "on_timeout": "lose"}
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}], clock=clock)
    seated_and_started(ana, ana_page, bo, bo_page, table)
    # Each makes a first move (before it, running out of time aborts the game); then
    # Ana does not move: she loses on time.
    for page in (ana_page, bo_page):
        page.wait_for_selector(CLICKABLE)
        assert click_a_move(page), "no move was clicked"
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


def test_no_first_move_in_time_aborts_the_game_in_french_on_a_phone(people: People) -> None:
    ana, bo = people("fr-FR", width=PHONE), people("de-DE")
    clock = {"mode": "move", "seconds": 2, "on_timeout": "lose"}
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}], clock=clock)
    seated_and_started(ana, ana_page, bo, bo_page, table)
    # Nobody moves: not a loss on time, an abort, as lichess does.
    status = ana_page.locator(".status", has_text="n’a pas joué son premier coup à temps")
    status.wait_for()
    assert status.inner_text().startswith("Partie annulée\u202f:") and "Ana" in status.inner_text()
    bo_page.locator(".status", has_text="hat den ersten Zug nicht rechtzeitig gemacht").wait_for()
    assert ana_page.locator(".ranking .left, .left.gave-up").count() == 0


def test_a_game_against_computers_pauses_and_goes_on_from_my_running_games(
    people: People, artifacts: Path
) -> None:
    for locale, width, words in (
        ("de-DE", 1200, ("Meine laufenden Spiele", "pausiert", "Zurück zum Spiel")),
        ("fr-FR", PHONE, ("Mes parties en cours", "en pause", "Retourner à la partie")),
    ):
        ana = people(locale, width=width)
        page = sign_in_as_guest(ana, "Ana")
        seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
        table = create_table_by_api(ana, "mabula", seats, clock={"mode": "game", "seconds": 600})
        page.goto(f"{ana.base}/#/table/{table}")
        page.wait_for_selector("button.resign")
        page.goto(f"{ana.base}/#/")  # she leaves the table: the game waits for her
        mine = page.locator(f".my-running-games [data-table='{table}']")
        mine.locator(".paused").wait_for()
        heading = page.locator(".my-running-games h2").inner_text()
        assert heading == words[0] and words[1] in mine.inner_text()
        page.screenshot(path=str(artifacts / f"paused-{locale}.png"), full_page=True)
        mine.get_by_text(words[2]).click()
        page.wait_for_selector("button.resign")
        _until_not_paused(ana, table)  # she is back: it goes on
        page.goto(f"{ana.base}/#/")
        page.locator(f".my-running-games [data-table='{table}']").wait_for()
        ana.close()


def _until_not_paused(person: Person, table: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while person.context.request.get(f"{person.base}/api/tables/{table}").json()["paused"]:
        assert time.monotonic() < deadline, "the game did not go on"
        time.sleep(0.05)


def test_in_a_game_of_two_the_win_is_claimed_in_french_on_a_phone(
    people: People, artifacts: Path
) -> None:
    ana, bo = people("de-DE"), people("fr-FR", width=PHONE)
    ana_page, bo_page = sign_in_as_guest(ana, "Ana"), sign_in_as_guest(bo, "Bo")
    duel = [{"kind": "me"}, {"kind": "open"}]
    table = create_table_by_api(ana, "mabula", duel, clock={"away_seconds": 10})
    seated_and_started(ana, ana_page, bo, bo_page, table)
    bo_page.wait_for_selector("button.resign")
    ana_page.close()  # Ana's only connection: she is away for Bo
    bo_page.locator(".countdown").wait_for()
    assert bo_page.locator(".countdown").inner_text().startswith("choix dans 0:")
    bo_page.wait_for_selector("button.claim-win")
    assert bo_page.locator("button.claim-win").inner_text() == "Réclamer la victoire"
    # A server may refuse the choice as too early (another process saw Ana leave later
    # than this page was told): the page says why, counts down again to the moment the
    # server names and offers the choice again then.
    too_early = "le siège 0 ne peut être attribué qu’après 10 s d’absence"
    bo_page.route(
        f"**/api/tables/{table}/claim",
        lambda route: route.fulfill(
            status=409,
            headers={"Retry-After": "3"},
            json={"detail": too_early, "code": "conflict"},
        ),
        times=1,
    )
    _confirm(bo_page, "button.claim-win")
    bo_page.locator("#notice", has_text="Le siège 0 ne peut être attribué").wait_for()
    bo_page.locator(".countdown").wait_for()
    assert bo_page.locator("button.claim-win").count() == 0
    bo.errors.remove(CONFLICT_LOGGED)  # the refusal the route made, logged by Chromium
    bo_page.wait_for_selector("button.claim-win")
    asked = _confirm(bo_page, "button.claim-win")
    assert asked.startswith("Réclamer la victoire") and "Ana" in asked, asked
    bo_page.wait_for_selector("section.end:not([hidden])")
    assert bo_page.locator(".ranking .left").inner_text() == "a quitté la partie"
    bo_page.locator(".log .event", has_text="l’adversaire a réclamé la victoire").wait_for(
        state="attached"
    )
    bo_page.screenshot(path=str(artifacts / "claimed-win-fr-phone.png"), full_page=True)


def test_the_away_time_is_chosen_in_the_form(people: People, artifacts: Path) -> None:
    ana, bo = people("fr-FR", width=PHONE), people("de-DE")
    page = sign_in_as_guest(ana, "Ana")
    assert page.inner_text("label[for=create-away]") == "Absence avant le choix des autres"
    choices = page.locator("#create-away option").all_inner_texts()
    assert choices[0] == "selon la cadence" and "2 min" in choices and "1 h" in choices
    assert "l’ordinateur joue pour lui" in page.inner_text("#create-away-why")
    page.select_option("#create-game", "mabula")
    page.select_option("#seat-1", "open")
    page.select_option("#create-clock", "move:60")
    page.select_option("#create-away", "120")
    page.locator("#create-away").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "away-time-in-the-form-fr-phone.png"))
    page.click(".create-form button[type=submit]")
    page.wait_for_url("**/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    clock = ana.context.request.get(f"{ana.base}/api/tables/{table}").json()["clock"]
    assert clock["mode"] == "move" and clock["away_seconds"] == 120
    # Left to the clock, no away time is sent: the table's speed sets it.
    bo_page = sign_in_as_guest(bo, "Bo")
    assert bo_page.inner_text("label[for=create-away]") == "Abwesend, bis die anderen wählen"
    assert bo_page.input_value("#create-away") == ""
    table = create_table(bo_page, "mabula", ["me", "open"])
    described = bo.context.request.get(f"{bo.base}/api/tables/{table}").json()
    assert (described["clock"] or {}).get("away_seconds") is None


def test_players_and_watchers_chat_apart_until_the_game_ends(
    people: People, artifacts: Path
) -> None:
    ana, bo, eve = people("de-DE"), people("de-DE"), people("fr-FR", width=PHONE)
    table, ana_page, bo_page = started_table(ana, bo)
    eve_page = sign_in_as_guest(eve, "Eve")
    eve_page.goto(f"{eve.base}/#/table/{table}")
    eve_page.locator("#chat-title", has_text="Discussion des spectateurs").wait_for()
    assert ana_page.inner_text("#chat-title") == "Chat der Spielenden"

    def say(page: Page, text: str) -> None:
        page.fill(".chat-form input", text)
        page.press(".chat-form input", "Enter")

    say(ana_page, "Viel Glück, Bo")
    bo_page.locator(".chat-lines li", has_text="Viel Glück, Bo").wait_for()
    say(eve_page, "Bo joue bien")
    eve_page.locator(".chat-lines li", has_text="Bo joue bien").wait_for()
    # Each room hears its own: the line after the other room's shows it was not missed.
    say(bo_page, "Danke")
    ana_page.locator(".chat-lines li", has_text="Danke").wait_for()
    say(eve_page, "Allez")
    eve_page.locator(".chat-lines li", has_text="Allez").wait_for()
    assert eve_page.locator(".chat-lines li", has_text="Glück").count() == 0
    assert ana_page.locator(".chat-lines li", has_text="Bo joue bien").count() == 0
    eve_page.screenshot(path=str(artifacts / "watchers-chat-fr-phone.png"), full_page=True)
    # After the game the players may read the watchers' room, marked as such.
    _confirm(ana_page, "button.resign")
    for page in (ana_page, bo_page):
        page.wait_for_selector("section.end:not([hidden])")
        line = page.locator(".chat-lines li.from-watcher", has_text="Bo joue bien")
        line.wait_for()
        assert "(schaut zu)" in line.inner_text()
    assert ana_page.inner_text("#chat-title") == "Chat"
    ana_page.screenshot(path=str(artifacts / "chat-after-the-game-de.png"))
