"""Every text shown to people has a German and a French translation."""

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


def _message_ids(folder: Path) -> set[str]:
    """Every `_()` string in the folder, not counting subfolders with catalogs of their own."""
    owned = [f for f in CATALOG_FOLDERS if f != folder and f.is_relative_to(folder)]
    ids: set[str] = set()
    for source in folder.rglob("*.py"):
        if any(source.is_relative_to(other) for other in owned):
            continue
        for _lineno, message, _comments, _context in extract_from_file(
            "python", str(source), keywords={"_": None, "N_": None}
        ):
            if isinstance(message, str):
                ids.add(message)
    return ids


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


def test_catalog_follows_the_current_language() -> None:
    catalog = Catalog(PACKAGE / "cli" / "app.py")
    with language("de"):
        assert catalog.gettext("win rate") == "Siegquote"
    with language("fr"):
        assert catalog.gettext("win rate") == "taux de victoire"
    assert catalog.gettext("win rate") == "win rate"
    with language("de"):
        assert catalog.gettext("a text nobody translated") == "a text nobody translated"
