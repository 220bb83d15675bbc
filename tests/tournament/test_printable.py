"""Printable pages: every player and colour on them, one A4 sheet per table in Chromium."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

from spieltisch.core.i18n import language
from spieltisch.tournament.printable import round_page, score_sheets, standings_page, write_pages
from tests.tournament.helpers import new_tournament, play_round

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium-headless-shell")


def test_the_round_page_lists_every_table_with_colours() -> None:
    tournament = new_tournament(13)
    play_round(tournament, random.Random(1))
    page = round_page(tournament, 1)
    assert all(f"Player {n}" in page for n in range(1, 14))
    assert page.count('class="swatch red"') == 4 and page.count('class="swatch green"') == 1
    assert "@page { size: A4" in page
    with language("de"):
        assert "Rot" in round_page(tournament, 1) and "Tische der Runde 1" in round_page(
            tournament, 1
        )


def test_score_sheets_ask_for_rule_18_figures_only_where_the_game_has_the_rule() -> None:
    madn = new_tournament(8)
    madn.seat_next(by="d")
    sheets = score_sheets(madn, 1)
    assert sheets.count('<section class="sheet">') == 2 and "rule 18" in sheets
    mabula = new_tournament(4, game="mabula")
    mabula.seat_next(by="d")
    assert "stopped by time" not in score_sheets(mabula, 1)


def test_the_standings_page_follows_the_standings() -> None:
    tournament = new_tournament(9)
    rng = random.Random(2)
    play_round(tournament, rng)
    play_round(tournament, rng)
    page = standings_page(tournament)
    names = re.findall(r"<td>(Player \d+) \(\d+\)", page)
    assert names == [row.name for row in tournament.standings()]


def test_score_sheets_print_one_a4_page_per_table(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    tournament = new_tournament(11)
    tournament.seat_next(by="d")
    written = write_pages(tournament, tmp_path)
    assert {p.name for p in written} == {
        "round-1.html",
        "where-1.html",
        "sheets-1.html",
        "timer-1.html",
        "timer.js",
        "players.html",
        "standings.html",
        "crosstable.html",
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        page.goto((tmp_path / "sheets-1.html").as_uri())
        pdf = page.pdf(format="A4")
        browser.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == len(tournament.rounds[0].tables) == 3
