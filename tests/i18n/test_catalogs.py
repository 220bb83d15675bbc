"""Every text shown to people has a German and a French translation (English is the
source language: its entry is the text itself), and every text that counts something
has plural forms in all three languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

import spieltisch
from spieltisch.core.i18n import Catalog, language

PACKAGE = Path(spieltisch.__file__).parent
CATALOG_FOLDERS = sorted(path.parent for path in PACKAGE.rglob("locale") if path.is_dir())
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "N_": None, "_n": (1, 2), "Nn_": (1, 2)}
COUNTED = re.compile(
    r"\{(count|games|points|eggs|moves|rounds|players|cards|marbles|total|n)\}"
    r" (?!s\b|min\b|of\b|von\b|sur\b|and\b|is\b|needs\b|in\b|·)[^\W\d]",
)
"""A number followed by the noun it counts ("{count} points"): such a text needs plural
forms ("1 point"). Units (s, min), "{n} of {total}" and a verb ("{n} needs") do not agree
with the number."""


def _messages(folder: Path) -> tuple[set[str], set[tuple[str, str]]]:
    """Every `_()`/`N_()` text and every `_n()`/`Nn_()` pair in the folder, not counting
    subfolders with catalogs of their own."""
    owned = [f for f in CATALOG_FOLDERS if f != folder and f.is_relative_to(folder)]
    ids: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for source in folder.rglob("*.py"):
        if any(source.is_relative_to(other) for other in owned):
            continue
        for _lineno, message, _comments, _context in extract_from_file(
            "python", str(source), keywords=KEYWORDS
        ):
            if isinstance(message, str):
                ids.add(message)
            elif isinstance(message, tuple) and len(message) == 2 and all(message):
                plurals.add((str(message[0]), str(message[1])))
    return ids, plurals


def _message_ids(folder: Path) -> set[str]:
    return _messages(folder)[0]


def test_catalogs_exist_for_cli_and_every_game() -> None:
    names = {folder.name for folder in CATALOG_FOLDERS}
    assert "cli" in names
    assert {info.name for info in spieltisch.games()} <= names


@pytest.mark.parametrize("folder", CATALOG_FOLDERS, ids=lambda f: f.name)
@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_message_is_translated(folder: Path, code: str) -> None:
    ids = _message_ids(folder)
    assert ids, f"no messages found in {folder}"
    with (folder / "locale" / f"{code}.po").open("rb") as handle:
        catalog = read_po(handle)
    translated = {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}
    missing = sorted(ids - translated.keys())
    assert not missing, f"{folder.name}/{code}.po lacks: {missing}"
    for message in ids:
        expected = sorted(PLACEHOLDER.findall(message))
        assert sorted(PLACEHOLDER.findall(translated[message])) == expected, message


@pytest.mark.parametrize("folder", CATALOG_FOLDERS, ids=lambda f: f.name)
@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_plural_text_has_every_form(folder: Path, code: str) -> None:
    _ids, plurals = _messages(folder)
    with (folder / "locale" / f"{code}.po").open("rb") as handle:
        catalog = read_po(handle)
    forms = {
        str(m.id[0]): (str(m.id[1]), [str(f) for f in m.string])
        for m in catalog
        if isinstance(m.id, tuple) and m.string and not m.fuzzy
    }
    for singular, plural in plurals:
        assert singular in forms, f"{folder.name}/{code}.po lacks the plural entry {singular!r}"
        english_plural, translated = forms[singular]
        assert english_plural == plural, singular
        assert len(translated) == catalog.num_plurals, singular
        expected = sorted(set(PLACEHOLDER.findall(singular) + PLACEHOLDER.findall(plural)))
        for form in translated:
            assert form, f"{folder.name}/{code}.po: an empty form of {singular!r}"
            assert sorted(set(PLACEHOLDER.findall(form))) == expected, form


@pytest.mark.parametrize("folder", CATALOG_FOLDERS, ids=lambda f: f.name)
def test_a_text_that_counts_has_plural_forms(folder: Path) -> None:
    ids, plurals = _messages(folder)
    counting = sorted(message for message in ids if COUNTED.search(message))
    assert not counting, f"{folder.name}: use _n/Nn_ (one form per number) for {counting}"
    for singular, plural in plurals:
        assert singular != plural, f"{singular!r}: the English plural is the same text"


def test_plural_forms_follow_the_number() -> None:
    catalog = Catalog(PACKAGE / "web" / "texts.py")
    expected = {
        ("de", 1): "1 Punkt",
        ("de", 2): "2 Punkte",
        ("de", 0): "0 Punkte",
        ("fr", 0): "0 point",
        ("fr", 1): "1 point",
        ("fr", 2): "2 points",
        ("en", 1): "1 point",
        ("en", 0): "0 points",
    }
    for (code, n), text in expected.items():
        with language(code):
            assert catalog.ngettext("{count} point", "{count} points", n).format(count=n) == text


def test_catalog_follows_the_current_language() -> None:
    catalog = Catalog(PACKAGE / "cli" / "app.py")
    with language("de"):
        assert catalog.gettext("win rate") == "Siegquote"
    with language("fr"):
        assert catalog.gettext("win rate") == "taux de victoire"
    assert catalog.gettext("win rate") == "win rate"
    with language("de"):
        assert catalog.gettext("a text nobody translated") == "a text nobody translated"
