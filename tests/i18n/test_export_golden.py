"""Golden files: the German CSV exports and printable pages of one small tournament, byte
for byte (semicolons, decimal commas, byte-order mark, headers and values in words,
`<html lang="de">`). After a deliberate change of an export, write the files again with
`SPIELTISCH_UPDATE_GOLDEN=1 uv run pytest tests/i18n/test_export_golden.py` and read
the diff before committing it."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

import pytest

import spieltisch.tournament.tournament as tournament_module
from spieltisch.core.i18n import language
from spieltisch.tournament.export import corrections_csv, results_csv, standings_csv
from spieltisch.tournament.printable import round_page, standings_page
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament

GOLDEN = Path(__file__).parent / "golden"
NOON = dt.datetime(2026, 11, 28, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def cup(monkeypatch: pytest.MonkeyPatch) -> Tournament:
    """Five players (one bye), one round: a table of four stopped by time, then corrected."""
    monkeypatch.setattr(tournament_module, "now", lambda: NOON)
    settings = Settings.parse(name="Herbstpokal", seed="golden 2026", rounds=2)
    cup = Tournament.create(settings, by="Leitung")
    for name in ("Lothar Groß", "Änne Weiß", "Bea", "Cem", "Dora"):
        cup.register(name, by="Leitung")
    seated = cup.seat_next(by="Leitung")
    cup.enter_places(1, 1, [2, 1, 4, 3], by="Schiri")
    figures: list[dict[str, Any]] = [
        {"goal": [4, 3], "track": 1, "distance": 27},
        {"goal": [4, 3], "track": 1, "distance": 27},
        {"finished": 1},
        {"finished": 2},
    ]
    cup.enter_stopped(seated.round, 1, figures, by="Schiri", note="Zeit", table_lots=[(2, 1)])
    return cup


def _check(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("SPIELTISCH_UPDATE_GOLDEN"):
        path.write_bytes(text.encode("utf-8"))
    assert path.read_bytes().decode("utf-8") == text, f"{name} differs from the golden file"


def test_german_csv_exports(cup: Tournament) -> None:
    with language("de"):
        results, standings = results_csv(cup), standings_csv(cup)
        corrections = corrections_csv(cup)
    for text in (results, standings, corrections):
        assert text.startswith("\ufeff") and ";" in text.splitlines()[0]
        assert not any(word in text for word in ("yes", "no;", "stopped", "{", "account:"))
    assert "1,5" in standings  # the bye's points with a decimal comma
    _check("results-de.csv", results)
    _check("standings-de.csv", standings)
    _check("corrections-de.csv", corrections)


def test_german_printable_pages(cup: Tournament) -> None:
    with language("de"):
        pages = {"round-1-de.html": round_page(cup, 1), "standings-de.html": standings_page(cup)}
    for name, page in pages.items():
        assert '<html lang="de">' in page
        _check(name, page)


def test_english_csv_keeps_commas_and_column_ids(cup: Tournament) -> None:
    text = results_csv(cup)
    assert not text.startswith("\ufeff")
    assert text.splitlines()[0].startswith("round,table,seat,colour,player,name,place,points")
