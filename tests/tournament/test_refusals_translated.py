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
            "ist bereits als Nummer 1 angemeldet",
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
