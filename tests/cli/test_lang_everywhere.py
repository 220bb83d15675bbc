"""`--lang` works after every command and with `--help`, and flags show as flags (issue 34)."""

from __future__ import annotations

import pytest
import typer.main

from spieltisch.cli.app import app
from spieltisch.cli.usage_texts import language_from_argv, run
from spieltisch.core.i18n import language
from tests.cli.test_usage_texts import _commands

PATHS = [path for path, _command in _commands(typer.main.get_command(app))]
USAGE = {"de": "Aufruf:", "fr": "Utilisation"}
BOOL_TYPES = ("<bool>", "<boolean>", "<ja/nein>", "<oui/non>", "<booléen>", "<Wahrheitswert>")


def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """As the `spieltisch` script runs: the language from the command line, then the app."""
    with language(language_from_argv(args)):
        code = run(app, args)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.fixture(autouse=True)
def _wide_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "-")
def test_lang_after_the_command_and_with_help(
    path: tuple[str, ...], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in ([*path, "--lang", code, "--help"], [*path, "--help", "--lang", code]):
        exit_code, shown = _main(args, capsys)
        assert exit_code == 0, shown
        assert USAGE[code] in shown, shown
        assert "--lang" in shown


def test_an_unknown_language_is_refused_where_the_command_reads_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    exit_code, shown = _main(["db", "upgrade", "--lang", "xx"], capsys)
    assert exit_code == 2
    assert "xx" in shown and "de, en, fr" in shown


@pytest.mark.parametrize("code", ["en", "de", "fr"])
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "-")
def test_flags_show_no_type(
    path: tuple[str, ...], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _exit_code, shown = _main([*path, "--help", "--lang", code], capsys)
    assert not [word for word in BOOL_TYPES if word in shown], shown


def test_lang_after_a_tournament_command_is_the_outputs_language(
    tmp_path: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tournament list --lang fr` answered in English: the group's callback had set the
    environment's language after `main` set French (issue 46)."""
    monkeypatch.setenv("LANGUAGE", "en")
    database = f"sqlite+aiosqlite:///{tmp_path}/t.sqlite3"
    exit_code, shown = _main(["tournament", "list", "--database", database, "--lang", "fr"], capsys)
    assert exit_code == 0, shown
    assert "Tournois" in shown and "Tournaments" not in shown
