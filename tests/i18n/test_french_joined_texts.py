"""Texts joined in code (`label: value`, `Erreur : …`) follow French typography too.

The catalogs are checked entry by entry (test_french_typography); these tests read what
a person sees, where code puts translated parts together: the plain mode and the app
in French, the error prefix, and the browser pages' own joins.
"""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.widgets import Label

import spieltisch
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import QuitScreen
from spieltisch.core.i18n import NARROW_NO_BREAK_SPACE, labelled, language
from tests.i18n.test_french_typography import _mistakes
from tests.play.conftest import BUDGET
from tests.play.test_newcomer import screen_lines
from tests.play.test_plain import play
from tests.play.test_tui import pick, ready, text_of, until

WEB = Path(spieltisch.__file__).parent / "web" / "static"
GLUED = re.compile(r"(?<=[^\W\d])[:;!?](?=\s)")
"""A colon (or ; ! ?) straight after a word and before a space: `Pli: d4`."""
CUT = re.compile(r"^\s*[:;!?](\s|$)")
"""A line that starts with the colon: it was wrapped at the no-break space before it."""


def _french_mistakes(text: str) -> list[str]:
    found = []
    for line in text.splitlines():
        found += _mistakes(line)
        found += [f"no space before the punctuation: {line!r}" for _m in GLUED.finditer(line)]
        found += [f"wrapped before the punctuation: {line!r}" for _m in CUT.finditer(line)]
    return found


def test_the_helper_follows_the_language() -> None:
    assert labelled("Trick", "d4") == "Trick: d4"
    with language("fr"):
        assert labelled("Pli", "d4") == f"Pli{NARROW_NO_BREAK_SPACE}: d4"
        assert not _french_mistakes(labelled("Pli", "d4"))
    with language("de"):
        assert labelled("Stich") == "Stich: "
    assert _french_mistakes("Pli: d4") and _french_mistakes("Erreur: x")


def test_lines_never_wrap_at_the_narrow_space() -> None:
    """Rich (the plain mode, tables) and Textual (the app) wrap "Joueur 3 (moyen) : jouer"
    at 17 columns after "Joueur 3", where the colon would otherwise start a line."""
    with language("fr"):
        said = labelled("Joueur 3 (moyen)", "jouer vert 5")
    console = Console(width=17, file=io.StringIO(), record=True)
    console.print(Text(said))
    printed = console.export_text().splitlines()
    wrapped = [str(line) for line in Content(said).wrap(17)]
    for lines in (printed, wrapped):
        assert [line.rstrip() for line in lines] == [
            "Joueur 3",
            f"(moyen){NARROW_NO_BREAK_SPACE}: jouer",
            "vert 5",
        ]
        assert not _french_mistakes("\n".join(lines))
    assert _french_mistakes(f"Joueur 3 (moyen){NARROW_NO_BREAK_SPACE}\n: jouer")


@pytest.mark.parametrize(
    ("game", "seats", "script"),
    [
        ("mabula", "human,random", ["aide", "zz", "#99", "#1", "plateau", *["#1"] * 40, "q"]),
        ("david_goliath", "human,random,random", ["aide", "zz", *["#1"] * 60, "q"]),
        ("madn", "human,random", ["aide", "zz", *["#1"] * 60, "q"]),
        ("mahe", "human,random,random", ["aide", "zz", *["#1"] * 60, "q"]),
    ],
)
def test_the_plain_mode_in_french(game: str, seats: str, script: list[str]) -> None:
    result = play(game, "--seats", seats, "--seed", "3", "--lang", "fr", script="\n".join(script))
    assert result.returncode == 0, result.stderr + result.stdout
    out = result.stdout
    assert "Coup interdit" in out  # the refusal of zz was read, in French
    found = _french_mistakes(out)
    assert not found, "\n".join(found[:20])


def test_an_error_in_french(tmp_path: Path) -> None:
    result = play("--resume", str(tmp_path / "absent.json"), "--lang", "fr", script="")
    assert result.returncode == 2
    said = result.stdout + result.stderr
    assert f"Erreur{NARROW_NO_BREAK_SPACE}:" in said, said
    assert not _french_mistakes(said), said


def _cut_labels(screen: str) -> list[str]:
    """Rows whose board pane (the left box) ends with a label's colon: its value was
    wrapped onto the next row (`cartes dans la pile :` / `20`)."""
    return [
        row
        for row in screen.splitlines()
        if row.startswith("│") and row.split("│")[1].rstrip().endswith(":")
    ]


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=["100x30", "80x24"])
@pytest.mark.parametrize(("game", "players"), [("david_goliath", 4), ("mabula", 2), ("mahe", 4)])
def test_the_app_in_french(game: str, players: int, size: tuple[int, int]) -> None:
    loaded = spieltisch.load(game, players=players)
    session = Session(loaded, [HUMAN, *["random"] * (players - 1)], seed=2, budget=BUDGET)
    screens: list[str] = []

    async def scenario() -> None:
        app = PlayApp(session, language="fr", delay=0)
        async with app.run_test(size=size) as pilot:
            for _turn in range(4):
                await until(pilot, ready(app))
                screens.append("\n".join(screen_lines(app)))
                if not app.waiting_for_human:
                    break
                await pick(pilot, app)  # counts the moves before Enter, then waits for one more
            await pilot.press("f10")  # the question screen: "Échap : …", "E : enregistrer"
            await until(pilot, lambda: isinstance(app.screen, QuitScreen))
            # its own texts (a screenshot would cut the board's lines where the dialog lies)
            screens.append("\n".join(text_of(label) for label in app.screen.query(Label)))

    asyncio.run(scenario())
    # the screenshot's box lines and scroll bars are no text: keep what is between them
    shown = "\n".join(re.sub(r"[│╭╮╰╯─▇▁▔▎▊▏]+", "  ", screen) for screen in screens)
    found = _french_mistakes(shown) + [row for screen in screens for row in _cut_labels(screen)]
    assert not found, "\n".join(found[:20])


def test_the_pages_join_labels_through_the_helper() -> None:
    """No page script writes `${label}: ` or `": "` itself: `labelled` sets the space."""
    joins = re.compile(r"""\}: |(?<![\w-])["'`]: ["'`]|\.join\(["']; ["']\)""")
    found = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in sorted(WEB.rglob("*.js"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if joins.search(line) and path.name != "i18n.js"  # where the helper itself joins
    ]
    assert not found, "\n".join(found)
