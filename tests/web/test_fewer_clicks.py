"""Fewer clicks: the only legal move played for you after a short look (a setting turns it
off), an invite link on a table waiting for a friend, why "create" is greyed out, the chat
form only for who may chat, and what a clock running out does, said on the page."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import (
    CLICKABLE,
    answer_ask,
    click_a_move,
    create_table_by_api,
    seated_and_started,
    sign_in_as_guest,
    started_table,
    wait_for_change,
    wait_for_turn_or_end,
)

AI = {"kind": "ai", "level": "easy"}
LONE_MOVE = "window.spieltisch.live && document.querySelectorAll('.move-list button').length === 1"


def test_the_only_legal_move_is_played_for_me_unless_i_turn_it_off(people: People) -> None:
    ana = people("en-GB", autoplay=True)
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "madn", [{"kind": "me"}, AI], options={"max_rounds": 12})
    page.goto(f"{ana.base}/#/table/{table}")
    assert page.locator(".table-settings input[name=autoplay]").is_checked()  # on by default
    played_for_me = 0
    deadline = time.monotonic() + 120
    while played_for_me < 2:
        assert time.monotonic() < deadline, "no lone legal move came up"
        wait_for_turn_or_end(page)
        if page.locator(".move-list button").count() == 1:
            seq = page.evaluate("window.spieltisch.live.lastSeq")
            page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
            played_for_me += 1
        elif page.locator(CLICKABLE).count():
            click_a_move(page)
    page.uncheck(".table-settings input[name=autoplay]")
    while True:
        assert time.monotonic() < deadline + 120, "no lone legal move came up again"
        wait_for_turn_or_end(page)
        if page.locator(".move-list button").count() == 1:
            break
        click_a_move(page)
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    page.wait_for_timeout(2500)  # a time in which nothing may happen, not a wait
    assert page.evaluate("window.spieltisch.live.lastSeq") == seq, "played although turned off"


def test_a_waiting_table_offers_its_link_and_the_lobby_says_why_it_waits(
    people: People, artifacts: Path
) -> None:
    newcomer = people("de-DE")
    lobby = newcomer.goto("/")
    assert lobby.locator(".create-form button[type=submit]").is_disabled()
    why = lobby.locator("#create-why")
    assert why.inner_text().startswith("Wähle oben einen Namen")
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    clock = {"mode": "move", "seconds": 60}
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}], clock=clock)
    page.goto(f"{ana.base}/#/table/{table}")
    link = page.locator(".invite input.invite-link")
    assert link.input_value().endswith(f"/#/table/{table}")
    page.click(".invite button.copy")
    page.wait_for_selector(".invite button.copy:text-matches('Copied|Selected')")
    assert page.locator(".clock-rule").inner_text().startswith("When a move's time runs out")
    page.screenshot(path=str(artifacts / "invite-en.png"), full_page=True)
    # The newcomer (no name yet) follows the link: no chat form for who may not chat.
    newcomer.page.goto(link.input_value())
    newcomer.page.wait_for_selector(".seat-list")
    assert not newcomer.page.locator(".chat-form").is_visible()
    assert page.locator(".chat-form").is_visible()
    # Everyone sees who watches: a named guest, and one without a name yet.
    eve = people("en-GB")
    eve_page = sign_in_as_guest(eve, "Eve")
    eve_page.goto(link.input_value())
    page.wait_for_selector(".watchers:has-text('Watching: Eve, 1 person without a name')")
    newcomer.page.wait_for_selector(".watchers:has-text('Zuschauer: Eve, 1 Person ohne Namen')")


def test_a_rematch_starts_when_every_player_accepts(people: People, artifacts: Path) -> None:
    ana, bo = people("en-GB"), people("de-DE")
    ana_page = sign_in_as_guest(ana, "Ana")
    bo_page = sign_in_as_guest(bo, "Bo")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, {"kind": "open"}])
    seated_and_started(ana, ana_page, bo, bo_page, table)
    ana_page.wait_for_selector("button.resign")
    # Two people: a rated game, so no hint button on Ana's turn (casual games have one).
    ana_page.wait_for_selector(".status .your-turn")
    assert ana_page.locator(".status button.hint-button").count() == 0
    answer_ask(ana_page, "button.resign")
    ana_page.click("section.end button.rematch")
    ana_page.wait_for_url(re.compile(r".*#/table/(?!" + table + ")"))
    ana_page.wait_for_selector("text=The rematch starts when every player has accepted.")
    assert ana_page.locator("button.start").count() == 0
    bo_page.click("section.end button.rematch:has-text('Revanche annehmen')")
    bo_page.wait_for_url(ana_page.url)
    for page in (ana_page, bo_page):  # running, nobody clicked "start"
        page.wait_for_selector(".board-box svg [data-player]")
        page.wait_for_selector("button.resign")
    ana_page.screenshot(path=str(artifacts / "rematch-started-en.png"), full_page=True)


def test_a_clock_with_an_increment_gives_time_back_after_a_move(people: People) -> None:
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    clock = {"mode": "game", "seconds": 60, "increment": 20}
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI], clock=clock)
    page.goto(f"{ana.base}/#/table/{table}")
    wait_for_turn_or_end(page)
    assert "Each move made in time adds 20 s." in page.locator(".clock-rule").inner_text()
    click_a_move(page)
    wait_for_turn_or_end(page)
    mine = page.locator(".seat-list .clock[data-seat='0']").inner_text()
    assert mine.startswith("1:"), mine  # 60 s, less the moments spent, plus 20
    refused = ana.context.request.post(
        ana.base + "/api/tables",
        data={"game": "mabula", "clock": {"mode": "move", "seconds": 30, "increment": 5}},
    )
    assert refused.status == 422 and "mode game" in refused.text()


def test_a_table_where_running_out_of_time_loses(people: People) -> None:
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    clock = {"mode": "move", "seconds": 2, "on_timeout": "lose"}
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI], clock=clock)
    page.goto(f"{ana.base}/#/table/{table}")
    rule = page.locator(".clock-rule").inner_text()
    assert rule == "When a player's time runs out, they lose as if they had resigned."
    page.wait_for_selector("section.end:not([hidden])")  # nobody moved
    assert page.locator(".ranking tbody tr").first.inner_text().startswith("1\tBlack")
    # Issue 42: a loss on time is worded as such, no longer as a resignation.
    page.locator(".log li.event", has_text="White · Ana lost on time").wait_for()


def test_a_hint_names_the_engines_best_move_and_its_win_chance(people: People) -> None:
    ana = people("de-DE")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    wait_for_turn_or_end(page)
    page.click("button.hint-button")
    line = page.locator(".status .hint-line")
    line.wait_for()
    text = line.inner_text()
    assert text.startswith("Tipp: Murmel von ") and "(Gewinnchance " in text, text
    legal = page.locator(".move-list button").evaluate_all("all => all.map(b => b.textContent)")
    assert text.removeprefix("Tipp: ").rsplit(" (Gewinnchance", 1)[0] in legal


def test_a_move_taken_back_against_the_computer(people: People, artifacts: Path) -> None:
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    wait_for_turn_or_end(page)
    marbles = "els => els.map(e => e.dataset.marble + '@' + e.dataset.square).sort().join()"
    before = page.locator(".board-box svg [data-marble]").evaluate_all(marbles)
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    click_a_move(page)
    page.wait_for_function(f"window.spieltisch.live.lastSeq >= {seq + 2}")  # and the reply
    wait_for_turn_or_end(page)
    assert page.locator(".board-box svg [data-marble]").evaluate_all(marbles) != before
    page.click(".status button.takeback")
    page.locator(".log li", has_text="took back the moves after no.").wait_for()
    page.wait_for_function(
        "document.querySelector('.board-box')?.dataset.seq == window.spieltisch.live.lastSeq"
    )
    assert page.locator(".board-box svg [data-marble]").evaluate_all(marbles) == before
    assert page.locator(".status .your-turn").count() == 1
    page.screenshot(path=str(artifacts / "takeback-en.png"), full_page=True)


def _ana_moved_and_bo_to_move(ana: Page, bo: Page, deadline: float) -> None:
    """Mahé: both stop as soon as they may until Ana has moved and Bo is to move, with no
    die rolled since (the computer seat plays itself)."""
    while True:
        assert time.monotonic() < deadline, "Ana never moved before Bo's turn"
        page = ana if ana.locator(".move-list button").count() else bo
        if not page.locator(".move-list button").count():
            ana.wait_for_timeout(100)
            continue
        stop = page.locator(".move-list button[data-move=stop]")
        seq = page.evaluate("window.spieltisch.live.lastSeq")
        (stop if stop.count() else page.locator(".move-list button").first).click()
        wait_for_change(page, seq)
        if page is ana:
            # Bo to move right after Ana's own move (no roll in between)?
            bo.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
            last = ana.evaluate("window.spieltisch.live.lastSeq")
            if last == seq + 1 and bo.locator(".move-list button").count():
                return


def test_two_people_take_a_move_back_when_the_other_accepts(
    people: People, artifacts: Path
) -> None:
    """Issue 31: a takeback request the others accept, in the page of each person (a
    casual Mahé table of two people and a computer, before the next roll)."""
    _table, ana_page, bo_page = started_table(
        people("en-GB"),
        people("de-DE"),
        "mahe",
        [{"kind": "me"}, {"kind": "open"}, AI],
    )
    deadline = time.monotonic() + 180
    _ana_moved_and_bo_to_move(ana_page, bo_page, deadline)
    seq = ana_page.evaluate("window.spieltisch.live.lastSeq")
    ana_page.click(".status button.takeback")
    ana_page.locator(".status .takeback-asked").wait_for()
    bo_page.locator(".status .takeback-asked", has_text="Ana").wait_for()
    bo_page.screenshot(path=str(artifacts / "takeback-asked-de.png"), full_page=True)
    bo_page.click(".status button.takeback-accept")
    for page in (ana_page, bo_page):
        page.wait_for_function(f"window.spieltisch.live.lastSeq == {seq + 1}")
        page.locator(".log li:not(.withdrawn)", has_text=re.compile("took back|zurück")).wait_for()
    ana_page.locator(".status .your-turn").wait_for()
    assert bo_page.locator(".move-list button").count() == 0  # Ana's turn again

    _ana_moved_and_bo_to_move(ana_page, bo_page, deadline)
    ana_page.click(".status button.takeback")
    bo_page.click(".status button.takeback-decline")
    ana_page.locator("#notice", has_text="declined the takeback").wait_for()
    assert bo_page.locator(".move-list button").count() > 0  # still Bo's move
    ana_page.screenshot(path=str(artifacts / "takeback-declined-en.png"), full_page=True)
