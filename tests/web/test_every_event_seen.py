"""Every event seen: a trick just taken stays in view with who took what, the running
score of the deal, log numbers with all their digits, a game given up shown as over."""

from __future__ import annotations

import time
from pathlib import Path

from tests.web.conftest import People
from tests.web.flows import (
    answer_ask,
    click_a_move,
    create_table_by_api,
    finished,
    my_turn,
    sign_in_as_guest,
    wait_for_current_board,
    wait_for_turn_or_end,
)

AI = {"kind": "ai", "level": "easy"}
TAKERS = ".board-box svg [data-takers]"


def test_a_trick_taken_stays_in_view_with_who_took_it(people: People, artifacts: Path) -> None:
    """The computers play at once here (pace 0): without the page holding the picture,
    the trick would be gone before anyone could see it."""
    ana = people("de-DE")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "david_goliath", [{"kind": "me"}, AI, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    seen = ""
    deadline = time.monotonic() + 90
    while not seen:
        assert time.monotonic() < deadline, "no trick was seen taken"
        wait_for_turn_or_end(page)
        before = page.evaluate("window.spieltisch.live.lastSeq")
        click_a_move(page)
        # Whoever completes the trick, the picture of it stays a moment after the next card.
        page.wait_for_function(f"window.spieltisch.live.lastSeq > {before}")
        takers = page.locator(TAKERS)
        if takers.count():
            seen = takers.text_content() or ""
            page.locator(".board-box").screenshot(path=str(artifacts / "dg-last-trick-de.png"))
            assert page.locator(".board-box svg text", has_text="Letzter Stich").count() == 1
            page.wait_for_timeout(600)
            assert page.locator(TAKERS).count() == 1, "the trick taken vanished at once"
    assert " nimmt den Rest, " in seen and "Spieler " in seen, seen
    # Once the next card is played, the last trick stays beside the trick in play.
    last_trick = page.locator(".board-box svg .last-trick")
    while not last_trick.count():
        assert time.monotonic() < deadline + 60, "no last trick beside the next one"
        wait_for_turn_or_end(page)
        wait_for_current_board(page)
        if last_trick.count() or not page.locator(".board-box svg .hand [data-move]").count():
            continue
        before = page.evaluate("window.spieltisch.live.lastSeq")
        click_a_move(page)
        page.wait_for_function(f"window.spieltisch.live.lastSeq > {before}")
    shown = last_trick.text_content() or ""
    assert shown.startswith("Letzter Stich") and " nimmt den Rest, " in shown, shown
    assert last_trick.locator("rect").count() == 3  # a small card per player
    page.locator(".board-box").screenshot(path=str(artifacts / "dg-last-trick-beside-de.png"))
    points = page.locator(".board-box svg [data-deal-points]").evaluate_all(
        "marks => marks.map(m => Number(m.dataset.dealPoints))"
    )
    assert len(points) == 3 and sum(points) > 0, points
    assert page.locator(".board-box svg text", has_text=" in diesem Durchgang").count() == 3


def test_log_numbers_keep_their_digits_and_a_game_given_up_is_over(
    people: People, artifacts: Path
) -> None:
    ana = people("fr-FR", width=390)
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    wait_for_turn_or_end(page)
    click_a_move(page)
    wait_for_turn_or_end(page)
    answer_ask(page, "button.resign")
    page.wait_for_selector("section.end:not([hidden])")
    assert finished(page) and not my_turn(page)
    # the end page still names her seat as hers
    assert page.locator(".seat-list .seat[data-seat='0'] .you").inner_text() == "(vous)"
    assert page.locator(".seat-list .seat.to-move").count() == 0
    page.locator(".log li.event", has_text="Ana a abandonné").wait_for()
    svg = page.locator(".board-box svg").inner_html()
    assert "Partie terminée" in svg or "partie est terminée" in svg, "the board says it is over"
    # A long game: entries numbered past 1000, as a reloaded page of a long game shows them.
    page.evaluate(
        """() => {
            const live = window.spieltisch.live;
            const shown = live.onMessage;
            live.onMessage = (message) => {
                if (message.type === "state") for (const e of message.last_moves) e.seq += 1450;
                shown(message);
            };
            live.send({ type: "sync", last_seq: 0 });
        }"""
    )
    number = page.locator(".log li .seq", has_text="1452.")
    number.wait_for()
    box, log = number.bounding_box(), page.locator(".log").bounding_box()
    assert box and log
    assert log["x"] <= box["x"] and box["x"] + box["width"] <= log["x"] + log["width"]
    assert number.inner_text() == "1452."
    page.screenshot(path=str(artifacts / "resigned-phone-fr.png"), full_page=True)
    # The finished game is in the replays' list of recent games, to replay in a click.
    page.goto(f"{ana.base}/#/replay")
    page.locator(f".recent-games tr[data-table='{table}'] button.replay").click()
    page.wait_for_url("**/#/replay/*")
    page.wait_for_selector(".replay-board svg")
    # Ana gave up: the replay says so beside her name (issue 42, results worded right).
    shown = page.locator("p.players").inner_text()
    assert shown == "Blanc · Ana (a abandonné) | Noir · ordinateur (facile)"


def test_the_last_move_is_marked_from_and_to_in_mensch_aergere_dich_nicht(
    people: People, artifacts: Path
) -> None:
    """Also when a piece comes out of the house onto its start field."""
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "madn", [{"kind": "me"}, AI, AI, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    starts = {"1", "11", "21", "31"}
    out_of_the_house = False
    deadline = time.monotonic() + 150
    while not out_of_the_house:
        assert time.monotonic() < deadline, "no piece came out of the house"
        wait_for_turn_or_end(page)
        wait_for_current_board(page)
        moved = page.locator(".board-box svg .moved-to")
        if moved.count():
            assert page.locator(".board-box svg circle.moved-from").count() >= 1
            squares = moved.evaluate_all("pieces => pieces.map(p => p.dataset.square)")
            out_of_the_house = bool(starts & set(squares))
        if not out_of_the_house:
            click_a_move(page)
    page.locator(".board-box").screenshot(path=str(artifacts / "madn-last-move-en.png"))
