"""Each game's rulings quote the rule book's words they interpret (issue 44).

A rules summary (`spieltisch/games/GAME/rules/LANG.md`, de/en/fr) lists this project's
rulings under its `{#rulings}` heading, one bullet each. Every bullet quotes the words of
the book it reads, in the book's own language ("kleiner als 7", « égal ou inférieur à
7 »), so a reader can compare the ruling with the book. Where the rule books are at hand
(SPIELTISCH_RULE_BOOKS, else the developers' copy beside the repository), each quotation
is looked up in them; everywhere else, in the books' fingerprints
(`rule_book_fingerprints.py`), which hold no text of the books.
"""

from __future__ import annotations

import os
import re
from importlib.resources import files
from pathlib import Path

import pytest

from tests.games import rule_book_fingerprints as fingerprints

ROOT = Path(__file__).resolve().parents[2]
BOOKS = {
    "mahe": ("000_a39cfe5dd2a7c925.txt", "003_69adca2f56723a38.txt"),  # German, French
    "madn": ("001_038bbc386a25dd49.txt",),  # the tournament rules
    "david_goliath": ("002_ca249b1d67253093.txt",),
    "mabula": ("004_3e1ff01df70440d1.txt",),
}
"""The rule books each game implements, as the developers' seed files name them."""
QUOTE = re.compile(r"„([^“]+)“|«\s*([^»]+?)\s*»|\"([^\"]+)\"|“([^”]+)”")
LANGUAGES = ("de", "en", "fr")


def _books_folder() -> Path | None:
    configured = os.environ.get("SPIELTISCH_RULE_BOOKS")
    candidates = [Path(configured)] if configured else []
    candidates += [ROOT.parent.parent / "shared" / "seeds", ROOT.parent / "shared" / "seeds"]
    return next((path for path in candidates if (path / BOOKS["madn"][0]).is_file()), None)


def _plain(text: str) -> str:
    """Compared without case, quotation marks, ligatures and line breaks."""
    text = text.lower().replace("œ", "oe").replace("’", "'")
    text = re.sub(r"[„“”\"«»*]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def rulings(game: str, code: str) -> list[str]:
    """The bullets of the summary's rulings section, each joined into one line."""
    summary = files(f"spieltisch.games.{game}").joinpath("rules", f"{code}.md").read_text()
    found = re.search(r"^## [^\n]*\{#rulings\}\n(.*?)(?=^## |\Z)", summary, re.M | re.S)
    assert found, f"{game}/{code}.md has no rulings section"
    bullets = re.split(r"^- ", found.group(1), flags=re.M)[1:]
    return [
        " ".join(line.strip() for line in bullet.split("\n\n")[0].splitlines())
        for bullet in bullets
    ]


def quotations(ruling: str) -> list[str]:
    """What a ruling quotes, cut where it leaves words out (`...`)."""
    quoted = ["".join(groups) for groups in QUOTE.findall(ruling)]
    return [part.strip() for text in quoted for part in re.split(r"\.\.\.|…", text) if part.strip()]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", list(BOOKS))
def test_every_ruling_quotes_words(game: str, code: str) -> None:
    listed = rulings(game, code)
    assert len(listed) >= 3, listed
    unquoted = [ruling[:80] for ruling in listed if not quotations(ruling)]
    assert not unquoted, unquoted


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", list(BOOKS))
def test_each_ruling_quotes_the_book_it_reads(game: str, code: str) -> None:
    books = fingerprints.stored()[game]
    missing = [
        ruling[:80]
        for ruling in rulings(game, code)
        if not any(fingerprints.quoted_in(quoted, books) for quoted in quotations(ruling))
    ]
    assert not missing, missing


def test_a_made_up_quotation_is_found_out() -> None:
    books = fingerprints.stored()["madn"]
    real = quotations(rulings("madn", "de")[0])[0]
    assert fingerprints.quoted_in(real, books)
    words = fingerprints.plain_words(real)
    assert not fingerprints.quoted_in(" ".join(reversed(words)) + " Würfelbecher", books)
    assert not fingerprints.quoted_in("der Würfel entscheidet niemals", books)


def test_the_fingerprints_are_the_books_where_they_are_at_hand() -> None:
    """Where the books are (the developers' machines), the stored fingerprints are theirs
    and each quotation is also found word for word; a clean clone checks the fingerprints'
    own consistency instead."""
    folder = _books_folder()
    stored = fingerprints.stored()
    assert set(stored) == set(BOOKS) and all(len(found) > 500 for found in stored.values())
    if folder is None:
        return
    assert fingerprints.of_books(folder, BOOKS) == stored, (
        "a rule book changed: uv run python -m tests.games.rule_book_fingerprints " + str(folder)
    )
    for game, names in BOOKS.items():
        books = " ".join(_plain((folder / name).read_text(encoding="utf-8")) for name in names)
        for code in LANGUAGES:
            missing = [
                ruling[:80]
                for ruling in rulings(game, code)
                if not any(_plain(quoted) in books for quoted in quotations(ruling))
            ]
            assert not missing, (game, code, missing)
