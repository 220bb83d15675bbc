"""The printouts a club evening needs besides the table list and the standings: where do
I sit (by name), the player list, the cross table, and the round timer for the screen;
each looked at in Chromium (A4 for print, the timer counting down)."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

from spieltisch.core.i18n import language
from spieltisch.tournament.printable import (
    cross_table,
    players_page,
    timer_page,
    where_page,
    write_pages,
)
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament, play_round

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium-headless-shell")
NAMES = ("Zoe", "Änne", "bernd", "Anna", "Örs", "Carl", "Otto", "Bea", "Ute")


def _evening() -> Tournament:
    tournament = new_tournament(0)
    for name in NAMES:
        tournament.register(name, DIRECTOR)
    tournament.register("Yusuf", DIRECTOR, account="account:7")
    play_round(tournament, random.Random(3))
    return tournament


def test_where_do_i_sit_lists_everyone_by_name_with_table_and_colour() -> None:
    tournament = _evening()
    page = where_page(tournament, 1)
    listed = re.findall(r"<td><strong>([^<]+)</strong> \((\d+)\)</td>", page)
    assert [name for name, _ in listed] == [
        "Anna", "Änne", "Bea", "bernd", "Carl", "Örs", "Otto", "Ute", "Yusuf", "Zoe"
    ]  # fmt: skip
    played = tournament.round(1)
    for name, number in listed:
        table = next(i for i, t in enumerate(played.tables, 1) if int(number) in t)
        row = page.split(f"<strong>{name}</strong>")[1].split("</tr>")[0]
        assert f'<td class="table">{table}</td>' in row
        seat = played.tables[table - 1].index(int(number))
        colour = tournament.seat_label(len(played.tables[table - 1]), seat)
        assert f'class="swatch {colour}"' in row
    with language("de"):
        german = where_page(tournament, 1)
    assert "Wo sitze ich? Runde 1" in german and "Sitz" in german


def test_the_player_list_says_who_plays_how() -> None:
    tournament = _evening()
    tournament.withdraw(3, DIRECTOR)
    page = players_page(tournament)
    assert page.count('<tr><td class="num">') == len(NAMES) + 1
    assert "<td>account</td>" in page and page.count("in the hall") == len(NAMES)
    assert page.count("withdrawn") == 1


def test_the_cross_table_shows_each_round_with_opponents_by_rank() -> None:
    tournament = new_tournament(8)
    rng = random.Random(5)
    play_round(tournament, rng)
    tournament.seat_next(DIRECTOR)
    tournament.enter_places(2, 1, [1, "forfeit", 2, 3], DIRECTOR)
    for table in range(2, len(tournament.round(2).tables) + 1):
        tournament.enter_places(2, table, [1, 2, 3, 4], DIRECTOR)
    page = cross_table(tournament)
    ranked = re.findall(r"<td>(Player \d+) \(\d+\)", page)
    assert ranked == [row.name for row in tournament.standings()]
    first = tournament.round(1).tables[0]
    row = page.split(f"<td>Player {first[0]} ({first[0]})")[1].split("</tr>")[0]
    opponents = " ".join(str(p) for p in first[1:])
    assert f'<span class="opponents">{opponents}</span>' in row
    absent = tournament.round(2).tables[0][1]
    row = page.split(f"<td>Player {absent} ({absent})")[1].split("</tr>")[0]
    assert "1 · F (0)" in row
    assert "size: A4 landscape" in page


def test_the_round_timer_counts_the_round_time_down_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    tournament = new_tournament(8, round_minutes=0.05)
    tournament.seat_next(DIRECTOR)
    with language("de"):
        page = timer_page(tournament, 1)
        write_pages(tournament, tmp_path)
    assert 'data-seconds="3"' in page and "Regel 18" in page
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        screen = browser.new_page(viewport={"width": 1280, "height": 720})
        screen.goto((tmp_path / "timer-1.html").as_uri())
        assert screen.inner_text("#clock") == "0:03"
        screen.click("#start")
        screen.wait_for_selector("#end:not([hidden])", timeout=10_000)
        assert screen.inner_text("#clock") == "0:00"
        assert "Die Zeit ist abgelaufen" in screen.inner_text("#end")
        screen.screenshot(path=str(tmp_path / "timer-de.png"))
        browser.close()


def test_the_printouts_fit_a4_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    tournament = _evening()
    with language("de"):
        write_pages(tournament, tmp_path)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        for name in ("where-1.html", "players.html", "crosstable.html"):
            page.goto((tmp_path / name).as_uri())
            page.emulate_media(media="print")
            page.screenshot(path=str(tmp_path / name.replace(".html", ".png")), full_page=True)
            pdf = page.pdf(prefer_css_page_size=True)
            assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, name
        browser.close()
