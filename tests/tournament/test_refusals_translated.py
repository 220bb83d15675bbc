"""Tournament refusals on the command line speak the director's language (--lang, else LANG)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli.app import app
from spieltisch.core.i18n import set_language


def _invoke(*args: str, lang_env: str = "C") -> tuple[int, str]:
    result = CliRunner().invoke(
        app, ["tournament", *args], env={"COLUMNS": "200", "LANG": lang_env, "LANGUAGE": ""}
    )
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize(
    ("code", "unknown", "unseated", "bad_places", "listed_twice"),
    [
        (
            "de",
            "kein Turnier 'nope'",
            "Runde 3 ist nicht ausgelost: ausgelost sind die Runden noch keine",
            "die Plätze [1, 3, 3, 4] sind keine Rangfolge",
            "ist bereits als Nummer 1 eingetragen",
        ),
        (
            "fr",
            "aucun tournoi 'nope'",
            "la ronde 3 n’est pas appariée : les rondes appariées sont aucune pour l’instant",
            "les places [1, 3, 3, 4] ne forment pas un classement",
            "est déjà inscrit sous le numéro 1",
        ),
    ],
)
def test_refusals_follow_lang_and_the_environment(
    tmp_path: Path, code: str, unknown: str, unseated: str, bad_places: str, listed_twice: str
) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    try:
        status, shown = _invoke("new", "X", "--seed", "s", *db)
        assert status == 0, shown
        tid = re.findall(r"(?:Tournament|Turnier|Tournoi) (\S+)", shown)[0]
        status, shown = _invoke("players", tid, *(f"--add=P{n}" for n in range(4)), *db)
        assert status == 0, shown

        status, shown = _invoke("--lang", code, "standings", "nope", *db)
        assert status != 0 and unknown in shown, shown
        status, shown = _invoke("players", tid, "--add=P0", *db, lang_env=f"{code}_XX.UTF-8")
        assert status != 0 and listed_twice in shown, shown
        assert "registered already" not in shown
        status, shown = _invoke("--lang", code, "result", tid, "3", "1", "--places", "1,2,3,4", *db)
        assert status != 0 and unseated in shown, shown
        assert _invoke("seat", tid, *db)[0] == 0
        status, shown = _invoke(
            "result", tid, "1", "1", "--places", "1,3,3,4", *db, lang_env=f"{code}_XX.UTF-8"
        )
        assert status != 0 and bad_places in shown, shown
        assert "not a ranking" not in shown
    finally:
        set_language("en")  # the commands set it for this thread; later tests expect English


@pytest.mark.parametrize(
    ("code", "rounds", "tiebreak", "figures"),
    [
        (
            "de",
            "ungültige Angabe: Turniereinstellung: rounds: muss mindestens 1 sein",
            "tiebreaks.0: muss eines von 'mutual', 'opponents', 'firsts', 'countback', "
            "'buchholz' sein",
            "Zahlen von Sitzplatz 1 (Regel 18): Zielfelder sind die Tiefen 1 bis 4 (g1..g4), "
            "nicht [9]",
        ),
        (
            "fr",
            "valeur invalide : réglage du tournoi : rounds : doit valoir au moins 1",
            "tiebreaks.0 : doit être l’un de 'mutual', 'opponents', 'firsts', 'countback', "
            "'buchholz'",
            "chiffres du siège 1 (règle 18) : les cases d’arrivée sont les profondeurs 1 à 4",
        ),
    ],
)
def test_a_value_pydantic_refuses_is_worded_with_the_servers_sentences(
    tmp_path: Path, code: str, rounds: str, tiebreak: str, figures: str
) -> None:
    """A setting out of range or not among the allowed, or impossible rule-18 figures:
    the command line words them as the HTTP API does (server/validation.py), not in
    pydantic's English."""
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    try:
        status, shown = _invoke("--lang", code, "new", "X", "--rounds", "0", *db)
        assert status != 0 and rounds in shown, shown
        status, shown = _invoke("new", "X", "--tiebreaks", "foo", *db, lang_env=f"{code}_XX.UTF-8")
        assert status != 0 and tiebreak in shown, shown
        assert " or " not in shown and "Input should" not in shown, shown
        status, shown = _invoke("new", "X", "--seed", "s", *db)
        tid = re.findall(r"Tournament (\S+)", shown)[0]
        assert _invoke("players", tid, *(f"--add=P{n}" for n in range(4)), *db)[0] == 0
        assert _invoke("seat", tid, *db)[0] == 0
        bad = ["--stopped=9/1/2", *["--stopped=-/1/1"] * 3]
        status, shown = _invoke("--lang", code, "result", tid, "1", "1", *bad, *db)
        assert status != 0 and figures in shown, shown
        assert "rule 18" not in shown and "goal fields" not in shown, shown
        status, shown = _invoke("result", tid, "1", "1", *db)
        assert status == 0 and "No result yet." in shown, shown  # nothing was entered
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("code", "twice", "too_few", "no_games", "not_ratings", "cannot_write"),
    [
        (
            "de",
            "die Stufe easy ist zweimal genannt: jeder Sitzplatz braucht eine andere Stufe",
            "3 Sitzplätze brauchen mindestens 3 verschiedene Stufen, genannt sind 2: random, easy",
            "aus 0 Partien lassen sich die Stufen nicht werten: spiele mindestens 1",
            "ist keine Datei mit Wertungen der Stufen",
            "nicht schreiben: ein Teil des Pfads ist eine Datei, kein Ordner",
        ),
        (
            "fr",
            "le niveau easy est nommé deux fois : chaque siège demande un niveau différent",
            "3 sièges demandent au moins 3 niveaux différents, il y en a 2 : random, easy",
            "impossible d’évaluer les niveaux sur 0 partie : jouez-en au moins 1",
            "n’est pas un fichier d’évaluations des niveaux",
            "une partie du chemin est un fichier, pas un dossier",
        ),
    ],
)
def test_rating_the_levels_refuses_in_the_directors_language(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    code: str,
    twice: str,
    too_few: str,
    no_games: str,
    not_ratings: str,
    cannot_write: str,
) -> None:
    """`tournament levels` and `rate_levels` under it: bad levels, no games, and a
    ratings file that cannot be kept are refused before any game is played, in de and fr.
    (The output's spaces, the narrow no-break one before a French colon too, are compared
    as one space.)"""
    from spieltisch.core.i18n import language
    from spieltisch.tournament.errors import TournamentError
    from spieltisch.tournament.levels import rate_levels

    with language(code):
        for levels, players, games, expected in [
            (("random", "easy", "easy"), 3, 10, twice),
            (("random", "easy"), 3, 10, too_few),
            (("random", "easy", "medium"), 3, 0, no_games),
        ]:
            with pytest.raises(TournamentError) as refused:
                rate_levels("madn", levels, games=games, players=players)
            assert expected in " ".join(str(refused.value).split())
    garbage = tmp_path / "ratings.json"
    garbage.write_text("not json", encoding="utf-8")
    (tmp_path / "afile").write_text("", encoding="utf-8")

    def play(*_args: object) -> None:
        raise AssertionError("the games were played before the file was checked")

    monkeypatch.setattr("spieltisch.tournament.reference.compute", play)
    try:
        status, shown = _invoke(
            "--lang", code, "levels", "madn", "--games", "1000", "--to", str(garbage)
        )
        assert status != 0 and not_ratings in shown, shown
        assert "not a file" not in shown and "Traceback" not in shown
        inside_a_file = tmp_path / "afile" / "sub" / "ratings.json"
        status, shown = _invoke(
            "levels",
            "madn",
            "--games",
            "1000",
            "--to",
            str(inside_a_file),
            lang_env=f"{code}_XX.UTF-8",
        )
        assert status != 0 and cannot_write in shown, shown
        assert garbage.read_text(encoding="utf-8") == "not json"
    finally:
        set_language("en")


def test_points_and_figures_are_written_in_the_directors_language(tmp_path: Path) -> None:
    """German points "1,5" (a bye) beside tie-breaks "1,33", never "1.5"; a refused
    rule-18 figure is named in words ("Fertig als"), not by its field (`finished`)."""
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    try:
        status, shown = _invoke("--lang", "de", "new", "X", "--seed", "s", *db)
        assert status == 0 and "3; 2; 1; 0" in shown, shown
        tid = re.findall(r"Turnier (\S+)", shown)[0]
        assert _invoke("players", tid, *(f"--add=P{n}" for n in range(5)), *db)[0] == 0
        assert _invoke("seat", tid, *db)[0] == 0
        figures = ["--stopped=3/1/27", "--stopped=-/2/40", "--stopped=done:7", "--stopped=4/0/0"]
        status, shown = _invoke("--lang", "de", "result", tid, "1", "1", *figures, *db)
        assert status != 0 and "Fertig als" in shown and "finished" not in shown, shown
        status, shown = _invoke("--lang", "de", "standings", tid, *db)
        assert status == 0 and "1,5" in shown and "1.5" not in shown, shown
    finally:
        set_language("en")
