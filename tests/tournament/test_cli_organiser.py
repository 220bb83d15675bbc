"""`spieltisch tournament` for the organiser's evening: the lot drawn at the table, a
table's whole history with figures, lots and notes, the corrections export, the
tie-break legend, and rounds that do not exist refused."""

from __future__ import annotations

import asyncio
import csv
import io
import re
from pathlib import Path

from spieltisch.store import Database
from spieltisch.tournament.storage import TournamentStore
from tests.tournament.test_cli import load, refused, run


def _new(db: tuple[str, str], players: int = 4) -> str:
    created = run("new", "Abendturnier", "--seed", "abend", "--rounds", "2", *db)
    found = re.search(r"Tournament (\S+) created", created)
    assert found
    tid = found.group(1)
    run("players", tid, *[f"--add=P{n}" for n in range(1, players + 1)], *db)
    run("seat", tid, *db)
    return tid


def test_a_lot_from_the_table_and_the_history_of_corrections(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    tid = _new(db)
    tied = ["--stopped=4/2/30", "--stopped=done:1", "--stopped=4/2/30", "--stopped=-/1/0"]
    first = run("result", tid, "1", "1", *tied, "--lot", "3,1", "--by", "referee", *db)
    again = run("result", tid, "1", "1", *tied[:3], "--stopped=-/1/5", "--note", "typo", *db)
    if "│" in first and len(first.splitlines()[0]) >= 150:  # a wide terminal: all in a row
        # The figures are words now (issue 46): the cells wrap, so only what fits a line.
        assert "lot:" in first and "lot:" in again and "typo" in again
    tournament = load(db[1], tid)
    assert tournament.round(1).results[1].places == (3, 1, 2, 4)
    out = tmp_path / "corrections.csv"
    run("export", tid, "--corrections", str(out), *db)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [row["entry"] for row in rows] == ["1", "2"]
    assert [row["lot_drawn"] for row in rows] == [
        "drawn at the table",
        "kept (tied figures unchanged)",
    ]
    assert [row["places_by_seat"] for row in rows] == ["3 | 1 | 2 | 4", "3 | 1 | 2 | 4"]
    assert rows[1]["note"] == "typo" and rows[0]["entered_by"] == "referee"


def test_a_lot_without_figures_and_a_shared_place_are_refused(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    tid = _new(db)
    assert "--lot goes with --stopped" in refused("result", tid, "1", "1", "--lot", "1,2", *db)
    shared = refused("result", tid, "1", "1", "--places", "1,1,1,1", *db)
    assert "share a place" in shared


def test_standings_print_the_tie_break_order_and_refuse_unknown_rounds(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    tid = _new(db)
    run("result", tid, "1", "1", "--places", "2,1,4,3", *db)
    shown = run("standings", tid, *db)
    assert "Ties are broken by: 1. head to head, 2. Buchholz per opponent" in " ".join(
        shown.split()
    )
    assert "round 3 is not seated: seated rounds are 1 to 1" in refused(
        "standings", tid, "--round", "3", *db
    )
    assert "round 0 is not seated" in refused("standings", tid, "--round", "0", *db)


def test_the_leaderboard_marks_computers_and_names_a_level_only_from_the_fifth_game(
    tmp_path: Path,
) -> None:
    """A hall player with one game gets no "about"; a computer entrant is marked."""
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    db = ("--database", url)
    hall = _new(db, players=3)
    run("result", hall, "1", "1", "--places", "1,2,3", *db)
    created = run("new", "Computers", "--seed", "c", "--rounds", "1", *db)
    found = re.search(r"Tournament (\S+) created", created)
    assert found
    computers = found.group(1)

    async def add_computers() -> None:
        database = Database(url)
        try:
            store = TournamentStore(database)
            for _computer in range(4):
                await store.act(computers, lambda t: t.register_ai("", "easy", "desk"))
            # as the server seats a round it plays online: the command line seats boards only
            await store.act(computers, lambda t: t.seat_next("desk"))
        finally:
            await database.close()

    asyncio.run(add_computers())
    run("result", computers, "1", "1", "--places", "1,2,3,4", *db)
    lines = run("ratings", "madn", *db).splitlines()
    assert sum("(computer, easy)" in line for line in lines) == 4
    person = next(line for line in lines if "│ P1 " in line)
    assert not any(level in person for level in ("random", "easy", "medium", "hard"))


def test_undo_and_swap_on_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    db = ("--database", url)
    tid = _new(db, players=8)
    assert "Round 1 is undone" in run("seat", tid, "--undo", "--reason", "late arrival", *db)
    assert load(url, tid).rounds == []
    run("players", tid, "--add", "P9", *db)
    run("seat", tid, *db)
    tables = load(url, tid).round(1).tables
    a, b = tables[0][0], tables[1][0]
    assert "give the reason" in refused("swap", tid, str(a), str(b), *db)
    run("swap", tid, str(a), str(b), "--reason", "siblings", *db)
    swapped = load(url, tid)
    assert swapped.round(1).tables[0][0] == b
    assert swapped.entries[-1].reason == "siblings"  # type: ignore[union-attr]
