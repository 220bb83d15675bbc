"""`spieltisch tournament`: a hall tournament from the command line, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import csv
import io
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import tournament as tournament_cli
from spieltisch.cli.app import app
from spieltisch.cli.tournament import parse_stopped
from spieltisch.core.i18n import set_language
from spieltisch.store import Database
from spieltisch.tournament.reference import reference_levels
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament


def _wide() -> None:
    """The command line's console took its width when the module was imported (a real
    process reads COLUMNS at start); CliRunner's COLUMNS comes too late for it."""
    tournament_cli.console.width = 200


def run(*args: str) -> str:
    _wide()
    result = CliRunner().invoke(app, ["tournament", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def refused(*args: str) -> str:
    _wide()
    result = CliRunner().invoke(app, ["tournament", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    return " ".join(result.output.split())


def load(url: str, identifier: str) -> Tournament:
    async def main() -> Tournament:
        database = Database(url)
        try:
            return await TournamentStore(database).load(identifier)
        finally:
            await database.close()

    return asyncio.run(main())


def test_a_hall_tournament_from_registration_to_standings(
    database_url: str, tmp_path: Path
) -> None:
    db = ("--database", database_url)
    created = run("new", "Herbstturnier", "--seed", "herbst-2026", "--rounds", "2", *db)
    identifier = re.search(r"Tournament (\S+) created", created)
    assert identifier and "herbst-2026" in created
    tid = identifier.group(1)
    names = [f"--add=Spieler {n}" for n in range(1, 8)]
    listed = run("players", tid, *names, "--by", "desk", *db)
    assert "Spieler 7" in listed
    seated = run("seat", tid, *db)
    assert "red" in seated and "green" in seated
    tournament = load(database_url, tid)
    assert sorted(len(t) for t in tournament.rounds[0].tables) == [3, 4]
    four = 1 + [len(t) for t in tournament.rounds[0].tables].index(4)
    three = 3 - four
    run("result", tid, "1", str(four), "--places", "2,1,4,3", "--by", "referee", *db)
    stopped = ["--stopped=4,3/1/27", "--stopped=4,3/1/27", "--stopped=done:1"]
    shown = run("result", tid, "1", str(three), *stopped, *db)
    assert re.search(r"lot: Spieler \d, Spieler \d \(drawn now\)", " ".join(shown.split()))
    corrected = run("result", tid, "1", str(four), "--places", "1,2,4,3", "--note", "x", *db)
    assert corrected.count("referee") == 1  # the first entry stays in the trail
    standings = run("standings", tid, *db)
    assert "Standings after round 1" in standings
    tournament = load(database_url, tid)
    assert len(tournament.audit(1, four)) == 2
    assert tournament.round(1).results[four].places == (1, 2, 4, 3)
    assert tournament.round(1).results[three].how == "stopped"
    history = " ".join(run("result", tid, "1", str(three), *db).split())
    assert "Finished as:" in history and "Pieces on the track: 1" in history, history
    assert "done:1" not in history and "4,3/1/27" not in history, "figures in words"
    run("players", tid, "--withdraw", "7", *db)
    run("seat", tid, *db)
    assert 7 not in {p for t in load(database_url, tid).rounds[1].tables for p in t}
    results, table = tmp_path / "results.csv", tmp_path / "standings.csv"
    run("export", tid, "--results", str(results), "--standings", str(table), *db)
    rows = list(csv.DictReader(io.StringIO(results.read_text(encoding="utf-8"))))
    assert len(rows) == 7
    ranks = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert [r["name"] for r in ranks] == [r.name for r in load(database_url, tid).standings()]
    board = run("ratings", "madn", *db)
    assert "Spieler 1" in board and "guest:" not in board  # names as people wrote them
    assert "computer (random)" in board and "about" in board  # the stored reference ratings
    assert tid in run("list", *db)


def test_colours_are_shown_in_the_language_of_the_environment(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    tid = re.findall(r"Tournament (\S+) created", run("new", "X", "--seed", "s", *db))[0]
    run("players", tid, *(f"--add=P{n}" for n in range(4)), *db)
    german = CliRunner().invoke(
        app, ["tournament", "seat", tid, *db], env={"COLUMNS": "200", "LANG": "de_DE.UTF-8"}
    )
    assert german.exit_code == 0, german.output
    assert all(colour in german.output for colour in ("Rot", "Schwarz", "Gelb", "Grün"))
    run("result", tid, "1", "1", "--places", "1,2,3,4", *db)
    results = tmp_path / "results.csv"
    run("export", tid, "--results", str(results), "--lang", "fr", *db)
    text = results.read_text(encoding="utf-8-sig")  # French spreadsheets: BOM and ';'
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert [row["Couleur"] for row in rows] == ["rouge", "noir", "jaune", "vert"]
    set_language("en")  # the commands set it for this thread; later tests expect English


def test_the_levels_command_keeps_reference_ratings(tmp_path: Path) -> None:
    target = tmp_path / "levels.json"
    shown = run("levels", "mabula", "--games", "6", "--to", str(target))
    assert "hard" in shown and "Wrote" in shown and target.exists()
    kept = reference_levels("mabula", target)
    assert set(kept) == {"random", "easy", "medium", "hard"}
    assert reference_levels("madn", target) == {}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["a cautious estimate of strength", "rating"]),
        ("de", ["eine vorsichtige Schätzung der Spielstärke", "Wertung"]),
        ("fr", ["une estimation prudente de la force de jeu", "classement"]),
    ],
)
def test_the_leaderboard_says_the_rating_in_words(
    tmp_path: Path, lang: str, words: list[str]
) -> None:
    """Issue 45: no "mu", "sigma" or OpenSkill, but what the rating means (as on the web)."""
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    tid = re.findall(r"Tournament (\S+) created", run("new", "X", "--seed", "s", *db))[0]
    run("players", tid, *(f"--add=P{n}" for n in range(4)), *db)
    run("seat", tid, *db)
    run("result", tid, "1", "1", "--places", "1,2,3,4", *db)
    target = tmp_path / "levels.json"
    for args in (
        ("ratings", "madn", *db),
        ("levels", "mabula", "--games", "2", "--to", str(target)),
    ):
        _wide()
        shown = CliRunner().invoke(
            app, ["tournament", "--lang", lang, *args], env={"COLUMNS": "200"}
        )
        assert shown.exit_code == 0, shown.output
        text = " ".join(shown.output.split())
        assert args[0] == "levels" or "P1" in text, text  # the rated players are listed
        assert all(word in text for word in words), text
        assert not re.search(r"\b(mu|sigma|OpenSkill)\b", text, re.IGNORECASE), text
    set_language("en")


def test_refusals_are_clear_and_change_nothing(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
    assert "played by 2 to 4, not 5" in refused("new", "X", "--table-size", "5", *db)
    assert "no tournament 'nope'" in refused("standings", "nope", *db)
    tid = re.findall(r"Tournament (\S+) created", run("new", "X", *db))[0]
    run("players", tid, "--add", "A", "--add", "B", "--add", "C", *db)
    run("seat", tid, *db)
    assert "lacks results of tables 1" in refused("seat", tid, *db)
    assert "not a ranking" in refused("result", tid, "1", "1", "--places", "1,1,2", *db)
    assert "GOAL/TRACK/DISTANCE" in refused("result", tid, "1", "1", "--stopped", "x", *db)
    assert "not both" in refused(
        "result", tid, "1", "1", "--places", "1,2,3", "--stopped", "-/1/1", *db
    )
    assert "No result yet" in run("result", tid, "1", "1", *db)


@pytest.mark.parametrize(
    ("spec", "figures"),
    [
        ("done:2", {"finished": 2}),
        ("4,3/1/27", {"goal": [4, 3], "track": 1, "distance": 27}),
        ("-/2/40", {"goal": [], "track": 2, "distance": 40}),
    ],
)
def test_stopped_figures_on_the_command_line(spec: str, figures: dict[str, object]) -> None:
    assert parse_stopped(spec) == figures


def test_the_hall_screen_is_chosen_from_the_command_line(database_url: str) -> None:
    """Issue 47: only the web page could choose what the hall screen shows; the page
    opened without a view follows what the command line chose."""
    db = ("--database", database_url)
    created = run("new", "Hallenabend", "--seed", "hall", "--rounds", "1", *db)
    match = re.search(r"Tournament (\S+) created", created)
    assert match
    tid = match.group(1)
    run("players", tid, *[f"--add=Spieler {n}" for n in range(1, 5)], *db)
    run("seat", tid, *db)
    assert "each part in turn, 20 s" in " ".join(run("hall", tid, *db).split())
    chosen = run("hall", tid, "--view", "standings", "--seconds", "30", *db)
    assert "shows: standings" in chosen
    assert "shows: standings" in run("hall", tid, *db)
    assert "views are rotate, seating" in refused("hall", tid, "--view", "scores", *db)
    assert "5 to 600 seconds" in refused("hall", tid, "--view", "rotate", "--seconds", "2", *db)
    assert "shows: standings" in run("hall", tid, *db), "a refusal changed nothing"
    assert "no tournament" in refused("hall", "nope", *db).lower()
