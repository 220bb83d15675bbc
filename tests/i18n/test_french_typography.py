"""French texts set a narrow no-break space (U+202F) before : ; ! ? and inside « », and
write the typographic apostrophe (’), never the straight one (')."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

import spieltisch
from spieltisch.cli.boards import render_board
from spieltisch.core.i18n import language

PACKAGE = Path(spieltisch.__file__).parent
FRENCH_CATALOGS = sorted(PACKAGE.rglob("locale/fr.po"))
FRENCH_RULES = sorted(PACKAGE.rglob("rules/fr.md"))
FRENCH_PAGES = sorted((PACKAGE.parents[1] / "docs").rglob("*.fr.md"))
NNBSP = "\u202f"
WRONG = [
    (re.compile(r"[ \u00a0][:;!?»]"), "an ordinary space before : ; ! ? or »"),
    (re.compile(r"(?<=\w)[;!?](?=\s|$)"), "no space before ; ! ?"),
    (re.compile(r"«[ \u00a0]"), "an ordinary space after «"),
    (re.compile(r"\)[:](?=\s)"), "no space between ) and :"),
    (re.compile(r"\b[oO]e(?=uf|il|uvre)"), "oe where French writes œ (œufs, œil, œuvre)"),
]


CODE = re.compile(r"`[^`]*`|<[^<>]*>|\{[^{}]*\}|\]\([^)]*\)|https?://\S+")
"""What a person does not read as French: code, HTML tags and their attributes, format
placeholders ({name}, {token!r}), a link's target, an address."""


def _mistakes(text: str) -> list[str]:
    return [f"{what}: {text!r}" for pattern, what in WRONG if pattern.search(text)]


def _written_mistakes(text: str) -> list[str]:
    """`_mistakes` and a straight apostrophe, in a text as written (a catalog's, a page's):
    in a finished output a quoted path or value ('/tmp/x', a repr) may stand for itself."""
    found = _mistakes(text)
    if "'" in CODE.sub("", text):
        found.append(f"a straight apostrophe or quote where French writes ’ or « »: {text!r}")
    return found


def test_the_rules_catch_what_they_should() -> None:
    assert _mistakes("Quitter cette partie ?")
    assert _mistakes("pas permis ; les coups")
    assert _mistakes("Au revoir!")
    assert _mistakes("« d3 »")
    assert _mistakes("J1 (R=rouge): cartes")
    assert _mistakes("la plage aux 7 oeufs") and _mistakes("cartes d'oeufs")
    assert not _mistakes("la plage aux 7 œufs") and not _mistakes("Joe uf")
    assert not _mistakes(f"Quitter cette partie{NNBSP}?")
    assert not _mistakes("tcp://HOST:8786 ou local:N, 3,2,1,0")
    assert _written_mistakes("le champ n'est pas valide")
    assert _written_mistakes("le niveau 'facile'")
    assert not _written_mistakes("le champ n’est pas valide")
    assert not _written_mistakes("`lot:2,0` ou `'x'`, {token!r}, <a href='/x'>l’aide</a>")


@pytest.mark.parametrize("path", FRENCH_CATALOGS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_french_catalogs(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    texts = [
        text
        for message in catalog
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else [message.string])
    ]
    found = [m for text in texts for m in _written_mistakes(str(text))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", FRENCH_RULES, ids=lambda p: p.parent.parent.name)
def test_french_rules_summaries(path: Path) -> None:
    found = [m for line in path.read_text().splitlines() for m in _written_mistakes(line)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", FRENCH_PAGES, ids=lambda p: p.name)
def test_french_pages_write_the_typographic_apostrophe(path: Path) -> None:
    """The French documentation pages, outside their code blocks and HTML comments."""
    text = re.sub(r"^```.*?^```", "", path.read_text(), flags=re.MULTILINE | re.DOTALL)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    found = [line for line in text.splitlines() if "'" in CODE.sub("", line)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", [info.name for info in spieltisch.games()])
def test_french_text_boards(name: str) -> None:
    """A board in the middle of a game, as the terminal shows it, in French."""
    game = spieltisch.load(name)
    state = game.new_state()
    chooser = random.Random(3)
    for _step in range(12):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.sample_chance(chooser)
        else:
            state.apply(chooser.choice(state.legal_moves()))
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    with language("fr"):
        console.print(render_board(state, 0))
    drawn = console.export_text()
    assert drawn.strip()
    found = [m for line in drawn.splitlines() for m in _mistakes(line)]
    assert not found, "\n".join(found)
