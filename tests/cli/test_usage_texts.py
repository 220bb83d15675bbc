"""Typer's and Click's own texts (usage errors, --help) reach a person in de and fr."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main
from babel.messages.pofile import read_po
from typer._click import core as click_core
from typer.core import TyperGroup

import spieltisch.cli
from spieltisch.cli.app import app
from spieltisch.cli.messages import _
from spieltisch.cli.usage_texts import language_from_argv, reword, run, type_name
from spieltisch.core.i18n import language

ENGLISH = re.compile(
    r"(?<![-\w])(Usage|Options|Arguments|Commands|COMMAND|ARGS|OPTIONS|Show this message|Error|"
    r"Try|for help|Missing|No such|Invalid value|default|required|Input should|Got "
    r"unexpected|requires|Possible|the|of|and|to|Number|Seconds|Write|Show)\b"
)
SAME_IN_FRENCH = {"Options", "OPTIONS", "Arguments"}


def _commands(
    command: click_core.Command, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click_core.Command]]:
    """Every command of the tree through Click's own interface (`list_commands`,
    `get_command`), which imports the commands that are imported when they run."""
    yield path, command
    if isinstance(command, TyperGroup):
        context = click_core.Context(command)
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            assert sub is not None, name
            yield from _commands(sub, (*path, name))


COMMANDS = list(_commands(typer.main.get_command(app)))


def _english_words(text: str, code: str) -> set[str]:
    found = set(ENGLISH.findall(text))
    return found - SAME_IN_FRENCH if code == "fr" else found


def _run(args: list[str], code: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with language(code):
        exit_code = run(app, args)
    captured = capsys.readouterr()
    return exit_code, captured.out + captured.err


@pytest.fixture(autouse=True)
def _wide_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide enough that Rich wraps no option name or sentence across lines."""
    monkeypatch.setenv("COLUMNS", "200")


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("path", [p for p, _c in COMMANDS], ids=lambda p: " ".join(p) or "-")
def test_help_has_no_english(
    path: tuple[str, ...], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exit_code, shown = _run([*path, "--help"], code, capsys)
    assert exit_code == 0
    assert not _english_words(shown, code), shown


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("path", [p for p, _c in COMMANDS], ids=lambda p: " ".join(p) or "-")
def test_unknown_option_has_no_english(
    path: tuple[str, ...], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exit_code, shown = _run([*path, "--no-such-option"], code, capsys)
    assert exit_code == 2
    assert "--no-such-option" in shown
    assert not _english_words(shown, code), shown


MISTAKES = [
    ["simulate", "madn", "--seed", "abc"],
    ["simulate", "madn", "-n", "0"],
    ["simulate", "madn", "1", "2"],
    ["simulate", "madn", "--out"],
    ["simulate"],
    ["nosuch"],
    ["tournament", "nosuch"],
    ["serve", "--port", "99999"],
    ["serve", "--ai-pace", "x"],
    ["play", "madn", "--delay", "soon"],
    ["replay", "x.json", "--game", "0"],
    ["db", "upgrade", "extra"],
]


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("args", MISTAKES, ids=" ".join)
def test_usage_errors_have_no_english(
    args: list[str], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exit_code, shown = _run(args, code, capsys)
    assert exit_code == 2
    assert not _english_words(shown, code), shown


NEEDING_AN_ARGUMENT = [p for p, c in COMMANDS if any(param.required for param in c.params)]


@pytest.mark.parametrize("path", NEEDING_AN_ARGUMENT, ids=" ".join)
def test_missing_argument_is_named(
    path: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """Commands with a required argument, run without one, say which one is missing."""
    assert len(NEEDING_AN_ARGUMENT) >= 5
    exit_code, shown = _run(list(path), "de", capsys)
    assert exit_code == 2
    assert "Es fehlt" in shown
    assert not _english_words(shown, "de"), shown


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_help_text_is_in_the_catalog(code: str) -> None:
    """Each command's and option's help, docstrings included, has a translation."""
    po = Path(spieltisch.cli.__file__).parent / "locale" / f"{code}.po"
    with po.open("rb") as handle:
        translated = {str(m.id) for m in read_po(handle) if m.id and m.string and not m.fuzzy}
    texts: set[str] = set()
    for _path, command in COMMANDS:
        texts.update(t for t in (command.help, command.short_help) if t)
        texts.update(str(p.help) for p in command.params if getattr(p, "help", None))  # type: ignore[attr-defined]
    missing = sorted(texts - translated)
    assert not missing, f"cli/locale/{code}.po lacks help texts: {missing}"


def test_english_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    exit_code, shown = _run(["simulate", "madn", "--seed", "abc"], "en", capsys)
    assert exit_code == 2
    assert "Usage:" in shown and "a whole number is needed" in shown


def test_reword_translates_the_reason_inside() -> None:
    with language("de"):
        assert reword("Invalid value for '--seed': Input should be a valid integer") == (
            "Ungültiger Wert für '--seed': eine ganze Zahl ist nötig"
        )
        assert reword("Invalid value for '--seed': a reason nobody shaped") == (
            "Ungültiger Wert für '--seed': a reason nobody shaped"
        )
        assert _("Usage: ") == "Aufruf: "


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "madn", "--lang", "fr"], "fr"),
        (["play", "madn", "--lang=de"], "de"),
        (["play", "madn", "--lang", "xx"], "en"),
        (["play", "madn"], "en"),
    ],
)
def test_language_from_argv(
    args: list[str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert language_from_argv(args) == expected


ENGLISH_TYPE = re.compile(r"<(?:int|float|str|bool|path|file|directory|list|datetime)\b")


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("path", [p for p, _c in COMMANDS], ids=lambda p: " ".join(p) or "-")
def test_type_names_in_help_are_translated(
    path: tuple[str, ...], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exit_code, shown = _run([*path, "--help"], code, capsys)
    assert exit_code == 0
    assert not ENGLISH_TYPE.findall(shown), shown
    assert {"de": "<ja/nein>", "fr": "<oui/non>"}[code] not in shown  # a flag shows no type


def test_type_names_word_by_word() -> None:
    with language("de"):
        assert type_name("<int range>") == "<Zahl im Bereich>"
        assert type_name("<list[str]>") == "<Liste[Text]>"
        assert type_name("<a|b>") == "<a|b>"  # choices are values, not words
    with language("fr"):
        assert type_name("<path>") == "<chemin>"
    assert type_name("<int range>") == "<int range>"


@pytest.mark.parametrize(
    ("code", "start"),
    [
        ("de", "Die Befehlszeile ist so nicht verwendbar: "),
        ("fr", "La ligne de commande ne peut pas être utilisée telle quelle\u202f: "),
    ],
)
def test_an_unknown_usage_sentence_is_said_in_the_language_and_quoted(
    code: str, start: str
) -> None:
    """A sentence of a shape no rule knows (a newer Click's) still reaches the person in
    their language, and still names what was wrong (the sentence itself, quoted)."""
    odd = "Option '--workers' clashes with '--cluster' somehow."
    with language(code):
        said = reword(odd)
    assert said == start + odd
    assert reword(odd) == odd  # English needs no wrapping
