"""The hall screen: the current round's seating, where each player sits sorted by
surname (accents folded), the standings and the timer in one page; one part or all
rotating; a view or a time not offered is refused, naming what is. The score sheet has
boxes for F/D, the lot and a note."""

from __future__ import annotations

import random
import re

import pytest

from spieltisch.core.i18n import language
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.hall import check_view, hall_page, surname_key
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, play_round

NAMES = ("Jürgen Groß", "Änne Zander", "Zoë Ärger", "Bernd Bär", "Otto", "anna Weiß", "Kai Ulm")


def test_the_where_list_is_by_surname_and_every_part_is_there() -> None:
    tournament = Tournament.create(Settings.parse(name="Abend", seed="hall"), by=DIRECTOR)
    for name in NAMES:
        tournament.register(name, by=DIRECTOR)
    with language("de"):
        before = hall_page(tournament)
    assert "Die erste Runde ist noch nicht gesetzt." in before
    play_round(tournament, random.Random(3))
    tournament.seat_next(by=DIRECTOR)
    with language("de"):
        page = hall_page(tournament, check_view("seating"), 30)
    assert 'data-view="seating"' in page and 'data-seconds="30"' in page
    assert 'data-round="2"' in page and "Sitzplan: Runde 2" in page
    where = page[page.index('data-part="where"') : page.index('data-part="standings"')]
    surnames = re.findall(r"<div><strong>([^<]+)</strong>", where)
    assert surnames == ["Ärger", "Bär", "Groß", "Otto", "Ulm", "Weiß", "Zander"]
    seated = tournament.round(2)
    assert len(re.findall(r"<h3>Tisch \d+</h3>", page)) == len(seated.tables)
    for player in tournament.players.values():
        assert player.name in page
    assert 'id="clock"' in page and "timer.js" in page and "hall.js" in page


def test_surnames_fold_accents_and_case() -> None:
    assert sorted(NAMES, key=surname_key)[:3] == ["Zoë Ärger", "Bernd Bär", "Jürgen Groß"]


def test_a_view_or_a_time_not_offered_is_refused() -> None:
    tournament = Tournament.create(Settings.parse(name="Abend", seed="hall"), by=DIRECTOR)
    with pytest.raises(TournamentError, match="rotate, seating, where, standings, timer"):
        check_view("clock")
    with pytest.raises(TournamentError, match="5 to 600"):
        hall_page(tournament, "rotate", 2)


def test_the_score_sheet_has_boxes_for_f_d_the_lot_and_a_note() -> None:
    from spieltisch.tournament.printable import score_sheets

    tournament = Tournament.create(Settings.parse(name="Abend", seed="sheet"), by=DIRECTOR)
    for name in NAMES:
        tournament.register(name, by=DIRECTOR)
    tournament.seat_next(by=DIRECTOR)
    with language("de"):
        sheets = score_sheets(tournament, 1)
    tables = len(tournament.round(1).tables)
    assert sheets.count('<th class="box">F / D</th>') == tables
    assert sheets.count('<th class="box">Los</th>') == tables
    assert sheets.count("Bemerkung (für die Turnierleitung)") == tables
    assert sheets.count('<td class="box"></td>') == 2 * len(NAMES)
