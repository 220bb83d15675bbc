"""The glossary (src/spieltisch/core/glossary.toml) is kept: one term per thing per
language in every catalog and rules summary of its scope."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import spieltisch

PACKAGE = Path(spieltisch.__file__).parent
GLOSSARY = PACKAGE / "core" / "glossary.toml"
TERMS: list[dict[str, Any]] = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}|--\w+|`[^`]*`")
"""Placeholders, option names and commands: `{seat}`, `--seats`, a quoted `tournament seat`
are not the word itself."""
FOLDERS = sorted(path.parent for path in PACKAGE.rglob("locale") if path.is_dir())


def _pairs(folder: Path, code: str) -> list[tuple[str, str]]:
    """(English, translation) of every catalog entry, every plural form included."""
    with (folder / "locale" / f"{code}.po").open("rb") as handle:
        catalog = read_po(handle)
    pairs = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            forms = list(message.string)
            pairs += [(str(message.id[min(i, 1)]), str(form)) for i, form in enumerate(forms)]
        else:
            pairs.append((str(message.id), str(message.string)))
    return pairs


def _in_scope(term: dict[str, Any], folder: Path) -> bool:
    return "all" in term["scope"] or folder.name in term["scope"]


TERMS_BY_LANGUAGE = [
    pytest.param(term, code, id=f"{term['thing'][:40]}-{code}")
    for term in TERMS
    for code in ("de", "fr")
    if code in term
]
"""Each thing with the languages it has a word in (some have none in one of them)."""


@pytest.mark.parametrize(("term", "code"), TERMS_BY_LANGUAGE)
def test_the_catalogs_keep_to_the_glossary(term: dict[str, Any], code: str) -> None:
    english = re.compile(term["en"], re.IGNORECASE)
    wanted = re.compile(term[code], re.IGNORECASE)
    never = [re.compile(word) for word in term.get(f"{code}_never", [])]
    both = re.compile(term.get("never_unless", r"(?!)"), re.IGNORECASE)
    wrong = []
    for folder in FOLDERS:
        if not _in_scope(term, folder):
            continue
        for source, translated in _pairs(folder, code):
            if not english.search(PLACEHOLDER.sub("", source)):
                continue
            if not wanted.search(translated):
                wrong.append(f"{folder.name}: {source!r} -> {translated!r} lacks {term[code]}")
            wrong += [
                f"{folder.name}: {translated!r} uses {bad.pattern}"
                for bad in never
                if bad.search(translated) and not both.search(PLACEHOLDER.sub("", source))
            ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term["thing"][:40])
def test_the_rules_summaries_keep_to_the_glossary(term: dict[str, Any]) -> None:
    wrong = []
    for summary in sorted(PACKAGE.glob("games/*/rules/*.md")):
        game, code = summary.parent.parent.name, summary.stem
        in_scope = "all" in term["scope"] or game in term["scope"]
        if code == "en" or not in_scope or not term.get("summaries", True):
            continue
        text = summary.read_text(encoding="utf-8")
        wrong += [
            f"{game}/{code}.md uses {bad}"
            for bad in term.get(f"{code}_never", [])
            if re.search(bad, text)
        ]
    assert not wrong, "\n".join(wrong)


PIECES = {
    "mahe": ("red", "yellow", "blue", "green", "orange", "purple", "white"),
    "david_goliath": ("r", "y", "g", "b", "p"),
    "mabula": ("w", "b"),
}


def _colour_words(game: str) -> dict[str, str]:
    """Each piece's colour in the current language, as the game's catalog says it."""
    if game == "mahe":
        from spieltisch.games.mahe.messages import colour_name

        return {colour: colour_name(colour) for colour in PIECES[game]}
    if game == "mabula":
        from spieltisch.games.mabula.geometry import colour_name as marble_name

        return {letter: marble_name(letter) for letter in PIECES[game]}
    from spieltisch.games.david_goliath.messages import _ as dg
    from spieltisch.games.david_goliath.rules import COLOUR_NAMES

    return {letter: dg(COLOUR_NAMES[letter]) for letter in PIECES[game]}


def _abbreviates(mark: str, word: str) -> bool:
    """`mark` starts as `word` does and takes the rest of its letters in order (Ws: Weiß)."""
    rest = iter(word.casefold()[1:])
    folded = mark.casefold()
    return word.casefold().startswith(folded[0]) and all(c in rest for c in folded[1:])


@pytest.mark.parametrize("game", sorted(PIECES))
def test_piece_letters_tell_every_piece_apart_in_every_language(game: str) -> None:
    """The glossary's `[letters]`: every piece has letters in de, en and fr, no two pieces
    share them, and they abbreviate the colour's word in that language (G for green, Gr
    for Grün, Ws for Weiß) so that a reader sees which colour it is."""
    from spieltisch.core.glossary import piece_letters
    from spieltisch.core.i18n import language

    for code in ("de", "en", "fr"):
        letters = piece_letters(game, code)
        assert sorted(letters) == sorted(PIECES[game]), code
        assert len(set(letters.values())) == len(letters), (code, letters)
        with language(code):
            words = _colour_words(game)
        for piece, mark in letters.items():
            assert _abbreviates(mark, words[piece]), (code, mark, words[piece])
