"""Who did what, on every surface of the web table: one name per seat (its colour or
number, and who sits there) on the board, in the players panel, the log, the result
table and the replay; every log line names who acted, dice lines included ("Yellow · die: 4", as the
terminal writes them)."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import (
    click_a_move,
    create_table_by_api,
    finished,
    sign_in_as_guest,
    wait_for_turn_or_end,
)

AI = {"kind": "ai", "level": "easy"}
MAHE_COLOURS = r"(Rot|Grün|Gelb|Orange|Blau|Lila)"


def _panel_names(page: Page) -> list[str]:
    return page.locator(".seat-list .seat .name").all_inner_texts()


def _log_lines(page: Page) -> list[str]:
    """Each log line's words (without its number)."""
    return page.locator(".log li > span:last-child").all_inner_texts()


def test_every_seat_is_named_alike_on_board_panel_and_log_in_mahe(
    people: People, artifacts: Path
) -> None:
    ana = people("de-DE")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mahe", [{"kind": "me"}, AI, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    for _click in range(3):
        wait_for_turn_or_end(page)
        click_a_move(page)
    wait_for_turn_or_end(page)
    names = _panel_names(page)
    # "Rot, Grün · Ana", "Gelb, Orange · Computer (leicht)", "Blau, Lila · Computer (leicht)"
    assert len(set(names)) == 3, names
    assert re.fullmatch(rf"{MAHE_COLOURS}, {MAHE_COLOURS} · Ana", names[0]), names
    for name in names[1:]:
        assert re.fullmatch(rf"{MAHE_COLOURS}, {MAHE_COLOURS} · Computer \(leicht\)", name), names
    marks = [name.split(" · ")[0] for name in names]
    board = page.locator(".board-box svg [data-player]").evaluate_all(
        "labels => labels.map(label => label.textContent)"
    )
    assert [label.replace(" (du)", "") for label in board] == marks
    lines = _log_lines(page)
    rolls = [line for line in lines if "Würfel: " in line]
    assert rolls, lines
    for line in lines:
        if line.endswith("werden gemischt"):
            continue  # the shuffle before the first turn: nobody's act
        assert any(line.startswith(mark) for mark in marks), line
    for line in rolls:
        assert re.fullmatch(rf"{MAHE_COLOURS}, {MAHE_COLOURS} · Würfel: \d( — .*)?", line), line
    page.screenshot(path=str(artifacts / "who-mahe-de.png"), full_page=True)


def test_four_computers_are_four_names_in_the_result_and_the_replay(
    people: People, artifacts: Path
) -> None:
    """A spectator watches four computers; the result table and the replay name them
    by colour, never "Computer (easy)" four times."""
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "madn", [AI, AI, AI, AI], options={"max_rounds": 2})
    page.goto(f"{ana.base}/#/table/{table}")
    deadline = time.monotonic() + 120
    while not finished(page):
        assert time.monotonic() < deadline, "the computers took too long"
        page.wait_for_timeout(200)
    rows = page.locator(".ranking tbody td:nth-child(2)").all_inner_texts()
    assert sorted(rows) == [
        "Black · computer (easy)",
        "Green · computer (easy)",
        "Red · computer (easy)",
        "Yellow · computer (easy)",
    ]
    page.screenshot(path=str(artifacts / "who-madn-result-en.png"), full_page=True)
    page.click("section.end button:has-text('Replay')")
    page.wait_for_url("**/#/replay/*")
    page.wait_for_selector(".replay-board svg")
    players = page.locator("p.players").inner_text()
    assert players.split(" | ") == [
        "Red · computer (easy)",
        "Black · computer (easy)",
        "Yellow · computer (easy)",
        "Green · computer (easy)",
    ]
    page.click("button.next")
    page.wait_for_selector("text=move 1 of")
    assert page.locator("p.words").inner_text().startswith("Red · die: ")
    page.click("button.next")
    page.wait_for_selector("text=move 2 of")
    words = page.locator("p.words").inner_text()
    assert words.startswith(("Red · die: ", "Red · computer (easy): ", "Black · die: ")), words
